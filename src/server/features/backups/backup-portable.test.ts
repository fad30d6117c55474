import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app-env';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { seedDemoData } from '../../db/demo-seed';
import { runMigrations } from '../../db/migrate';
import { startPgliteServer } from '../../db/pglite-server';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { createPostgresDatabase, type TestDatabase } from '../../testing/test-database';
import { everyRow, tempBackupDir } from './backup-test-kit';
import { makeBackup, restoreBackup, SYSTEM_ACTOR } from './backups.service';

/*
 * One file format for both databases: a backup of embedded PGlite restores on a PostgreSQL server
 * and back, row for row. Needs a server (TEST_DATABASE_URL); PGlite is started here either way.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const dir = tempBackupDir();
let server: TestContext;
let pglite: DatabaseHandle & { stop(): Promise<void> };
let database: TestDatabase | undefined;
const restorer = { id: '00000000-0000-4000-8000-000000000123', name: 'Restorer' } as never;

async function restoreFile(deps: AppDeps, fileName: string) {
  const bytes = readFileSync(path.join(dir, fileName));
  return restoreBackup(deps, restorer, { upload: { name: fileName, chunks: [bytes], size: bytes.length } });
}

/**
 * Every table but the audit trail (each restore adds its entry, and one to the trail's tally),
 * instants in UTC whatever the server's zone.
 */
async function contents(deps: AppDeps) {
  await deps.db.execute(sql`set timezone = 'UTC'`);
  const { activities, row_tallies: tallies, ...rest } = await everyRow(deps.db);
  return {
    rest,
    tallies: tallies!.filter((row) => !row.startsWith('(activities,')),
    trail: activities!.filter((row) => !row.includes('backup.')),
  };
}

describe.runIf(serverUrl)('a backup between embedded PGlite and a PostgreSQL server', () => {
  beforeAll(async () => {
    server = await createTestContext({ backupDir: dir });
    const embedded = await startPgliteServer(undefined);
    const handle = openDatabase(embedded.url, 1);
    await runMigrations(handle.pool);
    pglite = { ...handle, stop: embedded.stop };
    await seedDemoData(handle.db, new Date('2026-03-15T09:00:00Z'));
    await handle.db.execute(sql`update students set updated_at = '2026-03-15 10:11:12.123456+00',
                                 program_notes = ${'ü "q" \\ \n 🎓'} where id = (select min(id::text)::uuid from students)`);
    // One connection, so the session's time zone holds for every comparison.
    database = await createPostgresDatabase(serverUrl!, { prefix: 'chl_portable', poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await pglite?.close();
    await pglite?.stop();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores on the server what PGlite wrote, and back again', async () => {
    const onPglite: AppDeps = { ...server.deps, db: pglite.db };
    const onServer: AppDeps = { ...server.deps, db: database!.db };
    const written = await makeBackup(onPglite, { kind: 'manual', slot: null, actor: SYSTEM_ACTOR });
    const want = await contents(onPglite);
    await restoreFile(onServer, written!.file_name);
    expect(await contents(onServer)).toEqual(want);

    await pglite.db.execute(sql`delete from allowance_comments`);
    const back = await makeBackup(onServer, { kind: 'manual', slot: null, actor: SYSTEM_ACTOR });
    await restoreFile(onPglite, back!.file_name);
    expect(await contents(onPglite)).toEqual(want);
  });
});
