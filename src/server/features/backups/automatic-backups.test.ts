import { readdirSync, rmSync } from 'node:fs';
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

  it('takes back the slot of a process that died while writing, and its partial file', async () => {
    const slot = backupSlot(t.clock.now(), 'daily');
    await t.database.db.insert(backups).values({
      fileName: 'backup-abandoned.json.gz',
      kind: 'automatic',
      slot,
      createdAt: new Date(t.clock.now().getTime() - 7 * 60 * 60 * 1000),
    });
    const { created } = await runAutomaticBackup(t.deps);
    expect(created).not.toBeNull();
    const rows = await automatic();
    expect(rows.find((b) => b.slot === slot)).toMatchObject({ id: created!.id, status: 'ready' });
    expect(rows.map((b) => b.fileName)).not.toContain('backup-abandoned.json.gz');
  });
});
