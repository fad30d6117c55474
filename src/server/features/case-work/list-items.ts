import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { caseViewers, issues, tasks } from '../../db/schema';
import { viewerOrder } from './case-viewers';
import { commentCount, staffName, studentName } from './name-lookups';

/*
 * The list pages' items as PostgreSQL writes them: each task or issue as the JSON object the API
 * answers (TaskSchema, IssueSchema in contracts/), so a page reaches the client without Node
 * parsing, mapping and serialising each row. In the bench that was most of what a list request
 * cost beyond /api/me (docs/decisions/002). taskDto and issueDto (task-records.ts,
 * issue-records.ts) answer one record; case-lists.test.ts holds the two to the same answer.
 */

/** An instant as Date.prototype.toISOString writes it: 2026-11-25T08:00:00.000Z. */
const iso = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A task's overdue, as isTaskOverdue (domain/case-work.ts) decides it, for the Lusaka day given. */
const overdue = sql`coalesce(${tasks.dueDate} < ${sql.placeholder('today')} and ${tasks.status} <> 'completed', false)`;

const taskItem = sql`json_build_object(
  'id', ${tasks.id}, 'title', ${tasks.title}, 'description', ${tasks.description},
  'assigned_to_id', ${tasks.assignedToId}, 'assigned_to_name', ${staffName(tasks.assignedToId)},
  'assigned_by_id', ${tasks.assignedById}, 'assigned_by_name', ${staffName(tasks.assignedById)},
  'due_date', ${tasks.dueDate}, 'priority', ${tasks.priority}, 'status', ${tasks.status},
  'category', ${tasks.category}, 'student_id', ${tasks.studentId},
  'student_name', ${studentName(tasks.studentId)}, 'overdue', ${overdue},
  'completed_at', ${iso(tasks.completedAt)}, 'completed_by_id', ${tasks.completedById},
  'completed_by_name', ${staffName(tasks.completedById)},
  'created_at', ${iso(tasks.createdAt)}, 'updated_at', ${iso(tasks.updatedAt)})`;

const issueItem = sql`json_build_object(
  'id', ${issues.id}, 'title', ${issues.title}, 'description', ${issues.description},
  'student_id', ${issues.studentId}, 'student_name', ${studentName(issues.studentId)},
  'reporter_id', ${issues.reporterId}, 'reporter_name', ${staffName(issues.reporterId)},
  'assigned_to_id', ${issues.assignedToId}, 'assigned_to_name', ${staffName(issues.assignedToId)},
  'priority', ${issues.priority}, 'category', ${issues.category}, 'status', ${issues.status},
  'resolution_note', ${issues.resolutionNote}, 'resolved_at', ${iso(issues.resolvedAt)},
  'resolved_by_name', ${staffName(issues.resolvedById)}, 'comment_count', ${commentCount(issues.id)},
  'created_at', ${iso(issues.createdAt)}, 'updated_at', ${iso(issues.updatedAt)})`;

/** How one kind's page is selected from the caller's rows of case_viewers (case-lists.ts). */
export interface PageSource {
  kind: 'task' | 'issue';
  /** The page's items, each with the keys of the lists' order, in that order. */
  page(db: DbOrTx, where: SQL | undefined): ReturnType<typeof pageOf>;
  count(db: DbOrTx, where: SQL | undefined): { prepare(name: string): unknown };
}

function pageOf(db: DbOrTx, table: typeof tasks | typeof issues, item: SQL, where: SQL | undefined) {
  return db
    .select({
      item: item.as('item'),
      due: sql`${caseViewers.dueDate}`.as('due'),
      created: sql`${caseViewers.createdAt}`.as('created'),
      rid: sql`${caseViewers.recordId}`.as('rid'),
    })
    .from(caseViewers)
    .innerJoin(table, eq(table.id, caseViewers.recordId))
    .where(where)
    .orderBy(...viewerOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

const countOf = (db: DbOrTx, table: typeof tasks | typeof issues, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(caseViewers)
    .innerJoin(table, eq(table.id, caseViewers.recordId))
    .where(where);

export const taskPages: PageSource = {
  kind: 'task',
  page: (db, where) => pageOf(db, tasks, taskItem, where),
  count: (db, where) => countOf(db, tasks, where),
};

export const issuePages: PageSource = {
  kind: 'issue',
  page: (db, where) => pageOf(db, issues, issueItem, where),
  count: (db, where) => countOf(db, issues, where),
};
