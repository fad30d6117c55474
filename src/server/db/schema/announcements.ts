import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, moment, randomId, searchText, searchTextIndex, updatedAt } from './columns';

/*
 * Announcements (docs/product.md §3): who wrote it is kept by account (its author may edit it) and
 * by name (as it was signed). Reads are one row per reader, so 'Read by N people' counts people.
 * Attachments' bytes live in the file store (file-storage.ts) under `storage_key`.
 */

export const announcements = pgTable(
  'announcements',
  {
    id: randomId(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull().default('general'),
    priority: text('priority').notNull().default('medium'),
    targetAudience: text('target_audience').notNull().default('all'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** The Lusaka day it was published. */
    createdDate: date('created_date').notNull(),
    expiryDate: date('expiry_date'),
    isActive: boolean('is_active').notNull().default(true),
    searchText: searchText(sql`title || ' ' || content || ' ' || author_name`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('announcements', t.searchText),
    index('announcements_shown_idx').on(t.targetAudience, t.isActive, t.createdAt),
    // The list's order, newest first: the first page reads about 25 rows whatever the audiences.
    index('announcements_newest_idx').on(t.createdAt, t.id),
    // The count cards by type, read from the index alone.
    index('announcements_tally_idx').on(t.type, t.targetAudience, t.isActive, t.expiryDate),
    // The cards' announcements that expire: those not yet expired are a short range of this index
    // (the others are counted in row_tallies, docs/decisions/002).
    index('announcements_dated_idx')
      .on(t.expiryDate, t.targetAudience, t.type)
      .where(sql`${t.isActive} and ${t.expiryDate} is not null`),
  ],
);

export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: moment('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

export const announcementAttachments = pgTable(
  'announcement_attachments',
  {
    id: randomId(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: uuid('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('announcement_attachments_announcement_idx').on(t.announcementId)],
);
