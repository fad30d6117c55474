import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CaseActor } from '../../../domain/case-work';
import type { MatchCount } from '../../../domain/search';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { caseCounts, caseViewers, type issues, type tasks } from '../../db/schema';
import { type PageQuery, pageOf, pageWindow } from '../../http/paging';
import {
  type CaseKind,
  type CountedValues,
  chosenFilters,
  countedFilters,
  viewerOf,
  viewerRows,
} from './case-viewers';

/*
 * A list page of tasks or issues and its tiles. The page is the record's own look-up (selectTasks,
 * selectIssues) joined to the caller's rows of case_viewers, in their index's order; its items are
 * made by taskDto and issueDto, as one record's answer is. The tiles, and how many match when the
 * filters are only those case_counts carries, are a sum over the viewer's few dozen rows of
 * case_counts; a search, an assignee or a student is counted (capped for a search, D17).
 */

export type { CountedValues } from './case-viewers';

export interface CaseTiles {
  total: number;
  overdue: number;
  byStatus: Record<string, number>;
}

/** What a kind's list reads: its table, and its page of items through the record's look-up. */
export interface CaseList<Item> {
  kind: CaseKind;
  table: typeof tasks | typeof issues;
  /**
   * The page's items: the record's look-up joined to case_viewers `on` the viewer's rows, with
   * `where`, in viewerOrder, the window's rows.
   */
  page(
    db: DbOrTx,
    on: SQL | undefined,
    where: SQL | undefined,
    window: { limit: number; offset: number },
  ): Promise<Item[]>;
}

type Figures = Record<string, [number, number, number]>;

/**
 * {status: [records, overdue, matching]} for the viewer's records of a kind, summed from
 * case_counts. A task not completed is overdue when it has a due date (case_counts counts those)
 * and is not due today or later, counted off case_viewers_order_idx: the tasks not yet due are
 * fewer than the overdue ones in a programme that lets tasks slip (7,300 of 10,000 in a bench).
 */
async function figuresOf(
  db: DbOrTx,
  kind: CaseKind,
  viewer: string,
  filters: CountedValues,
  today: string,
): Promise<Figures> {
  const c = caseCounts;
  const v = caseViewers;
  const chosen = chosenFilters(c, kind, filters) ?? sql`true`;
  const counts = sql`select ${c.status} as status, sum(${c.recordCount})::int as n, sum(${c.datedCount})::int as dated,
      coalesce(sum(${c.recordCount}) filter (where ${chosen}), 0)::int as chosen,
      coalesce(sum(${c.datedCount}) filter (where ${chosen} and ${c.status} <> 'completed'), 0)::int as chosen_dated
    from ${c} where ${viewerRows(c, kind, viewer)} group by ${c.status}`;
  // Issues have no due dates, so none is due later either.
  const later =
    kind === 'task'
      ? sql`left join (select ${v.status} as status, count(*)::int as n,
            count(*) filter (where ${chosenFilters(v, kind, filters) ?? sql`true`})::int as chosen
          from ${v} where ${viewerRows(v, kind, viewer)} and ${v.dueDate} >= ${today}::date and ${v.status} <> 'completed'
          group by ${v.status}) later on later.status = counted.status`
      : sql``;
  const dueLater = kind === 'task' ? sql`coalesce(later.n, 0)` : sql`0`;
  const chosenOverdue = sql`(counted.chosen_dated - ${kind === 'task' ? sql`coalesce(later.chosen, 0)` : sql`0`})`;
  const matching =
    filters.overdue === true
      ? chosenOverdue
      : filters.overdue === false
        ? sql`counted.chosen - ${chosenOverdue}`
        : sql`counted.chosen`;
  const { rows } =
    await db.execute(sql`select coalesce(json_object_agg(counted.status, json_build_array(counted.n,
      case when counted.status = 'completed' then 0 else counted.dated - ${dueLater} end, ${matching}))::text, '{}') as figures
    from (${counts}) counted ${later}`);
  return JSON.parse(String((rows[0] as { figures?: string } | undefined)?.figures ?? '{}')) as Figures;
}

function tilesOf(figures: Figures): CaseTiles & { matching: number } {
  const rows = Object.entries(figures);
  const sum = (pick: (row: [number, number, number]) => number) =>
    rows.reduce((total, [, row]) => total + pick(row), 0);
  return {
    total: sum(([n]) => n),
    overdue: sum(([, overdue]) => overdue),
    matching: sum(([, , matching]) => matching),
    byStatus: Object.fromEntries(rows.map(([status, [n]]) => [status, n])),
  };
}

/** A page as the API answers it (pagedResponseSchema), and the tiles. */
export interface CasePage<Item> extends ReturnType<typeof pageOf<Item>> {
  tiles: CaseTiles;
}

/**
 * A page of the actor's records of a kind, in the lists' order, with how many match and the tiles.
 * `uncounted` holds the conditions the figures cannot answer (search, assignee, student);
 * `searched` says a search is among them, so that the count stops at the cap (D17).
 */
export async function caseListPage<Item>(
  db: DbOrTx,
  list: CaseList<Item>,
  actor: CaseActor,
  filters: CountedValues,
  uncounted: SQL | undefined,
  page: PageQuery & { today: string; searched: boolean },
): Promise<CasePage<Item>> {
  const viewer = viewerOf(actor);
  if (viewer === null) return { ...pageOf<Item>([], 0, page), tiles: { total: 0, overdue: 0, byStatus: {} } };
  const on = and(eq(caseViewers.recordId, list.table.id), viewerRows(caseViewers, list.kind, viewer));
  const where = and(countedFilters(list.kind, filters, page.today), uncounted);
  const [items, figures, matches] = await Promise.all([
    list.page(db, on, where, pageWindow(page)),
    figuresOf(db, list.kind, viewer, filters, page.today),
    uncounted
      ? countMatches(
          db,
          db.select({ one: sql`1` }).from(caseViewers).innerJoin(list.table, on).where(where),
          page.searched,
        )
      : undefined,
  ]);
  const { matching, ...tiles } = tilesOf(figures);
  const total: MatchCount = matches ?? { total: matching, capped: false };
  return { ...pageOf(items, total, page), tiles };
}
