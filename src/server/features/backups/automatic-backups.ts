import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Backup } from '../../../contracts/backups';
import { lusakaDate } from '../../../domain/dates';
import type { BACKUP_FREQUENCIES } from '../../../domain/settings';
import type { AppDeps } from '../../app-env';
import { backups } from '../../db/schema';
import { currentSettings } from '../settings/settings.service';
import { clearDeadWrites } from './backup-claims';
import { deleteBackups, makeBackup, SYSTEM_ACTOR } from './backups.service';

/*
 * Automatic backups (System Settings, D13): every app process calls runAutomaticBackup now and
 * then; the first to insert the row of the current slot ('daily:2026-11-26') writes the backup,
 * the others find the slot taken. Old backups are then removed after the chosen number of days.
 * A claim left by a process that died mid-write is cleared at the next pass (backup-claims.ts).
 */

type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
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
  // First what a process that died mid-write left (a claim would keep its slot, a partial file
  // its data): a restarted process clears it at its first pass, before the slot's backup.
  await clearDeadWrites(deps);
  const { backup } = await currentSettings(deps.db);
  if (!backup.autoBackup) return { created: null, pruned: 0 };
  const slot = backupSlot(deps.clock.now(), backup.backupFrequency);
  const created = await makeBackup(deps, { kind: 'automatic', slot, actor: SYSTEM_ACTOR });
  const pruned = await pruneBackups(deps, backup.retentionDays);
  return { created, pruned };
}
