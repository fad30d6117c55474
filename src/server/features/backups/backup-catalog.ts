import { readFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';

/*
 * What a backup holds, read from the database's own catalog rather than a list kept by hand, so a
 * table added by a later migration is in the next backup without anyone remembering it.
 */

/**
 * Public tables a backup leaves out. `backups` describes files outside the database (and a
 * restore must not forget the backups it could go back to); `sessions` are sign-ins of the moment,
 * secrets a downloaded file has no business carrying, and a restore ends them all anyway.
 */
export const NOT_BACKED_UP = ['backups', 'sessions'] as const;
/** Of those, what a restore empties: everyone signs in again. */
export const EMPTIED_BY_RESTORE = ['sessions'] as const;

export interface CatalogColumn {
  name: string;
  /** As format_type gives it ('numeric(12,2)', 'timestamp with time zone'): also the cast on restore. */
  type: string;
  bytea: boolean;
  nullable: boolean;
}

export interface CatalogTable {
  name: string;
  /** In column order, without generated columns (the database computes them again). */
  columns: CatalogColumn[];
  primaryKey: string[];
  /** A GENERATED ALWAYS identity column takes its saved values only with OVERRIDING SYSTEM VALUE. */
  alwaysIdentity: boolean;
  /** Sequences owned by its columns, set past the restored values. */
  sequences: Array<{ column: string; sequence: string; start: string }>;
  /**
   * Foreign-key columns that point into a cycle (users.created_by_id at users): inserted as null,
   * then set once every table is back, so no insert waits for a row that comes later.
   */
  deferred: string[];
}

/** The public tables a backup holds, each after the tables its foreign keys point at. */
export interface Catalog {
  tables: CatalogTable[];
}

let newestMigration: string | undefined;

/** The newest migration this version of the app applies (drizzle-kit's journal): a backup's schema. */
export function currentSchemaMigration(): string {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
      entries: Array<{ when: number; tag: string }>;
    };
    newestMigration = journal.entries.reduce((a, b) => (b.when > a.when ? b : a)).tag;
  }
  return newestMigration;
}

/**
 * Session settings under which every value's text is the same wherever it is written or read back
 * (dates in ISO order, instants in UTC, floats to the last digit), for the transaction only.
 */
export async function setCanonicalText(db: DbOrTx): Promise<void> {
  await db.execute(sql`select set_config('DateStyle', 'ISO, YMD', true), set_config('TimeZone', 'UTC', true),
    set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '3', true),
    set_config('bytea_output', 'hex', true)`);
}

/** Backups and restores take turns on this (any fixed number): a restore waits for every backup being written. */
export const BACKUP_LOCK_KEY = 72_115_021;

export const tableRef = (name: string): SQL => sql`${sql.identifier('public')}.${sql.identifier(name)}`;

const rowsOf = async <T>(db: DbOrTx, query: SQL) => (await db.execute(query)).rows as T[];

/** Ordinary and partitioned tables of the public schema (as `c`), partitions left to their parent. */
const inPublic = sql`n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`;

export async function readCatalog(db: DbOrTx): Promise<Catalog> {
  const columns = await rowsOf<{
    table: string;
    name: string;
    type: string;
    bytea: boolean;
    nullable: boolean;
    always: boolean;
  }>(
    db,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.atttypid = 'bytea'::regtype as bytea, not a.attnotnull as nullable, a.attidentity = 'a' as always
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid
         where ${inPublic} and c.relname <> all(${sql.param([...NOT_BACKED_UP])}::text[])
           and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         order by c.relname, a.attnum`,
  );
  // A constraint's columns in its key order, as a JSON array of names.
  const keys = await rowsOf<{ table: string; kind: 'p' | 'f'; references: string | null; columns: string[] }>(
    db,
    sql`select c.relname as "table", con.contype as kind, r.relname as "references",
               (select json_agg(a.attname order by k.i)
                  from unnest(con.conkey) with ordinality k(attnum, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_constraint con on con.conrelid = c.oid and con.contype in ('p', 'f')
          left join pg_class r on r.oid = con.confrelid
         where ${inPublic}
         order by c.relname, con.conname`,
  );
  const sequences = await rowsOf<{ table: string; column: string; sequence: string; start: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column", s.oid::regclass::text as sequence,
               ps.seqstart::text as start
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_depend d on d.refobjid = c.oid and d.refclassid = 'pg_class'::regclass
                          and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
          join pg_class s on s.oid = d.objid and s.relkind = 'S'
          join pg_sequence ps on ps.seqrelid = s.oid
          join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
         where ${inPublic}
         order by c.relname, a.attnum`,
  );
  const tables = new Map<string, CatalogTable>();
  for (const column of columns) {
    let table = tables.get(column.table);
    if (!table) {
      table = {
        name: column.table,
        columns: [],
        primaryKey: [],
        alwaysIdentity: false,
        sequences: [],
        deferred: [],
      };
      tables.set(column.table, table);
    }
    table.columns.push({
      name: column.name,
      type: column.type,
      bytea: column.bytea,
      nullable: column.nullable,
    });
    if (column.always) table.alwaysIdentity = true;
  }
  for (const key of keys) {
    const table = tables.get(key.table);
    if (table && key.kind === 'p') table.primaryKey = key.columns;
  }
  for (const seq of sequences) tables.get(seq.table)?.sequences.push(seq);
  const foreignKeys = keys
    .filter(
      (key) => key.kind === 'f' && tables.has(key.table) && key.references && tables.has(key.references),
    )
    .map((key) => ({ from: key.table, to: key.references!, columns: key.columns }));
  return { tables: insertOrder(tables, foreignKeys) };
}

/**
 * The tables in an order that satisfies every foreign key (Kahn's algorithm, by name among
 * equals, so the same database always gives the same order). A key that closes a cycle, a table
 * pointing at itself included, is deferred when its columns may be null; one that may not stops
 * the backup with the cycle named, rather than writing a file that could never be restored.
 */
export function insertOrder(
  tables: Map<string, CatalogTable>,
  foreignKeys: Array<{ from: string; to: string; columns: string[] }>,
): CatalogTable[] {
  /** Defers the key's columns if they may be null and the table has a key to set them by later. */
  const deferred = (key: { from: string; columns: string[] }) => {
    const table = tables.get(key.from)!;
    const nullable = key.columns.every((name) => table.columns.find((c) => c.name === name)?.nullable);
    if (!nullable || table.primaryKey.length === 0) return false;
    table.deferred.push(...key.columns.filter((name) => !table.deferred.includes(name)));
    return true;
  };
  // A table pointing at itself: one statement checks its keys at its end, but a later batch may
  // hold the row an earlier one points at.
  let waiting = foreignKeys.filter((key) => key.from !== key.to || !deferred(key));
  const order: CatalogTable[] = [];
  const left = new Set(tables.keys());
  while (left.size > 0) {
    const ready = [...left]
      .filter((name) => !waiting.some((key) => key.from === name && key.to !== name && left.has(key.to)))
      .sort();
    for (const name of ready) {
      order.push(tables.get(name)!);
      left.delete(name);
    }
    if (ready.length > 0) continue;
    const cycle = waiting.filter((key) => left.has(key.from) && left.has(key.to) && key.from !== key.to);
    const broken = cycle.find(deferred);
    if (!broken)
      throw new Error(`Tables whose foreign keys form a cycle no null can break: ${[...left].join(', ')}`);
    waiting = waiting.filter((key) => key !== broken);
  }
  return order;
}
