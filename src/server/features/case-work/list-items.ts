import { eq, type SQL, sql } from 'drizzle-orm';
import { countSelect } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { caseViewers, issues, tasks } from '../../db/schema';
import type { PageWindow } from '../../db/statements-by-shape';
import { viewerOrder } from './case-viewers';
import { overdueValue } from './overdue';

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
 * A task's list item: its stored JSON (tasks.list_item, kept open without its closing brace,
 * migration 0044) with `overdue` for the Lusaka day given, as isTaskOverdue (domain/case-work.ts)
 * decides it.
 */
const taskItem = sql<string>`(${qualified(tasks.listItem)} || ', "overdue" : ' ||
  ${overdueValue(qualified(tasks.dueDate), qualified(tasks.status), sql.placeholder('today'))}::text || '}')`;

const issueItem = sql<string>`${qualified(issues.listItem)}`;

/** How one kind's page is selected from the caller's rows of case_viewers (case-lists.ts). */
export interface PageSource {
  kind: 'task' | 'issue';
  /**
   * The page's items, each with the keys of the lists' order, in that order. `onRecords` when the
   * conditions name the record's own columns (a search, an assignee, a student).
   */
  page(db: DbOrTx, where: SQL | undefined, window: PageWindow, onRecords: boolean): ReturnType<typeof pageOf>;
  /** How many match; a search counts to the cap (db/capped-count.ts, D17). */
  count(db: DbOrTx, where: SQL | undefined, searched: boolean): { prepare(name: string): unknown };
}

/*
 * Filtered only by what case_viewers carries, a page reads case_viewers alone and fetches each
 * item by a subquery: a plan on one table is quicker to make (0.15 ms against 0.3 ms with a join)
 * and PostgreSQL then keeps one plan for the named statement instead of planning it on every
 * request (docs/decisions/002). Conditions on the record's columns need the join.
 */
function pageOf(
  db: DbOrTx,
  table: typeof tasks | typeof issues,
  item: SQL,
  where: SQL | undefined,
  window: PageWindow,
  onRecords: boolean,
) {
  const columns = {
    due: sql`${qualified(caseViewers.dueDate)}`.as('due'),
    created: sql`${qualified(caseViewers.createdAt)}`.as('created'),
    rid: sql`${qualified(caseViewers.recordId)}`.as('rid'),
  };
  const viewerRows = onRecords
    ? db
        .select({ item: item.as('item'), ...columns })
        .from(caseViewers)
        .innerJoin(table, eq(table.id, caseViewers.recordId))
    : db
        .select({
          item: sql<string>`(select ${item} from ${table} where ${qualified(table.id)} = ${qualified(caseViewers.recordId)})`.as(
            'item',
          ),
          ...columns,
        })
        .from(caseViewers);
  return viewerRows
    .where(where)
    .orderBy(...viewerOrder)
    .limit(window.limit)
    .offset(window.offset);
}

const countOf = (
  db: DbOrTx,
  table: typeof tasks | typeof issues,
  where: SQL | undefined,
  searched: boolean,
) =>
  countSelect(
    db,
    db
      .select({ one: sql`1` })
      .from(caseViewers)
      .innerJoin(table, eq(table.id, caseViewers.recordId))
      .where(where),
    searched,
  );

export const taskPages: PageSource = {
  kind: 'task',
  page: (db, where, window, onRecords) => pageOf(db, tasks, taskItem, where, window, onRecords),
  count: (db, where, searched) => countOf(db, tasks, where, searched),
};

export const issuePages: PageSource = {
  kind: 'issue',
  page: (db, where, window, onRecords) => pageOf(db, issues, issueItem, where, window, onRecords),
  count: (db, where, searched) => countOf(db, issues, where, searched),
};
