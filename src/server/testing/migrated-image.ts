import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { startPgliteServer } from '../db/pglite-server';
import { MIGRATED_IMAGE_ENV, MIGRATED_TEMPLATE_ENV } from './test-database';

/**
 * Vitest's global setup for the API tests: one database migrated once, that each test file's
 * database starts from (test-database.ts): on PGlite an image of it, on a PostgreSQL server
 * (TEST_DATABASE_URL) a database used as the files' template. Made afresh on every run, from the
 * migrations as they are now, so it cannot fall behind them.
 */
export default async function migratedImageForTheRun(): Promise<(() => void | Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return migratedTemplateOn(serverUrl);
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

/** A migrated database on the server, closed so that files can copy it, and dropped after the run. */
async function migratedTemplateOn(serverUrl: string): Promise<() => Promise<void>> {
  const name = `chl_test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before the files start: a database can be copied only while no one is connected to it.
  const handle = openDatabase(url.href, 1);
  try {
    await runMigrations(handle.pool);
  } finally {
    await handle.close();
  }
  process.env[MIGRATED_TEMPLATE_ENV] = name;
  return () => onServer(`drop database if exists ${name} with (force)`);
}
