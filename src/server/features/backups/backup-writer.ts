import { createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  BACKUP_LOCK_KEY,
  type Catalog,
  type CatalogTable,
  currentSchemaMigration,
  readCatalog,
  setCanonicalText,
  tableRef,
} from './backup-catalog';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  type Cell,
  footerLine,
  headerLine,
  rowLines,
  tableEndLine,
  tableStartLine,
} from './backup-format';

/*
 * Writes the whole database to one backup file (backup-format.ts), from one consistent snapshot:
 * a REPEATABLE READ transaction sees every table as it was at its first statement, whatever
 * commits while the file is written, so no foreign key in the file points at a row it lacks.
 */

/** Rows per FETCH: a stored file's part is up to 1 MB, so tables with bytea fetch a few at a time. */
const FETCH_ROWS = 1000;
const FETCH_ROWS_WITH_BYTES = 8;

/** Each column as text PostgreSQL reads back as the same value; bytea as base64 (a third of hex's size). */
function selectList(table: CatalogTable) {
  return sql.join(
    table.columns.map((column, i) => {
      const name = sql.identifier(column.name);
      const text = column.bytea ? sql`translate(encode(${name}, 'base64'), E'\\n', '')` : sql`${name}::text`;
      return sql`${text} as ${sql.identifier(`c${i}`)}`;
    }),
    sql`, `,
  );
}

async function* tableText(tx: Tx, table: CatalogTable, first: boolean): AsyncGenerator<string> {
  yield tableStartLine(
    table.name,
    table.columns.map((c) => c.name),
    table.columns.map((c) => c.type),
    first,
  );
  // Primary key order: the same database gives the same file, and two files compare line by line.
  const order =
    table.primaryKey.length > 0
      ? sql` order by ${sql.join(
          table.primaryKey.map((c) => sql.identifier(c)),
          sql`, `,
        )}`
      : sql``;
  await tx.execute(
    sql`declare backup_rows no scroll cursor for select ${selectList(table)} from ${tableRef(table.name)}${order}`,
  );
  const size = table.columns.some((c) => c.bytea) ? FETCH_ROWS_WITH_BYTES : FETCH_ROWS;
  const fetch = sql.raw(`fetch forward ${size} from backup_rows`);
  for (let firstRow = true; ; firstRow = false) {
    const { rows } = await tx.execute(fetch);
    if (rows.length === 0) break;
    yield rowLines(
      rows.map((row) => table.columns.map((_, i) => row[`c${i}`] as Cell)),
      firstRow,
    );
  }
  await tx.execute(sql`close backup_rows`);
  yield tableEndLine;
}

async function* backupText(tx: Tx, catalog: Catalog, header: BackupHeader): AsyncGenerator<string> {
  yield headerLine(header);
  for (const [i, table] of catalog.tables.entries()) yield* tableText(tx, table, i === 0);
  yield footerLine;
}

/**
 * The backup folder, made readable by its owner only (the service's user): backups hold password
 * hashes, tokens, student records and files. Modes given at creation only ever lose bits to the
 * umask, and a folder made before keeps its own, so the folder's is set each time.
 */
async function privateBackupFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Writes the backup to `fileName` in `dir`: first under a temporary name, renamed once complete,
 * so a file of that name is always whole. Its size in bytes; on failure nothing is left behind.
 */
export async function writeBackupFile(
  db: Database,
  dir: string,
  fileName: string,
  createdAt: Date,
): Promise<number> {
  await privateBackupFolder(dir);
  const target = path.join(dir, fileName);
  const partial = `${target}.partial`;
  try {
    await db.transaction(
      async (tx) => {
        // Shared: backups may be written side by side, but never while a restore replaces the tables.
        await tx.execute(sql`select pg_advisory_xact_lock_shared(${BACKUP_LOCK_KEY})`);
        await setCanonicalText(tx);
        const catalog = await readCatalog(tx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          format_version: BACKUP_FORMAT_VERSION,
          schema_migration: currentSchemaMigration(),
          created_at: createdAt.toISOString(),
        };
        await pipeline(
          Readable.from(backupText(tx, catalog, header)),
          createGzip(),
          createWriteStream(partial, { mode: 0o600 }),
        );
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // The umask may only take bits away from 0600; set it anyway, so no umask can matter.
    await chmod(partial, 0o600);
    await rename(partial, target);
    return (await stat(target)).size;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
