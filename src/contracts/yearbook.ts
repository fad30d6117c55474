import { z } from 'zod';
import {
  ENTRY_STATUSES,
  YEARBOOK_LIMITS as L,
  YEARBOOK_MESSAGES as M,
  YEARBOOK_STATUSES,
} from '../domain/yearbook';
import { PageQuerySchema, pagedResponseSchema } from './common';
import { blankAsMissing, optionalTextField, requiredTextField, webAddressField } from './fields';

/*
 * Graduation Yearbook (docs/product.md §2, §3, §7): yearbooks, their entries and memory walls.
 * Bodies are the forms' fields; the server keeps ids, authors, approvers and dates.
 */

const photo = (label: string) => webAddressField(label, M.url);

export const YearbookInputSchema = z
  .object({
    /** Missing means this year in Lusaka (docs/product.md §9). */
    year: blankAsMissing(
      z.coerce
        .number({ message: M.year })
        .int({ message: M.year })
        .min(L.yearMin, M.year)
        .max(L.yearMax, M.year),
    ).optional(),
    title: requiredTextField('Title', M.titleRequired, L.title),
    theme: optionalTextField('Theme', L.theme),
    cover_image_url: photo('Cover image'),
    status: z
      .enum(YEARBOOK_STATUSES, { message: 'Status must be draft, published or archived' })
      .default('draft'),
  })
  .meta({ id: 'YearbookInput' });
export type YearbookInput = z.output<typeof YearbookInputSchema>;
export type YearbookFormInput = z.input<typeof YearbookInputSchema>;

export const YearbookSchema = z
  .object({
    id: z.string(),
    year: z.number().int(),
    title: z.string(),
    theme: z.string().nullable(),
    cover_image_url: z.string().nullable(),
    status: z.enum(YEARBOOK_STATUSES),
    created_by: z.string().nullable(),
    /** The Lusaka day it was first published (YYYY-MM-DD). */
    published_date: z.string().nullable(),
    /** Entries the viewer sees, by state (others see approved ones only). */
    entry_counts: z.object({
      total: z.number().int(),
      approved: z.number().int(),
      pending: z.number().int(),
      rejected: z.number().int(),
    }),
    memory_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Yearbook' });
export type Yearbook = z.infer<typeof YearbookSchema>;

export const YearbookListResponseSchema = pagedResponseSchema(YearbookSchema).meta({ id: 'YearbookList' });
export type YearbookListResponse = z.infer<typeof YearbookListResponseSchema>;

const quote = optionalTextField('Quote', L.quote);
const achievements = optionalTextField('Achievements', L.achievements);

/** Management adds an entry for a student; it is approved at once. */
export const EntryCreateSchema = z
  .object({
    student_id: z.uuid({ message: M.studentRequired }),
    quote,
    achievements,
    student_photo_url: photo('Photo'),
  })
  .meta({ id: 'YearbookEntryCreate' });
export type EntryCreate = z.output<typeof EntryCreateSchema>;

/** Management edits an entry's words and photo; its state stays. */
export const EntryUpdateSchema = EntryCreateSchema.omit({ student_id: true }).meta({
  id: 'YearbookEntryUpdate',
});
export type EntryUpdate = z.output<typeof EntryUpdateSchema>;

/** A student's own entry (Submit Entry): blank photo means the student record's photo. */
export const MyEntryInputSchema = EntryUpdateSchema.meta({ id: 'MyYearbookEntryInput' });
export type MyEntryInput = z.output<typeof MyEntryInputSchema>;
export type EntryFormInput = z.input<typeof MyEntryInputSchema>;

export const EntrySchema = z
  .object({
    id: z.string(),
    yearbook_id: z.string(),
    student_id: z.string(),
    student_name: z.string(),
    /** The photo the entry names; null means the student record's. */
    student_photo_url: z.string().nullable(),
    program: z.string().nullable(),
    quote: z.string().nullable(),
    achievements: z.string().nullable(),
    status: z.enum(ENTRY_STATUSES),
    approved_by: z.string().nullable(),
    approved_date: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /**
     * The photo to show: the entry's, else the student record's, else none (initials). Last: the
     * list adds it to what the entry's row keeps.
     */
    photo_url: z.string().nullable(),
    /**
     * Management's list only: the classes of the student's entries in other yearbooks, so a
     * reviewer sees a student who would be in two yearbooks.
     */
    other_classes: z.array(z.number().int()).optional(),
  })
  .meta({ id: 'YearbookEntry' });
export type Entry = z.infer<typeof EntrySchema>;

const search = z.string().trim().max(100, { message: 'Search must be at most 100 characters' }).optional();

export const EntryListQuerySchema = PageQuerySchema.extend({
  q: search.meta({ description: 'Matches the student name and program, ignoring case' }),
  program: z.string().trim().max(200).optional().meta({ description: 'Only entries of this program' }),
  pageSize: PageQuerySchema.shape.pageSize.unwrap().default(200),
});
export type EntryListQuery = z.output<typeof EntryListQuerySchema>;

export const EntryListResponseSchema = pagedResponseSchema(EntrySchema)
  .extend({
    /** The programs of the entries the viewer sees, for the program filter. */
    programs: z.array(z.string()),
  })
  .meta({ id: 'YearbookEntryList' });
export type EntryListResponse = z.infer<typeof EntryListResponseSchema>;

export const MyEntryResponseSchema = z
  .object({
    entry: EntrySchema.nullable(),
    /** The student record the signed-in user's email matches. */
    student: z.object({ id: z.string(), full_name: z.string(), program: z.string().nullable() }),
  })
  .meta({ id: 'MyYearbookEntry' });
export type MyEntryResponse = z.infer<typeof MyEntryResponseSchema>;

/** A yearbook as Submit Entry names it: the student may not see the rest of a draft. */
const MyYearbookSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  title: z.string(),
  status: z.enum(YEARBOOK_STATUSES),
});

