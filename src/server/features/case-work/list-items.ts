import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { caseViewers, issues, tasks } from '../../db/schema';
import { viewerOrder } from './case-viewers';

/*
 * The list pages' items as the database keeps them: each task and issue as the JSON object the
 * API answers (TaskSchema, IssueSchema in contracts/), written by triggers into its list_item
 * column whenever it, its thread or a name it shows changes (migration 0011). A page is then the
 * stored texts joined, without Node parsing, mapping and serialising each row, or PostgreSQL
 * building each object again: in the bench those were most of what a list request cost beyond
 * /api/me (docs/decisions/002). taskDto and issueDto (task-records.ts, issue-records.ts) answer one
 * record; case-lists.test.ts holds the two to the same answer.
 */

/**
 * A task's list item: its stored JSON (tasks.list_item) with `overdue` for the Lusaka day given,
 * as isTaskOverdue (domain/case-work.ts) decides it.
 */
const taskItem = sql<string>`(left(${tasks.listItem}, -1) || ', "overdue" : ' ||
  coalesce(${tasks.dueDate} < ${sql.placeholder('today')} and ${tasks.status} <> 'completed', false)::text || '}')`;

const issueItem = sql<string>`${issues.listItem}`;

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
