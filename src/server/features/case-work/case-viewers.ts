import { type AnyColumn, and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type CaseActor, caseScope } from '../../../domain/case-work';
import { type caseCounts, caseViewers, EVERYONE_VIEWER } from '../../db/schema/trigger-kept-tables';
import { overdueCondition } from './overdue';

/*
 * The scope of tasks and issues (D11) through case_viewers, the table triggers keep of who sees
 * each record (db/schema/trigger-kept-tables.ts): deputy managers and admins read the rows of
 * EVERYONE_VIEWER, a program officer their own. A list is then one index scan in its order, and
 * its tiles a sum over case_counts (docs/decisions/002, case-lists.ts).
 */

export type CaseKind = 'task' | 'issue';

/** Whose rows of case_viewers the actor reads; null for someone who sees none. */
export function viewerOf(actor: CaseActor): string | null {
  const scope = caseScope(actor);
  if (scope.kind === 'all') return EVERYONE_VIEWER;
  if (scope.kind === 'officer') return scope.officerId;
  return null;
}

/** Whether the record (a column of its id) is in the actor's scope, for a query on its table. */
export function inCaseScope(kind: CaseKind, actor: CaseActor, recordId: AnyColumn): SQL {
  const viewer = viewerOf(actor);
  if (viewer === null) return sql`false`;
  return sql`exists (select 1 from ${caseViewers} where ${caseViewers.kind} = ${kind}
    and ${caseViewers.viewerId} = ${viewer} and ${caseViewers.recordId} = ${recordId})`;
}

/** The lists' order, as the indexes of case_viewers keep it: soonest due first, then newest. */
export const viewerOrder = [
  sql`${caseViewers.dueDate} asc nulls last`,
  sql`${caseViewers.createdAt} desc nulls last`,
  sql`${caseViewers.recordId} desc nulls last`,
];

/**
 * The filters of a list that its figures answer without counting records: status, priority,
 * category, overdue. Their values come as placeholders (status, priority, category, today), so one
 * statement serves every request of the same shape (case-lists.ts).
 */
export interface CountedShape {
  /** A status, or 'active' (not completed; open or in progress), or none. */
  status: 'none' | 'value' | 'active';
  priority: boolean;
  category: boolean;
  /** Tasks: due before today and not completed ('true'), the rest ('false'), or either. */
  overdue: 'none' | 'true' | 'false';
}

export const shapeKey = (s: CountedShape) =>
  `${s.status}.${s.priority ? 'p' : ''}${s.category ? 'c' : ''}.${s.overdue}`;

/** The columns case_viewers and case_counts share. */
type Columns = Pick<
  typeof caseViewers | typeof caseCounts,
  'kind' | 'viewerId' | 'status' | 'priority' | 'category'
>;

/** The shape's status, priority and category filters, which case_counts carries. */
export function chosenFilters(table: Columns, kind: CaseKind, shape: CountedShape): SQL | undefined {
  const active =
    kind === 'task' ? ne(table.status, 'completed') : sql`${table.status} in ('open', 'in_progress')`;
  return and(
    shape.status === 'active'
      ? active
      : shape.status === 'value'
        ? eq(table.status, sql.placeholder('status'))
        : undefined,
    shape.priority ? eq(table.priority, sql.placeholder('priority')) : undefined,
    shape.category ? eq(table.category, sql.placeholder('category')) : undefined,
  );
}

/** Rows of case_viewers overdue on the day `today` (isTaskOverdue, domain/case-work.ts). */
const overdueRows = overdueCondition(caseViewers.dueDate, caseViewers.status, sql.placeholder('today'));

/** All the shape's filters, on case_viewers. */
export function countedFilters(kind: CaseKind, shape: CountedShape): SQL | undefined {
  return and(
    chosenFilters(caseViewers, kind, shape),
    shape.overdue === 'true'
      ? overdueRows
      : shape.overdue === 'false'
        ? sql`not coalesce(${overdueRows}, false)`
        : undefined,
  );
}

/** The actor's rows of a kind, the viewer as a placeholder. */
export const viewerRowsShape = (table: Columns, kind: CaseKind) =>
  and(eq(table.kind, kind), eq(table.viewerId, sql.placeholder('viewer')));
