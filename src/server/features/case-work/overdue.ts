import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { TASK_DONE_STATUS } from '../../../domain/case-work';

/** Today (YYYY-MM-DD) as a value or an SQL expression. */
type Day = string | SQL;

// A literal, not a parameter: the partial index of open tasks (tasks_open_due_idx) then serves it.
const done = sql.raw(`'${TASK_DONE_STATUS}'`);

/**
 * isTaskOverdue (domain/case-work.ts) in SQL, for the lists' filters and items and the bell's
 * query: due before `today` and not completed. Null (no due date) counts as not overdue: a
 * condition drops the row. overdue.test.ts runs it against the domain function on the edge cases.
 */
export const overdueCondition = (dueDate: AnyColumn | SQL, status: AnyColumn | SQL, today: Day) =>
  sql`(${dueDate} < ${today} and ${status} <> ${done})`;
