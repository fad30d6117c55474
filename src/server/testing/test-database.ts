import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../db/migrate';
import { startPgliteServer } from '../db/pglite-server';

export interface TestDatabase extends DatabaseHandle {
  kind: 'pglite' | 'postgres';
}

export interface TestDatabaseOptions {
  /**
   * Migrate only up to this migration (its tag, such as '0020_settings_security_and_backups'),
   * for a test of the next one; runMigrations applies the rest.
   */
  upTo?: string;
}

/**
 * A fresh, migrated database for one test file: embedded PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresDatabase(serverUrl, { prefix: 'chl_test', poolSize: 10, ...options });
  const image = options.upTo === undefined ? migratedImage() : undefined;
  const pglite = await startPgliteServer(undefined, { startFrom: image });
  const handle = openDatabase(pglite.url, 1);
  // From the migrated image this finds every migration applied and changes nothing.
  await migrateTestDatabase(handle.pool, options.upTo);
  return {
    ...handle,
    kind: 'pglite',
    async close() {
      await handle.close();
      await pglite.stop();
    },
  };
}

/**
 * Where the API tests' global setup (migrated-image.ts) left a migrated PGlite database's image.
 * Starting from it takes a third of the time of a new PGlite plus every migration (about 1 s
 * against 3 to 5 s here), once for each of the hundred-odd test files.
 */
export const MIGRATED_IMAGE_ENV = 'CHL_TEST_PGLITE_IMAGE';

function migratedImage(): Blob | undefined {
  const file = process.env[MIGRATED_IMAGE_ENV];
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Where the API tests' global setup (migrated-image.ts) left a database migrated once on the
 * TEST_DATABASE_URL server, which each test file's database is copied from: a copy takes a tenth of
 * running every migration on a new database (about 2-4 s), once for each of the API test files.
 */
export const MIGRATED_TEMPLATE_ENV = 'CHL_TEST_POSTGRES_TEMPLATE';

/** A new, migrated database on the PostgreSQL server at serverUrl, dropped again on close. */
export async function createPostgresDatabase(
  serverUrl: string,
  options: { prefix: string; poolSize: number } & TestDatabaseOptions,
): Promise<TestDatabase> {
  const name = `${options.prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template =
    options.upTo === undefined && serverUrl === process.env.TEST_DATABASE_URL
      ? process.env[MIGRATED_TEMPLATE_ENV]
      : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.href, options.poolSize);
  // From the template this finds every migration applied and changes nothing.
  await migrateTestDatabase(handle.pool, options.upTo);
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

/** Every migration, or those up to and including `upTo` (from a copy of the folder that ends there). */
async function migrateTestDatabase(pool: pg.Pool, upTo: string | undefined): Promise<void> {
  if (upTo === undefined) return runMigrations(pool);
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((e) => e.tag === upTo);
  if (last < 0) throw new Error(`No migration ${upTo}`);
  const entries = journal.entries.slice(0, last + 1);
  const folder = mkdtempSync(join(tmpdir(), 'chl-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries)
      copyFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`));
    const client = await pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      client.release();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
