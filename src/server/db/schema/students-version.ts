import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable } from 'drizzle-orm/pg-core';

/**
 * Counts up by one in every statement that writes `students`, and in every rename of a user:
 * statement-level triggers, migration 0030, in the writing transaction. Only the forms list's kept
 * first page (features/forms-files/form-list-page.ts) still reads it; it goes, with its triggers,
 * when that page does.
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
