import { type Column, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { distinctColumns, mapRows, type RowOf } from './select-rows';

/*
 * Selects of fixed shape, and the few that PostgreSQL keeps prepared under a name.
 *
 * When to use which:
 * - selectRows (select-rows.ts): any list or search whose SQL changes with the request.
 * - fixedSelect without a name: a select of fixed shape that runs on (nearly) every request, such
 *   as a list's first page. Drizzle builds its SQL once per database handle; PostgreSQL still plans
 *   it for the values it is given, each time.
 * - fixedSelect with a name from NAMED_STATEMENTS: only when the best plan does not depend on the
 *   values (a look-up by primary key or unique key) and planning costs more than running. The
 *   statement is prepared once per connection and may then run with a plan made for other values.
 * A list with one select per shape of its filters keeps them with statementsByShape, and its named
 * first pages with namedPageStatements (statements-by-shape.ts).
 */

/**
 * Every named prepared statement of the app. A name is prepared once per connection, so two
 * statements must never share one: they are all listed here, where a clash shows.
 */
export const NAMED_STATEMENTS = {
  /** Every API request resolves its session (auth/sessions.ts). */
  sessionUserLookup: 'session_user_lookup',
  /**
   * The first page of another area's list and its figures (db/json-items.ts, db/row-tallies.ts):
   * named `area_list_page:<area>.<shape>.<size>` (db/statements-by-shape.ts namedPageStatements),
   * one per shape of filters and page size.
   */
  areaListPage: 'area_list_page',
  /**
   * A list's kept first page, if it still holds (db/kept-list-pages.ts): named
   * `kept_list_page:<list>`.
   */
  keptListPage: 'kept_list_page',
} as const;
export type NamedStatement = (typeof NAMED_STATEMENTS)[keyof typeof NAMED_STATEMENTS];
/** A name from NAMED_STATEMENTS, alone or followed by ':' and the shape it was built for. */
export type StatementName = NamedStatement | `${NamedStatement}:${string}`;

/**
 * A prepared Drizzle query's all(): the driver's rows as they come, keyed by column name (what
 * db.execute answers). Drizzle marks it internal, so its types do not show it; the tests of
 * select-rows compare what it gives with Drizzle's own mapping.
 */
interface BuiltQuery {
  all(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * selectRows for a select of fixed shape that runs on every request (a list page): Drizzle builds
 * its SQL once per database handle or transaction, the values arriving through sql.placeholder(),
 * instead of building it again each time (about a tenth of a list request's CPU in a profile).
 * See the comment at the top of this file for when to give it a statement name.
 */
export function fixedSelect<TFields extends Record<string, Column>>(
  fields: TFields,
  build: (db: DbOrTx) => { prepare(name: string): unknown },
  statementName: StatementName | '' = '',
) {
  const columns = distinctColumns(fields);
  const run = fixedStatement(build, statementName);
  return async (db: DbOrTx, values: Record<string, unknown> = {}): Promise<Array<RowOf<TFields>>> =>
    mapRows<TFields>(columns, await run(db, values));
}

/**
 * fixedSelect for a select whose rows the caller maps itself (computed columns under their own
 * names): the driver's rows as they come, keyed by column name.
 */
export function fixedStatement(
  build: (db: DbOrTx) => { prepare(name: string): unknown },
  statementName: StatementName | '' = '',
) {
  const built = new WeakMap<DbOrTx, BuiltQuery>();
  return async (
    db: DbOrTx,
    values: Record<string, unknown> = {},
  ): Promise<Array<Record<string, unknown>>> => {
    let query = built.get(db);
    if (!query) {
      query = build(db).prepare(statementName) as BuiltQuery;
      built.set(db, query);
    }
    return (await query.all(values)) as Array<Record<string, unknown>>;
  };
}

/** Runs a select built with sql.placeholder() once, unnamed: planned for these values. */
export async function runWithValues(
  query: { prepare(name: string): unknown },
  values: Record<string, unknown>,
): Promise<Array<Record<string, unknown>>> {
  return (await (query.prepare('') as BuiltQuery).all(values)) as Array<Record<string, unknown>>;
}

/**
 * A LIMIT or OFFSET written into a statement's text instead of sent as a parameter. With a
 * parameter there PostgreSQL costs the generic plan as if a tenth of the rows were read, finds it
 * dearer than planning for the values, and so plans a named statement again on every request
 * (measured in docs/decisions/002). Drizzle's limit() and offset() are typed for numbers and
 * placeholders, which it sends as parameters, and write SQL as it is: hence the cast.
 */
export function writtenCount(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`Not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as Placeholder;
}

/**
 * A placeholder sent as a sub-select, `(select $n::type)`, evaluated once per execution: a value
 * PostgreSQL plans without seeing. Where the planner reads a value (a date against a column's
 * histogram, the length of an array, a user among the most common ids), the plan it makes for the
 * values can always look cheaper than the generic plan of a named statement, and PostgreSQL then
 * plans that statement again on every request (pg_prepared_statements: generic_plans 0 in 50).
 * Planned without the value, both are the same plan, and PostgreSQL keeps it. Found so far: today
 * in the tasks list's first page, and today, the user and their stages in the dashboard's
 * statement and the delegations list (docs/decisions/002).
 */
export function unseenByPlanner(value: Placeholder, type: 'date' | 'uuid' | 'text[]'): SQL {
  return sql`(select ${value}::${sql.raw(type)})`;
}
