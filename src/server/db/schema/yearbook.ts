import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ENTRY_STATUSES, YEARBOOK_STATUSES } from '../../../domain/yearbook';
import { users } from './auth';
import { createdAt, randomId, searchText, searchTextIndex, updatedAt } from './columns';
import { students } from './students';

/** One class's yearbook (docs/product.md §3): one per year. */
export const yearbooks = pgTable(
  'yearbooks',
  {
    id: randomId(),
    year: integer('year').notNull(),
    title: text('title').notNull(),
    theme: text('theme'),
    coverImageUrl: text('cover_image_url'),
    status: text('status', { enum: YEARBOOK_STATUSES }).notNull().default('draft'),
    /** The account that created it; kept as a name too, so a removed account leaves it readable. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    publishedDate: date('published_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('yearbooks_year_key').on(t.year),
    check('yearbooks_year_check', sql`${t.year} between 2000 and 2100`),
  ],
);

/**
 * A graduate's page in a yearbook: one per student per yearbook. The name and program are the
 * student record's when the entry was made, as the printed yearbook keeps them.
 */
export const yearbookEntries = pgTable(
  'yearbook_entries',
  {
    id: randomId(),
    yearbookId: uuid('yearbook_id')
      .notNull()
      .references(() => yearbooks.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    /** Null: show the student record's photo. */
    studentPhotoUrl: text('student_photo_url'),
    program: text('program'),
    quote: text('quote'),
    achievements: text('achievements'),
    status: text('status', { enum: ENTRY_STATUSES }).notNull().default('pending'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedDate: date('approved_date'),
    searchText: searchText(sql`student_name || ' ' || coalesce(program, '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('yearbook_entries', t.searchText),
    uniqueIndex('yearbook_entries_student_key').on(t.yearbookId, t.studentId),
    // The bell counts entries waiting for review across every yearbook.
    index('yearbook_entries_status_idx').on(t.status, t.createdAt),
    index('yearbook_entries_student_idx').on(t.studentId),
    // A yearbook's entries in the list's two orders (yearbook-entries.service.ts): management's
    // newest first, and the readers' approved entries by name; and its programs, one probe each.
    index('yearbook_entries_yearbook_created_idx').on(t.yearbookId, t.createdAt, t.id),
    index('yearbook_entries_yearbook_name_idx').on(t.yearbookId, t.status, t.studentName, t.id),
    index('yearbook_entries_program_idx').on(t.yearbookId, t.program, t.status),
    check('yearbook_entries_quote_check', sql`char_length(${t.quote}) <= 250`),
    check('yearbook_entries_achievements_check', sql`char_length(${t.achievements}) <= 500`),
  ],
);

/** A memory shared on a yearbook's wall. */
export const memoryWallPosts = pgTable(
  'memory_wall_posts',
  {
    id: randomId(),
    yearbookId: uuid('yearbook_id')
      .notNull()
      .references(() => yearbooks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    message: text('message').notNull(),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
  },
  (t) => [index('memory_wall_posts_yearbook_idx').on(t.yearbookId, t.createdAt)],
);
