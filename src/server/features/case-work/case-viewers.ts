import { type AnyColumn, and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type CaseActor, caseScope } from '../../../domain/case-work';
import { type caseCounts, caseViewers, EVERYONE_VIEWER } from '../../db/schema/trigger-kept-tables';
import type { NamedAmong } from '../students/students.service';
import { overdueCondition } from './overdue';

/*
 * The scope of tasks and issues (D11) through case_viewers, the table triggers keep of who sees
 * each record (db/schema/trigger-kept-tables.ts): deputy managers and admins read the rows of
 * EVERYONE_VIEWER, a program officer their own. A list is then one index scan in its order, and
 * its tiles a sum over case_counts, which the triggers keep from case_viewers (case-lists.ts).
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

/**
 * How a task's or issue's student is found by name (ofStudentsNamed): a program officer reads a few
 * dozen cases of 10,000, so each one's student is tested by its key; managers read them all.
 */
export const namedAmongCases = (actor: CaseActor): NamedAmong => ({
  fewRecords: viewerOf(actor) !== EVERYONE_VIEWER,
});

/** The lists' order, as the indexes of case_viewers keep it: soonest due first, then newest. */
export const viewerOrder = [
  sql`${caseViewers.dueDate} asc nulls last`,
  sql`${caseViewers.createdAt} desc nulls last`,
  sql`${caseViewers.recordId} desc nulls last`,
];

/** The filters of a list that its figures answer without counting records (case-lists.ts). */
export interface CountedValues {
  /** A status, or 'active' (not completed; open or in progress). */
  status?: string;
  priority?: string;
  category?: string;
  /** Tasks: due before today and not completed, or the rest. */
  overdue?: boolean;
}

/** The columns case_viewers and case_counts share. */
type Columns = Pick<
  typeof caseViewers | typeof caseCounts,
  'kind' | 'viewerId' | 'status' | 'priority' | 'category'
>;

/** The status, priority and category filters, which case_counts carries too. */
export function chosenFilters(table: Columns, kind: CaseKind, values: CountedValues): SQL | undefined {
  const active =
    kind === 'task' ? ne(table.status, 'completed') : sql`${table.status} in ('open', 'in_progress')`;
  return and(
    values.status === 'active' ? active : values.status ? eq(table.status, values.status) : undefined,
    values.priority ? eq(table.priority, values.priority) : undefined,
    values.category ? eq(table.category, values.category) : undefined,
  );
}

/** All the filters, on case_viewers; overdue on the Lusaka day `today` (isTaskOverdue). */
export function countedFilters(kind: CaseKind, values: CountedValues, today: string): SQL | undefined {
  const overdue = overdueCondition(caseViewers.dueDate, caseViewers.status, today);
  return and(
    chosenFilters(caseViewers, kind, values),
    values.overdue === true
      ? overdue
      : values.overdue === false
        ? sql`not coalesce(${overdue}, false)`
        : undefined,
  );
}

/** The viewer's rows of a kind. */
export const viewerRows = (table: Columns, kind: CaseKind, viewer: string) =>
  and(eq(table.kind, kind), eq(table.viewerId, viewer));
