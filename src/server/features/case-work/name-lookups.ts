import { type AnyColumn, sql } from 'drizzle-orm';
import { qualified } from '../../db/qualified';
import { issueComments, students, users } from '../../db/schema';

/*
 * The names a task or an issue shows, as scalar subqueries rather than joins: with three joins to
 * users and one to students, PostgreSQL spent a millisecond planning each list page and a tenth of
 * that running it.
 */

export const staffName = (id: AnyColumn) =>
  sql<string | null>`(select u.name from ${users} u where u.id = ${qualified(id)})`;

export const studentName = (id: AnyColumn) =>
  sql<string | null>`(select s.full_name from ${students} s where s.id = ${qualified(id)})`;

export const commentCount = (issueId: AnyColumn) =>
  sql<number>`(select count(*)::int from ${issueComments} c where c.issue_id = ${qualified(issueId)})`;
