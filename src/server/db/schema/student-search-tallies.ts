import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/*
 * A search's tiles and first page, kept for the next request asking the same search of the same
 * data.
 *
 * A student search must show each tile exactly up to 1,000 (D17). For a term most students share
 * ('university of zambia', a surname, the e-mail domain) finding a thousand matches and their
 * categories reads a thousand rows of `students` through the trigram index and re-checks each:
 * 5 to 20 ms of PostgreSQL's time on 50,000 students, where the page itself takes under one. The
 * same search is asked again and again (every page of it, every officer typing a surname), and
 * the students change seldom, so the tiles are kept here with the `students_version` they were
 * counted at, and used only while that is still the version (features/students/
 * student-search-tallies.ts; docs/decisions/002).
 */

/**
 * Counts up by one in every statement that writes `students`, and in every rename of a user (the
 * first page shows each student's officer by name): statement-level triggers, migration 0030, in
 * the writing transaction. Kept tiles counted at an older version are never used.
 */
export const studentsVersion = pgTable(
  'students_version',
  {
    /** The table holds one row. */
    only: boolean('only').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('students_version_one_row', sql`${t.only}`)],
);

export const studentSearchTallies = pgTable(
  'student_search_tallies',
  {
    /** The officer whose students were searched; the nil uuid for everyone's. */
    scope: uuid('scope').notNull(),
    /** The search as matched: its mode and LIKE pattern ('anywhere:%banda%'). */
    search: text('search').notNull(),
    /** The status filter, '' for none. */
    status: text('status').notNull(),
    studentsVersion: bigint('students_version', { mode: 'number' }).notNull(),
    /** The tiles as JSON text: {"counts": StudentCounts, "capped": StudentCountsCapped}. */
    tiles: text('tiles').notNull(),
    /** The first page as the screen first asks it (25, newest first, every category), once asked. */
    firstPage: text('first_page'),
  },
  (t) => [
    primaryKey({ name: 'student_search_tallies_pkey', columns: [t.scope, t.search, t.status] }),
    index('student_search_tallies_version_idx').on(t.studentsVersion),
  ],
);
