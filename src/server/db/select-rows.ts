import type { Column, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client';

type RowOf<TFields extends Record<string, Column>> = {
  [K in keyof TFields]: TFields[K]['_']['notNull'] extends true
    ? TFields[K]['_']['data']
    : TFields[K]['_']['data'] | null;
};

/**
 * Runs a Drizzle select and maps its rows with a plain loop, column by column, as Drizzle would.
 * Drizzle's own row mapper asks is() of every column of every row; for a list page (25 rows of
 * 40-odd columns) that was a third of the request's CPU in a profile. `fields` must be the
 * query's selection, with no two columns of the same name (the rows come back keyed by name).
 */
export async function selectRows<TFields extends Record<string, Column>>(
  db: DbOrTx,
  fields: TFields,
  query: SQLWrapper,
): Promise<Array<RowOf<TFields>>> {
  const columns = distinctColumns(fields);
  const result = await db.execute<Record<string, unknown>>(query);
  return mapRows<TFields>(columns, result.rows);
}

/**
 * A prepared Drizzle query's all(): the driver's rows as they come, keyed by column name (what
 * db.execute answers). Drizzle marks it internal, so its types do not show it; the tests below
 * compare what it gives with Drizzle's own mapping.
 */
interface BuiltQuery {
  all(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * selectRows for a select of fixed shape that runs on every request (a list page): Drizzle builds
 * its SQL once per database handle or transaction, the values arriving through sql.placeholder(),
 * instead of building it again each time (about a tenth of a list request's CPU in a profile).
 *
 * Without a statementName PostgreSQL plans the statement for the values it is given, each time.
 * With one, it is prepared once per connection and may be run with a plan made for any values:
 * name only statements whose best plan does not depend on them (a look-up by primary key).
 */
export function fixedSelect<TFields extends Record<string, Column>>(
  fields: TFields,
  build: (db: DbOrTx) => { prepare(name: string): unknown },
  statementName = '',
) {
  const columns = distinctColumns(fields);
  const built = new WeakMap<DbOrTx, BuiltQuery>();
  return async (db: DbOrTx, values: Record<string, unknown> = {}): Promise<Array<RowOf<TFields>>> => {
    let query = built.get(db);
    if (!query) {
      query = build(db).prepare(statementName) as BuiltQuery;
      built.set(db, query);
    }
    return mapRows<TFields>(columns, (await query.all(values)) as Array<Record<string, unknown>>);
  };
}

function distinctColumns(fields: Record<string, Column>): Array<[string, Column]> {
  const columns = Object.entries(fields);
  if (new Set(columns.map(([, column]) => column.name)).size !== columns.length)
    throw new Error(`selectRows: two selected columns share a name (${columns.map(([, c]) => c.name)})`);
  return columns;
}

function mapRows<TFields extends Record<string, Column>>(
  columns: Array<[string, Column]>,
  rows: Array<Record<string, unknown>>,
): Array<RowOf<TFields>> {
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as RowOf<TFields>;
  });
}
