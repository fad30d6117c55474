import { and, type SQL, sql } from 'drizzle-orm';
import type { CaseActor } from '../../../domain/case-work';
import { matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { NAMED_STATEMENTS, runWithValues, unseenByPlanner } from '../../db/prepared';
import { caseCounts, caseViewers } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import {
  type CaseKind,
  type CountedShape,
  chosenFilters,
  countedFilters,
  shapeKey,
  viewerOf,
  viewerRowsShape,
} from './case-viewers';
import type { PageSource } from './list-items';

/*
 * A list page of tasks or issues and its tiles, the hot path of both screens. In a bench the cost
 * of a request was mostly its round trips to the database and PostgreSQL's planning, so:
 * - the page's items are JSON kept by triggers (list-items.ts), and its figures (the tiles and how
 *   many match) come in the same row from case_counts and case_viewers (figuresColumn): one round
 *   trip, nothing to map;
 * - the first page, of a size the screens ask for, filtered only by what the figures answer
 *   (status, priority, category, overdue), is a statement named per shape of filters and page size
 *   (db/statements-by-shape.ts namedPageStatements), its LIMIT written in: planned again on every
 *   request, it cost more than running it (0.4 ms against 0.3 ms on PostgreSQL);
 * - any other page runs the same select planned for its values;
 * - a search, an assignee or a student adds its conditions to a statement planned for its values,
 *   and counts its matches in a second one.
 */

export interface CountedValues {
  status?: string;
  priority?: string;
  category?: string;
  overdue?: boolean;
}

export interface CaseTiles {
  total: number;
  overdue: number;
  byStatus: Record<string, number>;
}

const shapeOf = (values: CountedValues): CountedShape => ({
  status: values.status === 'active' ? 'active' : values.status ? 'value' : 'none',
  priority: Boolean(values.priority),
  category: Boolean(values.category),
  overdue: values.overdue === undefined ? 'none' : values.overdue ? 'true' : 'false',
});

/**
 * {status: [records, overdue, matching]} for the viewer's records of a kind. The records, and those
 * matching the status, priority and category filters, are a sum of the viewer's rows of
 * case_counts (a few dozen). Overdue depends on the day: a task not completed is overdue when it
 * has a due date (case_counts counts those) and is not due today or later (counted off
 * case_viewers_order_idx, which carries the columns this reads). That range is the tasks not yet
 * due; the overdue ones can be most of a list (7,300 of the lists bench's 10,000 tasks), and
 * counting those read as many rows as the counts by due date this replaces (migration 0029).
 */
function figuresColumn(kind: CaseKind, shape: CountedShape): SQL.Aliased {
  const c = caseCounts;
  const chosen = chosenFilters(c, kind, shape) ?? sql`true`;
  const counts = sql`select ${c.status} as status, sum(${c.recordCount})::int as n, sum(${c.datedCount})::int as dated,
      coalesce(sum(${c.recordCount}) filter (where ${chosen}), 0)::int as chosen,
      coalesce(sum(${c.datedCount}) filter (where ${chosen} and ${c.status} <> 'completed'), 0)::int as chosen_dated
    from ${c} where ${viewerRowsShape(c, kind)} group by ${c.status}`;
  // Issues have no due dates, so none is due later either.
  const later =
    kind === 'task'
      ? sql`left join (select ${caseViewers.status} as status, count(*)::int as n,
            count(*) filter (where ${chosenFilters(caseViewers, kind, shape) ?? sql`true`})::int as chosen
          from ${caseViewers} where ${viewerRowsShape(caseViewers, kind)}
            and ${caseViewers.dueDate} >= ${unseenByPlanner(sql.placeholder('today'), 'date')} and ${caseViewers.status} <> 'completed'
          group by ${caseViewers.status}) later on later.status = counted.status`
      : sql``;
  const dueLater = kind === 'task' ? sql`coalesce(later.n, 0)` : sql`0`;
  const chosenDueLater = kind === 'task' ? sql`coalesce(later.chosen, 0)` : sql`0`;
  const chosenOverdue = sql`(counted.chosen_dated - ${chosenDueLater})`;
  const matching =
    shape.overdue === 'true'
      ? chosenOverdue
      : shape.overdue === 'false'
        ? sql`counted.chosen - ${chosenOverdue}`
        : sql`counted.chosen`;
  return sql`(select coalesce(json_object_agg(counted.status, json_build_array(counted.n,
      case when counted.status = 'completed' then 0 else counted.dated - ${dueLater} end, ${matching})), '{}')
    from (${counts}) counted ${later})`.as('figures');
}

type Figures = Record<string, [number, number, number]>;

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

/** The page sizes the screens ask for (tasks-page.tsx, issues-page.tsx): a named statement each. */
const SCREEN_PAGE_SIZES = new Set([25, 200]);

const namedPage = namedPageStatements(NAMED_STATEMENTS.caseListPage);

/** A page as the API answers it: its items already JSON text, the figures as numbers. */
export interface CasePage {
  itemsJson: string;
  total: number;
  /** total is the cap standing for more: a search matched past it (D17). */
  totalCapped: boolean;
  tiles: CaseTiles;
}

/**
 * A page of the actor's records of a kind, in the lists' order, with how many match and the tiles.
 * `uncounted` holds the conditions the figures cannot answer (search, assignee, student);
 * `searched` says a search is among them, so that the count stops at the cap (D17).
 */
export async function caseListPage(
  db: DbOrTx,
  source: PageSource,
  actor: CaseActor,
  filters: CountedValues,
  uncounted: SQL | undefined,
  page: { limit: number; offset: number; today: string; searched: boolean },
): Promise<CasePage> {
  const viewer = viewerOf(actor);
  if (viewer === null)
    return { itemsJson: '[]', total: 0, totalCapped: false, tiles: { total: 0, overdue: 0, byStatus: {} } };
  const shape = shapeOf(filters);
  const values = { viewer, ...filters, today: page.today, limit: page.limit, offset: page.offset };
  const counted = and(viewerRowsShape(caseViewers, source.kind), countedFilters(source.kind, shape));
  // One row whatever the page holds: its items in order as a JSON array, and the figures.
  const pageWithFigures = (handle: DbOrTx, where: SQL | undefined, window: PageWindow) => {
    const p = source.page(handle, where, window, uncounted !== undefined).as('p');
    return handle
      .select({
        items:
          sql<string>`'[' || coalesce(string_agg(${p.item}, ',' order by ${p.due} asc nulls last, ${p.created} desc nulls last, ${p.rid} desc nulls last), '') || ']'`.as(
            'items',
          ),
        figures: figuresColumn(source.kind, shape),
      })
      .from(p);
  };
  const namedFirstPage = !uncounted && page.offset === 0 && SCREEN_PAGE_SIZES.has(page.limit);
  const [[row], matches] = await Promise.all([
    namedFirstPage
      ? namedPage(`${source.kind}.${shapeKey(shape)}`, page.limit, (handle, window) =>
          pageWithFigures(handle, counted, window),
        )(db, values)
      : runWithValues(pageWithFigures(db, and(counted, uncounted), PLACEHOLDERS), values),
    uncounted ? runWithValues(source.count(db, and(counted, uncounted), page.searched), values) : undefined,
  ]);
  const { matching, ...tiles } = tilesOf((row?.figures ?? {}) as Figures);
  const total = matches
    ? matchCountOf(Number(matches[0]?.n ?? 0), page.searched)
    : matchCountOf(matching, false);
  // Past a capped count a page would start after the cap, where a search no longer pages (D17).
  const beyondCap = total.capped && page.offset >= total.total;
  return {
    itemsJson: beyondCap ? '[]' : String(row?.items ?? '[]'),
    total: total.total,
    totalCapped: total.capped,
    tiles,
  };
}

/** The list answer's JSON text (pagedResponseSchema with counts), around items already JSON. */
export function pageJson(
  { itemsJson, total, totalCapped }: Pick<CasePage, 'itemsJson' | 'total' | 'totalCapped'>,
  { page, pageSize }: { page: number; pageSize: number },
  counts: Record<string, number>,
): string {
  return `{"items":${itemsJson},"total":${total},"total_capped":${totalCapped},"page":${page},"pageSize":${pageSize},"counts":${JSON.stringify(counts)}}`;
}
