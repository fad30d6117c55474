import { type AnyColumn, getTableName, sql } from 'drizzle-orm';
import { issueComments, students, users } from '../../db/schema';

/*
 * The names a task or an issue shows, as scalar subqueries rather than joins: with three joins to
 * users and one to students, PostgreSQL spent a millisecond planning each list page and a tenth of
 * that running it.
 */

/**
 * The column with its table's name. Drizzle leaves the table out of a query on one table, and
 * inside a subquery a bare "id" would name the subquery's own column.
 */
export const qualified = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

export const staffName = (id: AnyColumn) =>
  sql<string | null>`(select u.name from ${users} u where u.id = ${qualified(id)})`;

export const studentName = (id: AnyColumn) =>
  sql<string | null>`(select s.full_name from ${students} s where s.id = ${qualified(id)})`;

export const commentCount = (issueId: AnyColumn) =>
  sql<number>`(select count(*)::int from ${issueComments} c where c.issue_id = ${qualified(issueId)})`;
