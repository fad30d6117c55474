import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, moment, randomId, searchText, searchTextIndex, updatedAt } from './columns';

/*
 * The Students Library (docs/product.md §3). A resource's file, if it has one, lives in the file
 * store under `storage_key`. `downloads` grows by one per user per Lusaka day (library_opens), and
 * the rating figures are recomputed from library_ratings in the transaction that changes a rating.
 */

export const libraryResources = pgTable(
  'library_resources',
  {
    id: randomId(),
    title: text('title').notNull(),
    description: text('description'),
    author: text('author'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    type: text('type').notNull().default('book'),
    category: text('category').notNull().default('academic'),
    thumbnailUrl: text('thumbnail_url'),
    duration: text('duration'),
    url: text('url'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    storageKey: uuid('storage_key'),
    downloads: integer('downloads').notNull().default(0),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }).notNull().default('0'),
    ratingCount: integer('rating_count').notNull().default(0),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    searchText: searchText(
      sql`title || ' ' || coalesce(description, '') || ' ' || coalesce(author, '') || ' ' || tags_text(tags)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('library_resources', t.searchText),
    index('library_resources_created_idx').on(t.createdAt),
    index('library_resources_type_idx').on(t.type),
  ],
);

/** The resource and the user of a rating or an open: both go when either is deleted. */
const resourceAndUser = () => ({
  resourceId: uuid('resource_id')
    .notNull()
    .references(() => libraryResources.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const libraryRatings = pgTable(
  'library_ratings',
  {
    ...resourceAndUser(),
    stars: integer('stars').notNull(),
    ratedAt: moment('rated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.userId] })],
);

/** One row per resource, user and Lusaka day opened: the download counter counts these. */
export const libraryOpens = pgTable(
  'library_opens',
  {
    ...resourceAndUser(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.userId, t.day] })],
);
