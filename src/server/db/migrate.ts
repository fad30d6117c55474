import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number: the key under which app processes take turns to migrate.
const MIGRATION_LOCK_KEY = 72_115_001;

/** When the newest committed migration was made (drizzle-kit's journal), as drizzle records it. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * True when the database already has every committed migration. Then the app does not call the
 * migrator at all, whose first statement (CREATE SCHEMA IF NOT EXISTS) needs a right a database
 * user that may only read and write rows does not have (README: the audit trail's grants).
 */
async function upToDate(client: pg.PoolClient): Promise<boolean> {
  try {
    const { rows } = await client.query<{ newest: string | null }>(
      'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
    );
    return rows[0]?.newest != null && Number(rows[0].newest) >= newestMigration();
  } catch {
    return false; // no migrations table yet: a new database
  }
}

/** Applies committed migrations. Several processes starting together migrate one at a time. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      if (!(await upToDate(client))) await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
