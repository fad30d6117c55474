import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Rows per INSERT statement (one array parameter per column, whatever the number of rows). All of a
 * file's statements share one transaction, so the size only bounds each statement's parameters:
 * smaller batches did not shorten the write (20,000 rows: 2.2-2.9 s in batches of 5,000 or one
 * statement, 3.2-3.5 s in batches of 1,000-2,000, on embedded PGlite).
 */
export const INSERT_BATCH = 5000;

/**
 * The column list and the `select * from unnest($1::text[], ...)` that write `rows` into `table`,
 * one array parameter per column: a few dozen parameters instead of one per cell, which
 * PostgreSQL parses and plans in a blink. For a statement that needs more around the insert (a
 * WITH, a RETURNING); insertByArrays is the plain insert. A column a row leaves out takes the
 * column's default value (columns with SQL defaults, such as the id, are left to the database when
 * no row sets them); generated columns are never written.
 */
export function rowsAsArrays<TTable extends PgTable>(
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): { columns: SQL; select: SQL } {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => key in columns && columns[key]!.generated === undefined,
  );
  const fallback = (key: string) => {
    const column = columns[key]!;
    return column.default !== undefined && !is(column.default, SQL) ? column.default : null;
  };
  const arrays = keys.map((key) => {
    const cells = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === undefined ? fallback(key) : value;
    });
    return sql`${sql.param(cells)}::${sql.raw(columns[key]!.getSQLType())}[]`;
  });
  return {
    columns: sql`(${sql.join(
      keys.map((key) => sql.identifier(columns[key]!.name)),
      sql`, `,
    )})`,
    select: sql`select * from unnest(${sql.join(arrays, sql`, `)})`,
  };
}

/** Inserts the rows, INSERT_BATCH to a statement, inside the caller's transaction (see rowsAsArrays). */
export async function insertByArrays<TTable extends PgTable>(
  tx: DbOrTx,
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const { columns, select } = rowsAsArrays(table, rows.slice(start, start + INSERT_BATCH));
    await tx.execute(sql`insert into ${table} ${columns} ${select}`);
  }
}
