import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { startPgliteServer } from '../db/pglite-server';
import { MIGRATED_IMAGE_ENV } from './test-database';

/**
 * Vitest's global setup for the API tests on PGlite: one database migrated once, kept as an image
 * that each test file's database starts from (test-database.ts). Made afresh on every run, from
 * the migrations as they are now, so it cannot fall behind them. Not made when the tests run on a
 * PostgreSQL server (TEST_DATABASE_URL).
 */
export default async function migratedImageForTheRun(): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const pglite = await startPgliteServer(undefined);
  try {
    const handle = openDatabase(pglite.url, 1);
    try {
      await runMigrations(handle.pool);
    } finally {
      // Closed before the server stops, also when a migration fails: an open pool would keep
      // the run waiting on its connection.
      await handle.close();
    }
    const folder = mkdtempSync(join(tmpdir(), 'chl-test-image-'));
    const file = join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await pglite.image()).arrayBuffer()));
    // Read by the test files' processes, which start after this and inherit the environment.
    process.env[MIGRATED_IMAGE_ENV] = file;
    return () => rmSync(folder, { recursive: true, force: true });
  } finally {
    await pglite.stop();
  }
}
