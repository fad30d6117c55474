import { chmodSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SettingsResponse } from '../../../contracts/settings';
import { activities, backups } from '../../db/schema';
import { putSettings } from '../../testing/put-settings';
import { fileTestContext } from '../../testing/test-file';
import { backupSlot, pruneBackups, runAutomaticBackup } from './automatic-backups';
import { tempBackupDir } from './backup-test-kit';

const dir = tempBackupDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { t } = fileTestContext({
  config: { backupDir: dir },
  clockAt: new Date('2026-11-26T08:00:00Z'),
});

const DAY = 24 * 60 * 60 * 1000;
const automatic = () => t.database.db.select().from(backups).where(eq(backups.kind, 'automatic'));
const files = () => readdirSync(dir).sort();

async function setBackupSettings(backup: Partial<SettingsResponse['settings']['backup']>) {
  // The clock moves days between runs: a session from the start would have gone idle.
  await putSettings(t, await t.signIn('ADM001'), (settings) => ({
    ...settings,
    backup: { ...settings.backup, ...backup },
  }));
}

describe('the slot of an automatic backup', () => {
  it('is the day, ISO week or month in Lusaka', () => {
    // 23:30 UTC is already the next day in Lusaka (UTC+2).
    expect(backupSlot(new Date('2026-11-26T22:30:00Z'), 'daily')).toBe('daily:2026-11-27');
    expect(backupSlot(new Date('2026-11-26T21:59:00Z'), 'daily')).toBe('daily:2026-11-26');
    expect(backupSlot(new Date('2026-11-30T23:00:00Z'), 'monthly')).toBe('monthly:2026-12');
    expect(backupSlot(new Date('2026-01-01T08:00:00Z'), 'weekly')).toBe('weekly:2026-W01');
    expect(backupSlot(new Date('2027-01-01T08:00:00Z'), 'weekly')).toBe('weekly:2026-W53');
    expect(backupSlot(new Date('2024-12-30T08:00:00Z'), 'weekly')).toBe('weekly:2025-W01');
    expect(backupSlot(new Date('2026-11-29T08:00:00Z'), 'weekly')).toBe('weekly:2026-W48');
    expect(backupSlot(new Date('2026-11-30T08:00:00Z'), 'weekly')).toBe('weekly:2026-W49');
  });
});

describe('automatic backups', () => {
  it('several processes at once make one backup of the slot', async () => {
    const runs = await Promise.all([
      runAutomaticBackup(t.deps),
      runAutomaticBackup(t.deps),
      runAutomaticBackup(t.deps),
    ]);
    expect(runs.filter((r) => r.created).length).toBe(1);
    const rows = await automatic();
    expect(rows).toMatchObject([{ slot: 'daily:2026-11-26', status: 'ready', createdByName: null }]);
    expect(files()).toEqual([rows[0]!.fileName]);
  });

  it('the same slot again makes none; the next day makes one', async () => {
    t.clock.advance(6 * 60 * 60 * 1000);
    expect((await runAutomaticBackup(t.deps)).created).toBeNull();
    expect(await automatic()).toHaveLength(1);
    t.clock.advance(DAY);
    const { created } = await runAutomaticBackup(t.deps);
    expect(created).toMatchObject({ kind: 'automatic', created_by_name: null });
    expect((await automatic()).map((b) => b.slot).sort()).toEqual(['daily:2026-11-26', 'daily:2026-11-27']);
    expect(files()).toHaveLength(2);
  });

  it('weekly: one a week', async () => {
    await setBackupSettings({ backupFrequency: 'weekly' });
    expect((await runAutomaticBackup(t.deps)).created).not.toBeNull();
    t.clock.advance(DAY);
    expect((await runAutomaticBackup(t.deps)).created).toBeNull();
    await setBackupSettings({ backupFrequency: 'daily' });
  });

  it('makes none when switched off', async () => {
    await setBackupSettings({ autoBackup: false });
    t.clock.advance(DAY);
    const before = (await automatic()).length;
    expect(await runAutomaticBackup(t.deps)).toEqual({ created: null, pruned: 0 });
    expect(await automatic()).toHaveLength(before);
    await setBackupSettings({ autoBackup: true });
  });

  it('removes backups older than the chosen number of days, rows and files, in the audit trail', async () => {
    await setBackupSettings({ retentionDays: 2 });
    const old = await t.database.db.select().from(backups);
    expect(old.length).toBeGreaterThanOrEqual(3);
    t.clock.advance(3 * DAY);
    const { created, pruned } = await runAutomaticBackup(t.deps);
    expect(created).not.toBeNull();
    expect(pruned).toBe(old.length);
    const left = await t.database.db.select().from(backups);
    expect(left.map((b) => b.id)).toEqual([created!.id]);
    expect(files()).toEqual([created!.file_name]);
    const deleted = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'backup.deleted'));
    expect(deleted.map((e) => e.entityId).sort()).toEqual(old.map((b) => b.id).sort());
  });

  it('always keeps the newest backup, however old', async () => {
    t.clock.advance(30 * DAY);
    expect(await pruneBackups(t.deps, 2)).toBe(0);
    expect(await t.database.db.select().from(backups)).toHaveLength(1);
  });

  it('clears at once the claim and partial file of a process that died while writing, and makes the slot', async () => {
    // Killed moments ago, during its first backup: a restart's first pass must not wait hours.
    const slot = backupSlot(t.clock.now(), 'daily');
    await t.database.db.insert(backups).values({
      fileName: 'backup-abandoned.json.gz',
      kind: 'automatic',
      slot,
      createdAt: t.clock.now(),
    });
    writeFileSync(path.join(dir, 'backup-abandoned.json.gz.partial'), 'half a backup');
    const { created } = await runAutomaticBackup(t.deps);
    expect(created).not.toBeNull();
    const rows = await automatic();
    expect(rows.find((b) => b.slot === slot)).toMatchObject({ id: created!.id, status: 'ready' });
    expect(rows.map((b) => b.fileName)).not.toContain('backup-abandoned.json.gz');
    expect(files()).not.toContain('backup-abandoned.json.gz.partial');
  });

  it('writes files only the service can read, in a folder only it can open', async () => {
    chmodSync(dir, 0o755);
    t.clock.advance(DAY);
    const { created } = await runAutomaticBackup(t.deps);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, created!.file_name)).mode & 0o777).toBe(0o600);
  });

  // Another process's writer holds its lock on a connection of its own; PGlite has one session.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'never clears a backup another live process is writing right now',
    async () => {
      t.clock.advance(DAY);
      const slot = backupSlot(t.clock.now(), 'daily');
      const [live] = await t.database.db
        .insert(backups)
        .values({ fileName: 'backup-live.json.gz', kind: 'automatic', slot, createdAt: t.clock.now() })
        .returning();
      writeFileSync(path.join(dir, 'backup-live.json.gz.partial'), 'being written');
      const other = await t.database.pool.connect();
      try {
        await other.query('select pg_advisory_lock(72115022, hashtext($1::text))', [live!.id]);
        expect((await runAutomaticBackup(t.deps)).created).toBeNull();
        expect((await automatic()).find((b) => b.slot === slot)).toMatchObject({
          id: live!.id,
          status: 'writing',
        });
        expect(files()).toContain('backup-live.json.gz.partial');
      } finally {
        other.release(true);
      }
      // Its process gone, the next pass clears it and makes the slot's backup.
      expect((await runAutomaticBackup(t.deps)).created).not.toBeNull();
      expect(files()).not.toContain('backup-live.json.gz.partial');
    },
  );
});
