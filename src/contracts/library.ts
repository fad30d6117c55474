import { z } from 'zod';
import { LIBRARY_MESSAGES as M, RESOURCE_CATEGORIES, RESOURCE_TYPES } from '../domain/library';
import { PageQuerySchema, tiledPageSchema } from './common';
import {
  choiceFilter,
  choiceOr,
  optionalTextField,
  requiredTextField,
  searchField,
  webAddressField,
} from './fields';

/*
 * The Students Library (docs/product.md §2, §3): a resource is a link (`url`) or an uploaded file
 * (`POST /api/library/:id/file`, then `has_file`); `downloads` counts each user once a day;
 * `rating_average` and `rating_count` come from each user's 1 to 5 stars.
 */

export const ResourceInputSchema = z
  .object({
    title: requiredTextField('Title', M.titleRequired, 200),
    description: optionalTextField('Description', 2000),
    author: optionalTextField('Author', 200),
    tags: z
      .array(z.string().trim().min(1).max(40, { message: 'A tag must be at most 40 characters' }), {
        message: 'Tags must be a list',
      })
      .max(20, { message: 'At most 20 tags' })
      .default([]),
    type: choiceOr('Type', RESOURCE_TYPES, 'book'),
    category: choiceOr('Category', RESOURCE_CATEGORIES, 'academic'),
    thumbnail_url: webAddressField('Thumbnail', 'The thumbnail must be a web address (https://...)'),
    duration: optionalTextField('Duration', 40),
    url: webAddressField('Link', 'The link must be a web address (https://...)'),
  })
  .meta({ id: 'ResourceInput' });
export type ResourceInput = z.output<typeof ResourceInputSchema>;
export type ResourceFormInput = z.input<typeof ResourceInputSchema>;

export const ResourceSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    author: z.string().nullable(),
    tags: z.array(z.string()),
    type: z.enum(RESOURCE_TYPES),
    category: z.enum(RESOURCE_CATEGORIES),
    thumbnail_url: z.string().nullable(),
    duration: z.string().nullable(),
    url: z.string().nullable(),
    /** An uploaded file, played or read from GET /api/library/:id/file. */
    has_file: z.boolean(),
    file_name: z.string().nullable(),
    mime_type: z.string().nullable(),
    downloads: z.number().int(),
    rating_average: z.number(),
    rating_count: z.number().int(),
    /** The caller's own stars, or null. */
    my_rating: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Resource' });
export type Resource = z.infer<typeof ResourceSchema>;

export const ResourceListQuerySchema = PageQuerySchema.extend({
  q: searchField().meta({ description: 'Matches the title, description, author and tags, ignoring case' }),
  type: choiceFilter('Type', RESOURCE_TYPES),
  category: choiceFilter('Category', RESOURCE_CATEGORIES),
});
export type ResourceListQuery = z.output<typeof ResourceListQuerySchema>;

export const ResourceListResponseSchema = tiledPageSchema(ResourceSchema, RESOURCE_TYPES).meta({
  id: 'ResourceList',
});
export type ResourceListResponse = z.infer<typeof ResourceListResponseSchema>;

export const RatingInputSchema = z
  .object({
    stars: z.coerce
      .number({ message: M.ratingRange })
      .int({ message: M.ratingRange })
      .min(1, { message: M.ratingRange })
      .max(5, { message: M.ratingRange }),
  })
  .meta({ id: 'RatingInput' });

export const RatingSchema = z
  .object({ rating_average: z.number(), rating_count: z.number().int(), my_rating: z.number().int() })
  .meta({ id: 'Rating' });

export const OpenedSchema = z.object({ downloads: z.number().int() }).meta({ id: 'Opened' });
