import type { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import { BACKUP_MESSAGES as M } from '../../../contracts/backups';
import type { Tx } from '../../db/client';
import {
  BACKUP_LOCK_KEY,
  type Catalog,
  type CatalogTable,
  currentSchemaMigration,
  EMPTIED_BY_RESTORE,
  readCatalog,
  setCanonicalText,
  tableRef,
} from './backup-catalog';
import { BackupFileError, type BackupHeader, type Cell, readBackup } from './backup-format';

/*
 * Puts a backup back: first a whole reading of the file against the database (checkBackup), then,
 * in the caller's one transaction, every table emptied and refilled with exactly the file's rows
 * (replaceAllTables). Any failure rolls the transaction back, so the database is as it was.
 */

/** Opens the file afresh (it is read twice: checked, then restored). */
export type BackupSource = () => Readable;

export interface BackupSummary {
  header: BackupHeader;
  tables: number;
  rows: number;
}

const mismatch = (detail: string) => new BackupFileError(`${M.mismatch}: ${detail}.`);
const list = (names: string[]) => names.join(', ');

function checkColumns(table: CatalogTable, columns: string[], types: string[]) {
  const ours = table.columns.map((c) => `${c.name} ${c.type}`).sort();
  const theirs = columns.map((name, i) => `${name} ${types[i]}`).sort();
  if (new Set(columns).size !== columns.length || list(ours) !== list(theirs)) {
    const missing = ours.filter((c) => !theirs.includes(c));
    const extra = theirs.filter((c) => !ours.includes(c));
    throw mismatch(
      `table "${table.name}" has ${extra.length > 0 ? `columns the database lacks (${list(extra)})` : 'other columns'}` +
        `${missing.length > 0 ? ` and lacks ${list(missing)}` : ''}`,
    );
  }
}

/**
 * Reads the whole file and checks it against the database: its format, the version of the
 * database it was made by, and every table with the same columns, in the order a restore needs.
 */
export async function checkBackup(open: BackupSource, catalog: Catalog): Promise<BackupSummary> {
  const tables = new Map(catalog.tables.map((t) => [t.name, t]));
  const seen: string[] = [];
  let header: BackupHeader | undefined;
  let rows = 0;
  for await (const event of readBackup(open())) {
    if (event.kind === 'header') {
      header = event.header;
      const ours = currentSchemaMigration();
      if (header.schema_migration !== ours)
        throw new BackupFileError(`${M.otherVersion} (${header.schema_migration}; this one is at ${ours}).`);
    } else if (event.kind === 'table') {
      const table = tables.get(event.name);
      if (!table) throw mismatch(`it has a table "${event.name}" the database does not have`);
      if (seen.includes(event.name))
        throw new BackupFileError(`${M.damaged}: table "${event.name}" comes twice.`);
      checkColumns(table, event.columns, event.types);
      seen.push(event.name);
    } else if (event.kind === 'row') rows += 1;
  }
  const missing = catalog.tables.map((t) => t.name).filter((name) => !seen.includes(name));
  if (missing.length > 0)
    throw mismatch(`it lacks the table${missing.length > 1 ? 's' : ''} ${list(missing)}`);
  if (list(seen) !== list(catalog.tables.map((t) => t.name)))
    throw new BackupFileError(`${M.damaged}: its tables are not in the order a restore needs.`);
  return { header: header!, tables: seen.length, rows };
}

/** Rows per INSERT, and text per INSERT (a stored file's parts are 1 MB each). */
const BATCH_ROWS = 2000;
const BATCH_CHARS = 16 * 1024 * 1024;

const castFrom = (value: SQL, column: { bytea: boolean; type: string }) =>
  column.bytea ? sql`decode(${value}, 'base64')` : sql`${value}::${sql.raw(column.type)}`;

/** One array parameter per column, unnested into rows (as db/bulk-insert.ts does). */
function unnested(arrays: Cell[][]) {
  return sql`unnest(${sql.join(
    arrays.map((cells) => sql`${sql.param(cells)}::text[]`),
    sql`, `,
  )}) as v(${sql.join(
    arrays.map((_, i) => sql.identifier(`v${i}`)),
    sql`, `,
  )})`;
}

/** Writes one table's rows as they come from the file, a batch at a time, deferred columns later. */
class TableWriter {
  private rows: Cell[][] = [];
  private chars = 0;
  private readonly order: number[];
  private readonly keyAt: number[];
  private readonly deferredAt: number[];
  /** The deferred columns' values, with the primary key to set them by. */
  private readonly later: Cell[][] = [];
  count = 0;

  constructor(
    private readonly tx: Tx,
    private readonly table: CatalogTable,
    columns: string[],
  ) {
    this.order = table.columns.map((c) => columns.indexOf(c.name));
    this.keyAt = table.primaryKey.map((name) => columns.indexOf(name));
    this.deferredAt = table.deferred.map((name) => columns.indexOf(name));
  }

  async add(cells: Cell[]) {
    this.rows.push(cells);
    this.count += 1;
    for (const cell of cells) this.chars += cell?.length ?? 0;
    if (this.deferredAt.some((i) => cells[i] !== null))
      this.later.push([...this.keyAt, ...this.deferredAt].map((i) => cells[i] ?? null));
    if (this.rows.length >= BATCH_ROWS || this.chars >= BATCH_CHARS) await this.flush();
  }

  async flush() {
    if (this.rows.length === 0) return;
    const { table } = this;
    const arrays = this.order.map((at) => this.rows.map((row) => row[at] ?? null));
    const values = table.columns.map((column, i) =>
      table.deferred.includes(column.name)
        ? sql`null::${sql.raw(column.type)}`
        : castFrom(sql`${sql.identifier(`v${i}`)}`, column),
    );
    await this.tx.execute(sql`insert into ${tableRef(table.name)}
      (${sql.join(
        table.columns.map((c) => sql.identifier(c.name)),
        sql`, `,
      )}) ${table.alwaysIdentity ? sql`overriding system value` : sql``}
      select ${sql.join(values, sql`, `)} from ${unnested(arrays)}`);
    this.rows = [];
    this.chars = 0;
  }

  /** Sets the deferred columns now that every row they may point at is in. */
  async finish() {
    const { table } = this;
    const names = [...table.primaryKey, ...table.deferred];
    const columnOf = (name: string) => table.columns.find((c) => c.name === name)!;
    for (let start = 0; start < this.later.length; start += BATCH_ROWS) {
      const batch = this.later.slice(start, start + BATCH_ROWS);
      const arrays = names.map((_, i) => batch.map((row) => row[i] ?? null));
      const v = (i: number) => castFrom(sql`v.${sql.identifier(`v${i}`)}`, columnOf(names[i]!));
      const keys = table.primaryKey.length;
      await this.tx.execute(sql`update ${tableRef(table.name)} as t
        set ${sql.join(
          table.deferred.map((name, i) => sql`${sql.identifier(name)} = ${v(keys + i)}`),
          sql`, `,
        )}
        from ${unnested(arrays)}
        where ${sql.join(
          table.primaryKey.map((name, i) => sql`t.${sql.identifier(name)} = ${v(i)}`),
          sql` and `,
        )}`);
    }
  }
}

/** The app's own triggers that are on (counters, list items, the audit trail's guard). */
async function enabledTriggers(tx: Tx, catalog: Catalog) {
  const { rows } = await tx.execute(sql`
    select c.relname as "table", t.tgname as name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'
       and c.relname = any(${sql.param(catalog.tables.map((table) => table.name))}::text[])`);
  return rows as Array<{ table: string; name: string }>;
}

/**
 * Empties every table of the catalog (and the sessions) and fills them from the file, in `tx`.
 * The app's triggers are off meanwhile: the file already holds the tables they keep, exactly as
 * they were, and the audit trail's guard against deleting entries would refuse the emptying.
 * Foreign keys stay on, so what goes in is whole. DELETE rather than TRUNCATE: a backup being
 * read from an older snapshot still sees the rows it started with.
 */
export async function replaceAllTables(
  tx: Tx,
  open: BackupSource,
  catalog: Catalog,
): Promise<{ tables: number; rows: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BACKUP_LOCK_KEY})`);
  await setCanonicalText(tx);
  // The file was checked against the catalog read before the lock; a migration since is refused.
  if (JSON.stringify(await readCatalog(tx)) !== JSON.stringify(catalog))
    throw new BackupFileError(`${M.otherVersion}: the database changed while the file was being checked.`);
  const triggers = await enabledTriggers(tx, catalog);
  const toggle = async (state: 'enable' | 'disable') => {
    for (const { table, name } of triggers)
      await tx.execute(sql`alter table ${tableRef(table)} ${sql.raw(state)} trigger ${sql.identifier(name)}`);
  };
  await toggle('disable');
  for (const name of EMPTIED_BY_RESTORE) await tx.execute(sql`delete from ${tableRef(name)}`);
  for (const table of [...catalog.tables].reverse())
    await tx.execute(sql`delete from ${tableRef(table.name)}`);

  const tables = new Map(catalog.tables.map((t) => [t.name, t]));
  const writers: TableWriter[] = [];
  let current: TableWriter | undefined;
  for await (const event of readBackup(open())) {
    if (event.kind === 'table') {
      const table = tables.get(event.name);
      // checkBackup read this same file; a file changed since is refused like any damaged one.
      if (!table) throw mismatch(`it has a table "${event.name}" the database does not have`);
      current = new TableWriter(tx, table, event.columns);
      writers.push(current);
    } else if (event.kind === 'row') await current!.add(event.cells);
    else if (event.kind === 'table-end') await current!.flush();
  }
  if (writers.length !== catalog.tables.length) throw mismatch('it changed while it was being restored');
  for (const writer of writers) await writer.finish();
  for (const table of catalog.tables)
    for (const { column, sequence, start } of table.sequences) {
      const col = sql.identifier(column);
      await tx.execute(sql`select setval(${sequence}::regclass, coalesce(max(${col})::bigint, ${start}::bigint),
        max(${col}) is not null) from ${tableRef(table.name)}`);
    }
  await toggle('enable');
  return { tables: writers.length, rows: writers.reduce((sum, w) => sum + w.count, 0) };
}
