import { bigint, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/*
 * The staff dashboard's students counted by category, status and start year, kept for the next
 * dashboard asked of the same students.
 *
 * Summing `student_counts` into those groups (about 120 rows into 60 for everyone's) was half of
 * PostgreSQL's time for the dashboard's one statement (0.28 of 0.5 ms), on every view, though the
 * students change seldom. So the groups are kept here with the `students_version` they were summed
 * at (schema/student-search-tallies.ts), and the dashboard's statement answers them from here while
 * that is still the version (features/dashboard/dashboard-figures.ts; docs/decisions/002).
 */
export const dashboardStudentGroups = pgTable('dashboard_student_groups', {
  /** The program officer whose students were counted; the nil uuid (NO_SCOPE) for everyone's. */
  scope: uuid('scope').primaryKey(),
  studentsVersion: bigint('students_version', { mode: 'number' }).notNull(),
  /** The groups as JSON text, exactly as studentCountGroupsJson answers them. */
  groups: text('groups').notNull(),
});
