import { and, type SQL, sql } from 'drizzle-orm';
import type { CaseActor } from '../../../domain/case-work';
import type { DbOrTx } from '../../db/client';
import { fixedStatement, NAMED_STATEMENTS, runWithValues } from '../../db/prepared';
import { caseCounts, caseViewers } from '../../db/schema';
import {
  type CaseKind,
  type CountedShape,
  countedFilters,
  shapeKey,
  viewerOf,
  viewerRowsShape,
} from './case-viewers';

/*
 * A list page of tasks or issues and its tiles, the hot path of both screens. In a bench the cost
 * of a request was mostly its round trips to the database and PostgreSQL's planning, so:
 * - the page carries its figures (the tiles and how many match) as one JSON column computed once
 *   from case_counts: a page and its figures are one round trip;
 * - a page filtered only by what case_counts carries (status, priority, category, overdue) is a
 *   statement named per shape of filters (db/prepared.ts), built by Drizzle and planned by
 *   PostgreSQL once per connection;
 * - a search, an assignee or a student adds its conditions to a statement planned for its values,
 *   and counts its matches in a second one.
 */

/** How one kind's page is selected from case_viewers and its rows mapped (task-records.ts). */
export interface PageSource<Row> {
  kind: CaseKind;
  query(
    db: DbOrTx,
    where: SQL | undefined,
    extras?: Record<string, SQL.Aliased>,
  ): { prepare(name: string): unknown };
  count(db: DbOrTx, where: SQL | undefined): { prepare(name: string): unknown };
  rowsOf(rows: Array<Record<string, unknown>>): Row[];
}

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

/** {status: [records, overdue, matching]} over the viewer's rows of case_counts. */
function figuresColumn(kind: CaseKind, shape: CountedShape): SQL.Aliased {
  const n = caseCounts.recordCount;
  const matching = countedFilters(caseCounts, kind, shape) ?? sql`true`;
  return sql`(select coalesce(json_object_agg(f.status, json_build_array(f.n, f.overdue, f.matching)), '{}')
    from (select ${caseCounts.status} as status, sum(${n})::int as n,
                 coalesce(sum(${n}) filter (where ${caseCounts.dueDate} < ${sql.placeholder('today')}), 0)::int as overdue,
                 coalesce(sum(${n}) filter (where ${matching}), 0)::int as matching
            from ${caseCounts} where ${viewerRowsShape(caseCounts, kind)}
           group by ${caseCounts.status}) f)`.as('figures');
}

type Figures = Record<string, [number, number, number]>;

function tilesOf(figures: Figures): CaseTiles & { matching: number } {
  const rows = Object.entries(figures);
  const sum = (pick: (status: string, row: [number, number, number]) => number) =>
    rows.reduce((total, [status, row]) => total + pick(status, row), 0);
  return {
    total: sum((_, [n]) => n),
    overdue: sum((status, [, overdue]) => (status === 'completed' ? 0 : overdue)),
    matching: sum((_, [, , matching]) => matching),
    byStatus: Object.fromEntries(rows.map(([status, [n]]) => [status, n])),
  };
}

type Statement = ReturnType<typeof fixedStatement>;
const statements = new Map<string, Statement>();

/** A statement of this kind and shape, built and named once (see the comment at the top). */
function named(key: string, name: string, build: (db: DbOrTx) => { prepare(name: string): unknown }) {
  let statement = statements.get(key);
  if (!statement) {
    statement = fixedStatement(
      build,
      `${name}:${key}` as `${typeof NAMED_STATEMENTS.caseListPage}:${string}`,
    );
    statements.set(key, statement);
  }
  return statement;
}

/**
 * A page of the actor's records of a kind, in the lists' order, with how many match and the tiles.
 * `uncounted` holds the conditions case_counts cannot answer (search, assignee, student).
 */
export async function caseListPage<Row>(
  db: DbOrTx,
  source: PageSource<Row>,
  actor: CaseActor,
  filters: CountedValues,
  uncounted: SQL | undefined,
  page: { limit: number; offset: number; today: string },
): Promise<{ rows: Row[]; total: number; tiles: CaseTiles }> {
  const viewer = viewerOf(actor);
  if (viewer === null) return { rows: [], total: 0, tiles: { total: 0, overdue: 0, byStatus: {} } };
  const shape = shapeOf(filters);
  const key = `${source.kind}.${shapeKey(shape)}`;
  const values = { viewer, ...filters, today: page.today, limit: page.limit, offset: page.offset };
  const counted = and(
    viewerRowsShape(caseViewers, source.kind),
    countedFilters(caseViewers, source.kind, shape),
  );
  const extras = { figures: figuresColumn(source.kind, shape) };

  const [rows, matches] = await Promise.all([
    uncounted
      ? runWithValues(source.query(db, and(counted, uncounted), extras), values)
      : named(key, NAMED_STATEMENTS.caseListPage, (handle) => source.query(handle, counted, extras))(
          db,
          values,
        ),
    uncounted ? runWithValues(source.count(db, and(counted, uncounted)), values) : undefined,
  ]);
  // A page past the last record has no row to carry the figures: ask for them alone.
  const figures = (rows[0]?.figures ??
    (
      await named(`${source.kind}.figures.${shapeKey(shape)}`, NAMED_STATEMENTS.caseListCounts, (handle) =>
        handle.select({ figures: figuresColumn(source.kind, shape) }).from(sql`(select 1) as one`),
      )(db, values)
    )[0]?.figures ??
    {}) as Figures;
  const { matching, ...tiles } = tilesOf(figures);
  return {
    rows: source.rowsOf(rows),
    total: matches ? Number(matches[0]?.n ?? 0) : matching,
    tiles,
  };
}
