import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Backup } from '../../../contracts/backups';
import { lusakaDate } from '../../../domain/dates';
import type { BACKUP_FREQUENCIES } from '../../../domain/settings';
import type { AppDeps } from '../../app-env';
import { backups } from '../../db/schema';
import { currentSettings } from '../settings/settings.service';
import { deleteBackups, makeBackup, SYSTEM_ACTOR } from './backups.service';

/*
 * Automatic backups (System Settings, D13): every app process calls runAutomaticBackup now and
 * then; the first to insert the row of the current slot ('daily:2026-11-26') writes the backup,
 * the others find the slot taken. Old backups are then removed after the chosen number of days.
 */

type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A claim still 'writing' after this long belongs to a process that died mid-write. */
export const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

/** The ISO week ('2026-W48') of a calendar date: the week of its Thursday, in that Thursday's year. */
function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The period an automatic backup at `now` belongs to, in Lusaka's calendar. */
export function backupSlot(now: Date, frequency: BackupFrequency): string {
  const day = lusakaDate(now);
  if (frequency === 'daily') return `daily:${day}`;
  if (frequency === 'weekly') return `weekly:${isoWeek(day)}`;
  return `monthly:${day.slice(0, 7)}`;
}

/** Frees the claims of writers that died (their slot may then be taken again) and their partial files. */
async function dropAbandonedClaims(deps: AppDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - ABANDONED_AFTER_MS);
  const dropped = await deps.db
    .delete(backups)
    .where(and(eq(backups.status, 'writing'), lt(backups.createdAt, before)))
    .returning({ fileName: backups.fileName });
  for (const { fileName } of dropped)
    await rm(path.join(deps.config.backupDir, `${fileName}.partial`), { force: true });
}

/**
 * Deletes the backups older than `retentionDays` (rows, files, each in the audit trail), always
 * keeping the newest, so a long pause in backups never leaves none.
 */
export async function pruneBackups(deps: AppDeps, retentionDays: number): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - retentionDays * DAY_MS);
  const [newest] = await deps.db
    .select({ id: backups.id })
    .from(backups)
    .where(eq(backups.status, 'ready'))
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .limit(1);
  if (!newest) return 0;
  const old = and(eq(backups.status, 'ready'), lt(backups.createdAt, cutoff), ne(backups.id, newest.id))!;
  return (await deleteBackups(deps, old, SYSTEM_ACTOR, ` (older than ${retentionDays} days)`)).length;
}

/**
 * One pass: when automatic backups are on, the current slot's backup if no process has made it
 * yet, then the removal of old ones. For main.ts to call on an interval; any number of processes
 * may run it at once.
 */
export async function runAutomaticBackup(deps: AppDeps): Promise<{ created: Backup | null; pruned: number }> {
  const { backup } = await currentSettings(deps.db);
  if (!backup.autoBackup) return { created: null, pruned: 0 };
  await dropAbandonedClaims(deps);
  const slot = backupSlot(deps.clock.now(), backup.backupFrequency);
  const created = await makeBackup(deps, { kind: 'automatic', slot, actor: SYSTEM_ACTOR });
  const pruned = await pruneBackups(deps, backup.retentionDays);
  return { created, pruned };
}
