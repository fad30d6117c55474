import { setImmediate as nextTurn } from 'node:timers/promises';
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Rows per INSERT statement (one array parameter per column, whatever the number of rows). An
 * upload or an import writes fewer rows per transaction than this (config.bulkWriteRows,
 * docs/decisions/009), so this only bounds the statements of other bulk writes. In one transaction,
 * smaller statements did not shorten the write (20,000 rows: 2.2-2.9 s in batches of 5,000 or one
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
  const keys = writtenKeys(columns, rows);
  const arrays = keys.map((key) => {
    const cells = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === undefined ? fallback(columns, key) : value;
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

/**
 * rowsAsArrays' column list with `select * from json_to_recordset($1::json) as r(...)`: the rows go
 * as one JSON text, which JSON.stringify writes many times faster than the driver writes each
 * column's array literal (10,000 allowances with their audit entries: 5.2 s of building before,
 * on a loaded machine; see bench/upload-stall.bench.ts), and an array column stays an array. A
 * jsonb column takes the value itself, not its JSON text.
 */
export function rowsAsJson<TTable extends PgTable>(
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): { columns: SQL; select: SQL } {
  const columns = getTableColumns(table);
  const keys = writtenKeys(columns, rows);
  const names = keys.map((key) => columns[key]!.name);
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const value = (row as Record<string, unknown>)[key];
        out[names[i]!] = value === undefined ? fallback(columns, key) : value;
      });
      return out;
    }),
  );
  const record = keys.map(
    (key, i) => sql`${sql.identifier(names[i]!)} ${sql.raw(columns[key]!.getSQLType())}`,
  );
  return {
    columns: sql`(${sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    )})`,
    select: sql`select * from json_to_recordset(${json}::json) as r(${sql.join(record, sql`, `)})`,
  };
}

type Columns = ReturnType<typeof getTableColumns>;

/** The keys any row sets that name a column the insert may write (generated columns never are). */
function writtenKeys(columns: Columns, rows: object[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => key in columns && columns[key]!.generated === undefined,
  );
}

/** What a row leaving `key` out writes: the column's own value default, or null (SQL defaults are the database's). */
function fallback(columns: Columns, key: string): unknown {
  const column = columns[key]!;
  return column.default !== undefined && !is(column.default, SQL) ? column.default : null;
}

/**
 * The INSERT statements (INSERT_BATCH rows each, see rowsAsJson) that write `rows` into `table`,
 * built now so that a transaction only has to send them: on embedded PGlite everyone else waits
 * while a transaction holds its one connection, and building 100,000 rows' arrays took part of it.
 */
export async function insertStatements<TTable extends PgTable>(
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): Promise<SQL[]> {
  const statements: SQL[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    // Building a batch blocks this process as long as sending it holds the database: other
    // requests are answered between two batches.
    if (start > 0) await nextTurn();
    const { columns, select } = rowsAsJson(table, rows.slice(start, start + INSERT_BATCH));
    statements.push(sql`insert into ${table} ${columns} ${select}`);
  }
  return statements;
}

/** Runs statements prepared beforehand (insertStatements), in order, in the caller's transaction. */
export async function runStatements(tx: DbOrTx, statements: SQL[]): Promise<void> {
  for (const statement of statements) await tx.execute(statement);
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
