import type { DbOrTx } from './client';

/*
 * The one statement PostgreSQL keeps prepared under a name: the session look-up every API request
 * makes (docs/decisions/009). Lists and searches are plain Drizzle queries, planned for their values.
 */

/**
 * Every named prepared statement of the app. A name is prepared once per connection, so two
 * statements must never share one: they are all listed here, where a clash shows.
 */
export const NAMED_STATEMENTS = {
  /** Every API request resolves its session (auth/sessions.ts). */
  sessionUserLookup: 'session_user_lookup',
} as const;
export type NamedStatement = (typeof NAMED_STATEMENTS)[keyof typeof NAMED_STATEMENTS];
/** A name from NAMED_STATEMENTS. */
export type StatementName = NamedStatement;

/**
 * A prepared Drizzle query's all(): the driver's rows as they come, keyed by column name (what
 * db.execute answers). Drizzle marks it internal, so its types do not show it; the tests of
 * select-rows compare what it gives with Drizzle's own mapping.
 */
interface BuiltQuery {
  all(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A select of fixed shape that runs on every request, its values arriving through
 * sql.placeholder(): Drizzle builds its SQL once per database handle or transaction, and a
 * statement name from NAMED_STATEMENTS has PostgreSQL prepare it once per connection. The driver's
 * rows come as they are, keyed by column name.
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
