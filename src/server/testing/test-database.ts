import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { startPgliteServer } from '../db/pglite-server';

export interface TestDatabase extends DatabaseHandle {
  kind: 'pglite' | 'postgres';
}

/**
 * A fresh, migrated database for one test file: embedded PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresDatabase(serverUrl, { prefix: 'chl_test', poolSize: 10 });
  const pglite = await startPgliteServer(undefined);
  const handle = openDatabase(pglite.url, 1);
  await runMigrations(handle.pool);
  return {
    ...handle,
    kind: 'pglite',
    async close() {
      await handle.close();
      await pglite.stop();
    },
  };
}

/** A new, migrated database on the PostgreSQL server at serverUrl, dropped again on close. */
export async function createPostgresDatabase(
  serverUrl: string,
  options: { prefix: string; poolSize: number },
): Promise<TestDatabase> {
  const name = `${options.prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.href, options.poolSize);
  await runMigrations(handle.pool);
  return {
    ...handle,
    kind: 'postgres',
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
