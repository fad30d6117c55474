import { z } from 'zod';
import { STORY_LIMITS as L, STORY_MESSAGES as M, STORY_COLORS } from '../domain/impact-stories';
import { PageQuerySchema, pagedResponseSchema, tiledPageSchema } from './common';
import { blankAsNull, optionalTextField, requiredTextField, webAddressField } from './fields';

/*
 * Impact Stories (docs/product.md §2, §3, §7): stories and their categories. Create and edit bodies
 * are the form's fields; `featured` changes only through /feature, and the server keeps the
 * approver, the dates and the views.
 */

const url = (label: string) => webAddressField(label, M.url);

export const StoryInputSchema = z
  .object({
    /** The student record the story is about, if any: it fills the name, photo and program left blank. */
    student_id: blankAsNull(z.uuid({ message: M.studentNotFound }).nullish()),
    student_name: requiredTextField('Student name', M.studentNameRequired, L.studentName),
    student_photo_url: url('Student photo'),
    program: optionalTextField('Program', L.program),
    year: z.coerce
      .number({ message: M.year })
      .int({ message: M.year })
      .min(L.yearMin, { message: M.year })
      .max(L.yearMax, { message: M.year }),
    title: requiredTextField('Title', M.titleRequired, L.title),
    excerpt: requiredTextField('Excerpt', M.excerptRequired, L.excerpt),
    content: requiredTextField('Content', M.contentRequired, L.content),
    category_id: z.uuid({ message: M.categoryRequired }),
    image_url: url('Image'),
    video_url: url('Video'),
    /** Ticked: approved by the saver today; unticked: not approved (and so not featured). */
    approved: z.boolean({ message: 'Approved must be true or false' }).default(false),
  })
  .meta({ id: 'ImpactStoryInput' });
export type StoryInput = z.output<typeof StoryInputSchema>;
export type StoryFormInput = z.input<typeof StoryInputSchema>;

export const StoryCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.enum(STORY_COLORS),
    /** Stories in the category, for management (a used category cannot be removed). */
    story_count: z.number().int(),
  })
  .meta({ id: 'StoryCategory' });
export type StoryCategory = z.infer<typeof StoryCategorySchema>;

export const StoryCategoryInputSchema = z
  .object({
    name: requiredTextField('Category name', M.categoryNameRequired, L.categoryName),
    color: z.enum(STORY_COLORS, { message: M.categoryColor }).default('blue'),
  })
  .meta({ id: 'StoryCategoryInput' });
export type StoryCategoryInput = z.output<typeof StoryCategoryInputSchema>;

export const StoryCategoryListSchema = z
  .object({ items: z.array(StoryCategorySchema) })
  .meta({ id: 'StoryCategoryList' });

export const StorySchema = z
  .object({
    id: z.string(),
    student_id: z.string().nullable(),
    student_name: z.string(),
    student_photo_url: z.string().nullable(),
    program: z.string().nullable(),
    year: z.number().int(),
    title: z.string(),
    excerpt: z.string(),
    content: z.string(),
    category_id: z.string(),
    category: z.object({ id: z.string(), name: z.string(), color: z.enum(STORY_COLORS) }),
    image_url: z.string().nullable(),
    video_url: z.string().nullable(),
    featured: z.boolean(),
    approved: z.boolean(),
    approved_by: z.string().nullable(),
    approved_date: z.string().nullable(),
    /** The Lusaka day it was posted (YYYY-MM-DD). */
    date_posted: z.string(),
    views_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ImpactStory' });
export type Story = z.infer<typeof StorySchema>;

const search = z.string().trim().max(100, { message: 'Search must be at most 100 characters' }).optional();

export const StoryListQuerySchema = PageQuerySchema.extend({
  q: search.meta({ description: 'Matches the student name, title and excerpt, ignoring case' }),
  category: blankAsNull(z.uuid({ message: 'Category must be a category id' }).nullish()),
  pageSize: PageQuerySchema.shape.pageSize.unwrap().default(24),
});
export type StoryListQuery = z.output<typeof StoryListQuerySchema>;

export const StoryListResponseSchema = pagedResponseSchema(StorySchema)
  .extend({
    /** Up to 3 featured stories matching the search, kept out of `items`. */
    featured: z.array(StorySchema),
  })
  .meta({ id: 'ImpactStoryList' });
export type StoryListResponse = z.infer<typeof StoryListResponseSchema>;

export const STORY_STATUS_FILTERS = ['all', 'approved', 'pending'] as const;
export const StoryManageQuerySchema = PageQuerySchema.extend({
  status: z.enum(STORY_STATUS_FILTERS, { message: 'Status must be all, approved or pending' }).default('all'),
  q: search,
  pageSize: PageQuerySchema.shape.pageSize.unwrap().default(50),
});
export type StoryManageQuery = z.output<typeof StoryManageQuerySchema>;

const STORY_TILES = ['total', 'approved', 'pending', 'featured'] as const;
export const StoryManageResponseSchema = tiledPageSchema(StorySchema, STORY_TILES).meta({
  id: 'ImpactStoryManageList',
});
export type StoryManageResponse = z.infer<typeof StoryManageResponseSchema>;

export const StoryApproveSchema = z
  .object({ approved: z.boolean({ message: 'approved must be true or false' }) })
  .meta({ id: 'ImpactStoryApproval' });
export const StoryFeatureSchema = z
  .object({ featured: z.boolean({ message: 'featured must be true or false' }) })
  .meta({ id: 'ImpactStoryFeature' });

export const StoryViewResponseSchema = z
  .object({ views_count: z.number().int(), counted: z.boolean() })
  .meta({ id: 'ImpactStoryView' });
