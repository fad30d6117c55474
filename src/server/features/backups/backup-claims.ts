import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { AppDeps } from '../../app-env';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { backups } from '../../db/schema';

/*
 * Whether a backup row still 'writing' has a live writer. The writer holds a session advisory lock
 * on its backup's id, on its own connection, from before its row exists until after the row is
 * ready; PostgreSQL drops the lock when that connection dies with its process. A row 'writing'
 * whose lock anyone can take was therefore left by a dead process, however young it is, while one
 * another live process is writing right now is never touched.
 */

/** The first key of every backup writer's lock (any fixed number); the second is its id's hash. */
const WRITER_LOCK_SPACE = 72_115_022;
const writerLock = (id: string) => sql`${WRITER_LOCK_SPACE}::int, hashtext(${id}::text)`;

/** The pool behind a database handle (drizzle keeps it as $client). */
const poolOf = (db: Database) => (db as Database & { $client: pg.Pool }).$client;

/**
 * Runs `write` on a connection of its own holding the writer's lock of backup `id`; everything
 * `write` does must use the database it is given (on embedded PGlite, the pool's only connection).
 */
export async function asBackupWriter<T>(
  db: Database,
  id: string,
  write: (own: Database) => Promise<T>,
): Promise<T> {
  const client = await poolOf(db).connect();
  const own = drizzle(client, { schema }) as unknown as Database;
  let broken = false;
  try {
    await own.execute(sql`select pg_advisory_lock(${writerLock(id)})`);
    try {
      return await write(own);
    } finally {
      await own.execute(sql`select pg_advisory_unlock(${writerLock(id)})`).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose unlock failed may still hold the lock: closed, it holds nothing.
    client.release(broken);
  }
}

/**
 * Clears what writers that died left: each row still 'writing' with no live writer is removed
 * (which frees an automatic backup's slot for the next pass) with its partial file. Safe with any
 * number of processes; returns the file names cleared.
 */
export async function clearDeadWrites(deps: AppDeps): Promise<string[]> {
  const writing = await deps.db.select({ id: backups.id }).from(backups).where(eq(backups.status, 'writing'));
  const cleared: string[] = [];
  for (const { id } of writing) {
    const fileName = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`select pg_try_advisory_xact_lock(${writerLock(id)}) as free`);
      if (!rows[0]?.free) return null;
      // Re-read under the lock: a writer that finished in between has marked its row ready.
      const [dead] = await tx
        .delete(backups)
        .where(and(eq(backups.id, id), eq(backups.status, 'writing')))
        .returning({ fileName: backups.fileName });
      return dead?.fileName ?? null;
    });
    if (!fileName) continue;
    await rm(path.join(deps.config.backupDir, `${fileName}.partial`), { force: true });
    deps.logger.warn('cleared a backup left unfinished by a stopped process', { file: fileName });
    cleared.push(fileName);
  }
  return cleared;
}
