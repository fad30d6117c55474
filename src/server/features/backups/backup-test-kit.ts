import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Backup } from '../../../contracts/backups';
import type { SettingsResponse } from '../../../contracts/settings';
import type { Database } from '../../db/client';
import { seedDemoData } from '../../db/demo-seed';
import { users } from '../../db/schema';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { builtForTheFile } from '../../testing/test-file';

/*
 * What the backup tests share: a backup folder of their own, a database with rows in every area,
 * every table's rows read without the backup code (so a table it forgot shows), and a restore
 * sent as an upload.
 */

export const tempBackupDir = () => mkdtempSync(path.join(tmpdir(), 'chl-backups-'));

/** Every public table but `backups` and `sessions`, from information_schema, not the code under test. */
export async function publicTables(db: Database): Promise<string[]> {
  const { rows } = await db.execute(sql`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('backups', 'sessions')
     order by 1`);
  return rows.map((row) => row.name as string);
}

/** Every table's full contents: each row as PostgreSQL's text of it, sorted. */
export async function everyRow(db: Database): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const name of await publicTables(db)) {
    const { rows } = await db.execute(
      sql`select coalesce(array_agg(x::text order by x::text), '{}') as rows from ${sql.identifier(name)} x`,
    );
    contents[name] = rows[0]!.rows as string[];
  }
  return contents;
}

export const sessionCount = async (db: Database) =>
  Number((await db.execute(sql`select count(*) as n from sessions`)).rows[0]!.n);

/** POST /api/backups/restore with the file as multipart form data (and the confirmation, if given). */
export function restoreUpload(
  t: TestContext,
  token: string,
  bytes: Uint8Array,
  confirmation?: string,
): Promise<Response> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'backup.json.gz', { type: 'application/gzip' }));
  if (confirmation !== undefined) form.set('confirmation', confirmation);
  return Promise.resolve(
    t.app.request('/api/backups/restore', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
}

/** A backup file's lines, to take apart and put together again. */
export const backupLines = (gzipped: Uint8Array) => gunzipSync(gzipped).toString('utf8').split('\n');

/** Values that are easy to get almost right: quotes, new lines, emoji, microseconds, big money, bytes, arrays. */
async function awkwardValues(t: TestContext) {
  const db = t.database.db;
  // Each account made by another, two of them by each other: a cycle within the table.
  await db.execute(sql`update users set created_by_id = (select id from users where staff_id = 'DPM001')
                        where staff_id = 'ADM001'`);
  await db.execute(sql`update users set created_by_id = (select id from users where staff_id = 'ADM001')
                        where staff_id <> 'ADM001'`);
  await db.execute(sql`update students set program_notes = ${'It\'s "quoted", back\\slash,\nnew line,\ttab, ✓ 🎓'},
                        updated_at = '2026-03-15 10:11:12.123456+00'
                        where id = (select min(id::text)::uuid from students)`);
  await db.execute(
    sql`update students set program_notes = '' where id = (select max(id::text)::uuid from students)`,
  );
  await db.execute(sql`update events set tags = ${sql.param(['a,b', 'quote"s', 'back\\slash', '', 'NULL', '{x}'])}::text[]
                        where id = (select min(id::text)::uuid from events)`);
  await db.execute(sql`insert into stored_file_parts (storage_key, part, data)
                        select gen_random_uuid(), 0, decode(string_agg(lpad(to_hex(i), 2, '0'), '' order by i), 'hex')
                          from generate_series(0, 255) i`);
  const student = await makeStudent(t, { name: 'Łukasz Mwansa-Ñandú' });
  await makeAllowance(t, student, { stipend: '9999999999.99', total: '9999999999.99', stage: 'approved' });
}

/**
 * A test app whose database holds the demo world (every area's rows), awkward values and a saved
 * settings document, with ADM001 signed in.
 */
export async function demoWorld(backupDir: string): Promise<{ t: TestContext; token: string }> {
  const t = await createTestContext({ backupDir });
  t.clock.set(new Date('2026-11-26T17:05:00Z'));
  await t.database.db.delete(users);
  await seedDemoData(t.database.db, t.clock.now());
  await awkwardValues(t);
  const token = await t.signIn('ADM001');
  const { settings } = await json<SettingsResponse>(await t.request('GET', '/api/settings', { token }));
  settings.general.systemName = 'Backed-up «name»';
  const saved = await t.request('PUT', '/api/settings', { token, body: { version: 0, settings } });
  expect(saved.status).toBe(200);
  return { t, token };
}

/**
 * The demo world of demoWorld for the tests of one file, with a backup folder of its own (removed
 * with it): `admin.token` is ADM001's session (a test that signs in again puts the new one there),
 * and `send` a JSON request with it.
 */
export function fileDemoWorld() {
  const dir = tempBackupDir();
  const admin = { token: '' };
  const t = builtForTheFile('demo world', async (): Promise<TestContext> => {
    const world = await demoWorld(dir);
    admin.token = world.token;
    return {
      ...world.t,
      async close() {
        await world.t.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
  const send = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: admin.token, body });
  return { t, admin, send };
}

/** Create Backup Now, and the file it wrote, downloaded. */
export async function backUp(t: TestContext, token: string): Promise<{ backup: Backup; bytes: Uint8Array }> {
  const res = await t.request('POST', '/api/backups', { token });
  expect(res.status).toBe(201);
  const backup = await json<Backup>(res);
  const file = await t.request('GET', `/api/backups/${backup.id}/download`, { token });
  return { backup, bytes: new Uint8Array(await file.arrayBuffer()) };
}
