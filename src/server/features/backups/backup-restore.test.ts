import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Backup,
  type BackupList,
  RESTORE_CONFIRMATION_WORD as CONFIRM,
  type RestoreResult,
} from '../../../contracts/backups';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { backUp, everyRow, fileDemoWorld, restoreUpload, sessionCount } from './backup-test-kit';
import { makeBackup, SYSTEM_ACTOR } from './backups.service';

/*
 * A restore gives back exactly the rows of the backup, in every table, on PGlite and on a
 * PostgreSQL server (backup-refusals.test.ts: the files it refuses).
 */

const { t, admin, send } = fileDemoWorld();

/** Changes, deletions and additions across many tables, through the API and around it. */
async function changeEverything() {
  const db = t.database.db;
  await db.execute(
    sql`delete from allowance_comments where id in (select id from allowance_comments limit 100)`,
  );
  await db.execute(sql`delete from issue_comments`);
  await db.execute(sql`delete from stored_file_parts where part = 0 and storage_key in
                        (select storage_key from stored_file_parts limit 1)`);
  await db.execute(sql`update students set first_name = 'Changed', full_name = 'Changed Name'
                        where id in (select id from students limit 10)`);
  await db.execute(sql`update users set name = 'Renamed Officer' where staff_id = 'PO001'`);
  await db.execute(sql`delete from tasks where id in (select id from tasks limit 3)`);
  const student = await makeStudent(t, { officer: 'PO001' });
  await makeAllowance(t, student, { stage: 'pending_dpm' });
  expect((await send('POST', '/api/settings/reset')).status).toBe(200);
}

/**
 * Every table as it was, but the audit trail with the restore's own entry after its old rows (and
 * so its tally one more: checkTriggerKeptTables holds the tallies to the tables).
 */
function expectRestored(after: Record<string, string[]>, before: Record<string, string[]>) {
  const { activities: trail, ...rest } = after;
  const { activities: trailBefore, ...restBefore } = before;
  const notTheTrails = (rows: string[] = []) => rows.filter((row) => !row.startsWith('(activities,'));
  expect(notTheTrails(rest.row_tallies)).toEqual(notTheTrails(restBefore.row_tallies));
  expect({ ...rest, row_tallies: [] }).toEqual({ ...restBefore, row_tallies: [] });
  const added = trail!.filter((row) => !trailBefore!.includes(row));
  expect(trail!.length).toBe(trailBefore!.length + 1);
  expect(added).toHaveLength(1);
  expect(added[0]).toContain('backup.restored');
}

describe('backup, then restore', () => {
  let made: { backup: Backup; bytes: Uint8Array };
  let before: Record<string, string[]>;

  it('from the list gives back exactly the rows of every table, and ends every session', async () => {
    before = await everyRow(t.database.db);
    made = await backUp(t, admin.token);
    await changeEverything();
    expect(await everyRow(t.database.db)).not.toEqual(before);

    const res = await send('POST', '/api/backups/restore', { id: made.backup.id, confirmation: CONFIRM });
    expect(res.status).toBe(200);
    const result = await json<RestoreResult>(res);
    expect(result).toMatchObject({ backup_created_at: made.backup.created_at, sign_in_again: true });
    expect(result.tables).toBe(Object.keys(before).length);
    expect(result.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
    expect(res.headers.get('set-cookie')).toMatch(/chl_session=;/);

    expectRestored(await everyRow(t.database.db), before);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    expect(await sessionCount(t.database.db)).toBe(0);
    expect((await send('GET', '/api/backups')).status).toBe(401);
    // The sequence goes on from the restored rows, not from the entries the restore took away.
    const { rows } = await t.database.db.execute(sql`
      select (select seq from activities where action = 'backup.restored') as restore_entry,
             (select max(seq) from activities where action <> 'backup.restored') as restored`);
    expect(Number(rows[0]!.restore_entry)).toBe(Number(rows[0]!.restored) + 1);

    admin.token = await t.signIn('ADM001');
    const list = await json<BackupList>(await send('GET', '/api/backups'));
    expect(list.items.map((b) => b.id)).toContain(made.backup.id);
  });

  it('from an uploaded file does the same', async () => {
    await changeEverything();
    const res = await restoreUpload(t, admin.token, made.bytes, CONFIRM);
    expect(res.status).toBe(200);
    expectRestored(await everyRow(t.database.db), before);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    expect(await sessionCount(t.database.db)).toBe(0);
    admin.token = await t.signIn('ADM001');
  });

  it('a backup written while a restore runs is whole: it restores, and every kept figure agrees', async () => {
    const [restored, during] = await Promise.all([
      send('POST', '/api/backups/restore', { id: made.backup.id, confirmation: CONFIRM }),
      makeBackup(t.deps, { kind: 'manual', slot: null, actor: SYSTEM_ACTOR }),
    ]);
    expect(restored.status).toBe(200);
    admin.token = await t.signIn('ADM001');
    const res = await send('POST', '/api/backups/restore', { id: during!.id, confirmation: CONFIRM });
    expect(res.status).toBe(200);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    admin.token = await t.signIn('ADM001');
  });
});
