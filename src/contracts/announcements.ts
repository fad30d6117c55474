import { z } from 'zod';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TYPES,
  AUDIENCES,
  ANNOUNCEMENT_MESSAGES as M,
} from '../domain/announcements';
import { PageQuerySchema, tiledPageSchema } from './common';
import { choiceFilter, choiceOr, optionalDateField, requiredTextField, searchField } from './fields';

/*
 * Announcements (docs/product.md §2, §3, §4): written by program officers and above, shown to their
 * audience while active and not expired, read in full with Read More (which counts the reader).
 */

export const AnnouncementInputSchema = z
  .object({
    title: requiredTextField('Title', M.titleRequired, 200),
    content: requiredTextField('Content', M.contentRequired, 10_000),
    type: choiceOr('Type', ANNOUNCEMENT_TYPES, 'general'),
    priority: choiceOr('Priority', ANNOUNCEMENT_PRIORITIES, 'medium'),
    target_audience: choiceOr('Audience', AUDIENCES, 'all'),
    expiry_date: optionalDateField('Expiry date'),
    is_active: z.boolean({ message: 'Active must be true or false' }).default(true),
  })
  .meta({ id: 'AnnouncementInput' });
export type AnnouncementInput = z.output<typeof AnnouncementInputSchema>;
export type AnnouncementFormInput = z.input<typeof AnnouncementInputSchema>;

export const AnnouncementAttachmentSchema = z
  .object({ id: z.string(), name: z.string(), mime_type: z.string(), size: z.number().int() })
  .meta({ id: 'AnnouncementAttachment' });
export type AnnouncementAttachment = z.infer<typeof AnnouncementAttachmentSchema>;

export const AnnouncementSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    type: z.enum(ANNOUNCEMENT_TYPES),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES),
    target_audience: z.enum(AUDIENCES),
    author_id: z.string().nullable(),
    author_name: z.string(),
    created_date: z.string(),
    expiry_date: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    // Last: the list adds these to what the announcement's row keeps.
    attachments: z.array(AnnouncementAttachmentSchema),
    read_count: z.number().int(),
    /** Whether the caller has read it (Read More). */
    read_by_me: z.boolean(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementListQuerySchema = PageQuerySchema.extend({
  q: searchField().meta({ description: 'Matches the title, content and author, ignoring case' }),
  type: choiceFilter('Type', ANNOUNCEMENT_TYPES),
  priority: choiceFilter('Priority', ANNOUNCEMENT_PRIORITIES),
});
export type AnnouncementListQuery = z.output<typeof AnnouncementListQuerySchema>;

/** The count cards: active announcements the caller sees, by type. */
const ANNOUNCEMENT_TILES = ['general', 'urgent', 'academic', 'financial'] as const;
export const AnnouncementListResponseSchema = tiledPageSchema(AnnouncementSchema, ANNOUNCEMENT_TILES).meta({
  id: 'AnnouncementList',
});
export type AnnouncementListResponse = z.infer<typeof AnnouncementListResponseSchema>;

export const AnnouncementReadSchema = z
  .object({ read_count: z.number().int() })
  .meta({ id: 'AnnouncementRead' });