/**
 * Submit Entry's page: the signed-in user's student record (null when no record's email is
 * theirs: the tab is not offered), their class, and the yearbooks their entry goes to or already is
 * in: their own class's first (when it exists), then any other holding an entry of theirs.
 */
export const MyEntriesResponseSchema = z
  .object({
    student: z
      .object({
        id: z.string(),
        full_name: z.string(),
        program: z.string().nullable(),
        /** The year of the record's expected end date; null when it has none. */
        class_year: z.number().int().nullable(),
      })
      .nullable(),
    yearbooks: z.array(
      z.object({
        yearbook: MyYearbookSchema,
        /** The yearbook of the student's own class, where a new entry goes. */
        own_class: z.boolean(),
        entry: EntrySchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'MyYearbookEntries' });
export type MyEntriesResponse = z.infer<typeof MyEntriesResponseSchema>;

export const MemoryInputSchema = z
  .object({
    message: requiredTextField('Message', M.messageRequired, L.memory),
    photo_url: photo('Photo'),
  })
  .meta({ id: 'MemoryInput' });
export type MemoryInput = z.output<typeof MemoryInputSchema>;
export type MemoryFormInput = z.input<typeof MemoryInputSchema>;

export const MemorySchema = z
  .object({
    id: z.string(),
    yearbook_id: z.string(),
    author_id: z.string().nullable(),
    author_name: z.string(),
    message: z.string(),
    photo_url: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'MemoryWallPost' });
export type Memory = z.infer<typeof MemorySchema>;

export const MemoryListQuerySchema = PageQuerySchema.extend({
  pageSize: PageQuerySchema.shape.pageSize.unwrap().default(50),
});
export const MemoryListResponseSchema = pagedResponseSchema(MemorySchema).meta({ id: 'MemoryWall' });
export type MemoryListResponse = z.infer<typeof MemoryListResponseSchema>;

export const YearbookListQuerySchema = PageQuerySchema.extend({
  pageSize: PageQuerySchema.shape.pageSize.unwrap().default(100),
});

export const GraduateSchema = z
  .object({
    id: z.string(),
    full_name: z.string(),
    current_program: z.string().nullable(),
    profile_photo_url: z.string().nullable(),
  })
  .meta({ id: 'Graduate' });
export type Graduate = z.infer<typeof GraduateSchema>;

export const GraduateListQuerySchema = PageQuerySchema.extend({
  q: search.meta({ description: 'Matches the name, ignoring case' }),
  pageSize: PageQuerySchema.shape.pageSize.unwrap().default(200),
});
export const GraduateListResponseSchema = pagedResponseSchema(GraduateSchema).meta({ id: 'GraduateList' });
export type GraduateListResponse = z.infer<typeof GraduateListResponseSchema>;
