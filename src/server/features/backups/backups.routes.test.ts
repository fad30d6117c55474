import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Backup, type BackupList, RESTORE_CONFIRMATION_WORD } from '../../../contracts/backups';
import { activities, backups } from '../../db/schema';
import { accessMatrix, expectAccess, fromRole } from '../../testing/access-matrix';
import { json } from '../../testing/factories';
import { createTestContext } from '../../testing/test-app';
import { fileTestContext } from '../../testing/test-file';
import { publicTables, tempBackupDir } from './backup-test-kit';

const dir = tempBackupDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { t, tokens } = fileTestContext({
  signIn: ['ADM001'],
  config: { backupDir: dir },
  clockAt: new Date('2026-11-26T17:05:00Z'),
});

const send = (method: string, route: string, body?: unknown) =>
  t.request(method, route, { token: tokens.ADM001, body });
const create = async () => {
  const res = await send('POST', '/api/backups');
  expect(res.status).toBe(201);
  return json<Backup>(res);
};
const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

describe('who reaches Backup & Data', () => {
  it('admins only: signed out 401, every other role 403, before anything is read', async () => {
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/backups', statuses: fromRole('admin', 200) },
        { route: 'POST /api/backups', statuses: fromRole('admin', 201) },
        { route: `GET /api/backups/${UNKNOWN}/download`, statuses: fromRole('admin', 404) },
        { route: `DELETE /api/backups/${UNKNOWN}`, statuses: fromRole('admin', 404) },
        {
          route: 'POST /api/backups/restore',
          body: { id: UNKNOWN, confirmation: RESTORE_CONFIRMATION_WORD },
          statuses: fromRole('admin', 404),
        },
      ]),
    );
    // Only the admin's POST made a backup.
    const rows = await t.database.db.select().from(backups);
    expect(rows).toHaveLength(1);
  });
});

describe('Create Backup Now, the list and the download', () => {
  it('writes the file, lists it with size and maker, and downloads the gzip of every table', async () => {
    t.clock.advance(60_000);
    const made = await create();
    expect(made).toMatchObject({
      kind: 'manual',
      created_by_name: 'Mutale Bwalya',
      created_at: '2026-11-26T17:06:00.000Z',
    });
    expect(made.file_name).toMatch(/^backup-2026-11-26T17-06-00Z-[0-9a-f]{8}\.json\.gz$/);
    expect(made.size_bytes).toBeGreaterThan(100);
    // Complete under its own name, nothing half-written beside it.
    expect(readdirSync(dir)).toContain(made.file_name);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);

    const list = await json<BackupList>(await send('GET', '/api/backups'));
    expect(list.items[0]).toEqual(made);
    expect(list.last_backup_at).toBe(made.created_at);

    const res = await send('GET', `/api/backups/${made.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="${made.file_name}"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(made.size_bytes);
    const document = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      format: string;
      format_version: number;
      schema_migration: string;
      created_at: string;
      tables: Record<string, { columns: string[]; types: string[]; rows: unknown[][] }>;
    };
    expect(document).toMatchObject({
      format: 'chl-backoffice-backup',
      format_version: 1,
      schema_migration: expect.stringMatching(/^\d{4}_/),
      created_at: made.created_at,
    });
    expect(Object.keys(document.tables).sort()).toEqual(await publicTables(t.database.db));
    // The demo accounts, every column as text.
    const users = document.tables.users!;
    const staffId = users.columns.indexOf('staff_id');
    expect(users.rows.map((row) => row[staffId]).sort()).toContain('ADM001');
    expect(users.types[users.columns.indexOf('id')]).toBe('uuid');
  });

  it('is in the audit trail', async () => {
    const made = await create();
    const [entry] = await t.database.db.select().from(activities).where(eq(activities.entityId, made.id));
    expect(entry).toMatchObject({
      action: 'backup.created',
      actorName: 'Mutale Bwalya',
      entityType: 'backup',
    });
  });

  it('a backup whose file has gone answers 404 with a clear message', async () => {
    const made = await create();
    rmSync(path.join(dir, made.file_name));
    const res = await send('GET', `/api/backups/${made.id}/download`);
    expect(res.status).toBe(404);
    expect((await json<{ error: string }>(res)).error).toContain('no longer in the backup folder');
    const restore = await send('POST', '/api/backups/restore', {
      id: made.id,
      confirmation: RESTORE_CONFIRMATION_WORD,
    });
    expect(restore.status).toBe(404);
    expect((await send('GET', '/api/backups/not-a-uuid/download')).status).toBe(404);
  });

  it('deletes a backup: file, row, and an audit entry', async () => {
    const made = await create();
    expect((await send('DELETE', `/api/backups/${made.id}`)).status).toBe(204);
    expect(existsSync(path.join(dir, made.file_name))).toBe(false);
    const list = await json<BackupList>(await send('GET', '/api/backups'));
    expect(list.items.map((b) => b.id)).not.toContain(made.id);
    const trail = await t.database.db.select().from(activities).where(eq(activities.entityId, made.id));
    expect(trail.map((e) => e.action).sort()).toEqual(['backup.created', 'backup.deleted']);
    expect((await send('DELETE', `/api/backups/${made.id}`)).status).toBe(404);
  });

  it('the list shows only complete backups, newest first', async () => {
    t.clock.advance(60_000);
    const newer = await create();
    await t.database.db.insert(backups).values({
      fileName: 'backup-being-written.json.gz',
      kind: 'manual',
      status: 'writing',
      createdAt: new Date(newer.created_at),
    });
    const list = await json<BackupList>(await send('GET', '/api/backups'));
    expect(list.items[0]!.id).toBe(newer.id);
    expect(list.items.map((b) => b.file_name)).not.toContain('backup-being-written.json.gz');
    const times = list.items.map((b) => b.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('a backup folder that cannot be written', () => {
  it('answers with a clear error and leaves no row behind', async () => {
    const parent = tempBackupDir();
    const blocked = path.join(parent, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const other = await createTestContext({ backupDir: path.join(blocked, 'backups') });
    try {
      const token = await other.signIn('ADM001');
      const res = await other.request('POST', '/api/backups', { token });
      expect(res.status).toBe(500);
      expect((await json<{ error: string }>(res)).error).toContain('BACKUP_DIR');
      expect(await other.database.db.select().from(backups)).toEqual([]);
    } finally {
      await other.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
