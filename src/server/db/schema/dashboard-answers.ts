import { bigint, date, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/*
 * Each staff member's last dashboard answer, kept for their next view while nothing it counts has
 * changed (features/dashboard/dashboard-answers.ts; docs/decisions/002).
 *
 * The dashboard's one statement cost PostgreSQL about 110 µs to answer what is nearly always the
 * same figures, and Node as much again to read and rebuild them: the dashboard answered 0.44 times
 * the requests per second of /api/me where 0.5 was asked. Reading this row instead costs about 45 µs.
 * It is used only while every input is what it was: the same role, programme day, zone and months
 * (the request's own), the same `students_version` (every write to students) and the same sum of
 * `allowance_stage_totals.changes` (every write to allowances or to approval delegations), each
 * read in the statement that reads the row. The recent activity is never kept: it is read live.
 */
export const dashboardAnswers = pgTable('dashboard_answers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  /** The programme day it was computed on: the count awaiting a decision reads delegations by day. */
  day: date('day').notNull(),
  zone: text('zone').notNull(),
  utcOffset: smallint('utc_offset').notNull(),
  /** The first day of the chart's first month. */
  firstMonth: date('first_month').notNull(),
  studentsVersion: bigint('students_version', { mode: 'number' }).notNull(),
  allowanceChanges: bigint('allowance_changes', { mode: 'number' }).notNull(),
  /** The answer as JSON text, without `recent_activity`. */
  answer: text('answer').notNull(),
});
