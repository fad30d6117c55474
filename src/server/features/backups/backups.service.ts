import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  type Backup,
  type BackupList,
  BACKUP_MESSAGES as M,
  type RestoreResult,
} from '../../../contracts/backups';
import { isUuid } from '../../../contracts/common';
import type { AppDeps, SessionUser } from '../../app-env';
import { backups } from '../../db/schema';
import { badRequest, conflict, errorChain, HttpError, notFound } from '../../http/errors';
import { attachmentHeader } from '../../http/file-download';
import type { UploadedFile } from '../../http/file-upload';
import { recordAudit } from '../audit/audit.service';
import { readCatalog } from './backup-catalog';
import { asBackupWriter } from './backup-claims';
import { BackupFileError } from './backup-format';
import { type BackupSource, checkBackup, replaceAllTables } from './backup-restore';
import { writeBackupFile } from './backup-writer';

/*
 * Backup & Data (docs/product.md D13): 'Create Backup Now', the list, downloads, deletions and
 * restores. The rows of `backups` say which files exist in BACKUP_DIR and who made them; the files
 * hold the database (backup-format.ts).
 */

type Row = typeof backups.$inferSelect;
type Actor = { id: string | null; name: string };

/** What automatic backups are recorded as made by in the audit trail. */
export const SYSTEM_ACTOR: Actor = { id: null, name: 'System' };

/** Up to 200 MB compressed: far beyond this programme's database, which compresses about tenfold. */
export const BACKUP_UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

const toBackup = (row: Row): Backup => ({
  id: row.id,
  file_name: row.fileName,
  size_bytes: row.sizeBytes,
  kind: row.kind,
  created_at: row.createdAt.toISOString(),
  created_by_name: row.createdByName,
});

/** 'backup-2026-11-26T19-05-00Z-1a2b3c4d.json.gz': sorts by date, and no two processes pick the same. */
export const backupFileName = (at: Date, id: string) =>
  `backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z-${id.slice(0, 8)}.json.gz`;

const filePath = (deps: AppDeps, row: Pick<Row, 'fileName'>) =>
  path.join(deps.config.backupDir, row.fileName);

export async function listBackups(deps: AppDeps): Promise<BackupList> {
  const rows = await deps.db
    .select()
    .from(backups)
    .where(eq(backups.status, 'ready'))
    .orderBy(desc(backups.createdAt), desc(backups.id));
  const items = rows.map(toBackup);
  return { items, last_backup_at: items[0]?.created_at ?? null };
}

/**
 * Claims a backup by its row (an automatic one by its `slot`, which only one process can insert),
 * then writes the file and marks it ready, all as the backup's writer (backup-claims.ts: a process
 * that dies mid-write leaves a claim the next pass of any process clears). Null when the slot was
 * already claimed. A write that fails leaves neither row nor file.
 */
export async function makeBackup(
  deps: AppDeps,
  made: { kind: Row['kind']; slot: string | null; actor: Actor },
): Promise<Backup | null> {
  const createdAt = deps.clock.now();
  const id = randomUUID();
  const fileName = backupFileName(createdAt, id);
  return asBackupWriter(deps.db, id, async (db) => {
    const [claimed] = await db
      .insert(backups)
      .values({
        id,
        fileName,
        kind: made.kind,
        slot: made.slot,
        createdAt,
        createdById: made.actor.id,
        createdByName: made.kind === 'manual' ? made.actor.name : null,
      })
      .onConflictDoNothing()
      .returning({ id: backups.id });
    if (!claimed) return null;
    try {
      const size = await writeBackupFile(db, deps.config.backupDir, fileName, createdAt);
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .update(backups)
          .set({ status: 'ready', sizeBytes: size })
          .where(and(eq(backups.id, id), eq(backups.status, 'writing')))
          .returning();
        if (!row) throw new Error(`backup ${fileName} lost its claim while being written`);
        await recordAudit(tx, {
          actor: made.actor,
          officerId: null,
          entityType: 'backup',
          entityId: id,
          action: 'backup.created',
          summary:
            made.kind === 'manual'
              ? `${made.actor.name} made a backup of the database (${fileName})`
              : `Automatic backup of the database made (${fileName})`,
          at: createdAt,
          after: { file_name: fileName, size_bytes: size, kind: made.kind },
        });
        return toBackup(row);
      });
    } catch (error) {
      await db.delete(backups).where(and(eq(backups.id, id), eq(backups.status, 'writing')));
      await rm(path.join(deps.config.backupDir, fileName), { force: true }).catch(() => {});
      throw folderProblem(deps, error) ?? error;
    }
  });
}

/** A file system error of the backup folder (missing rights, a full disk), as the admin can act on it. */
function folderProblem(deps: AppDeps, error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return undefined;
  deps.logger.error('backup not written', { dir: deps.config.backupDir, error: (error as Error).message });
  return new HttpError(
    500,
    `The backup could not be written to the backup folder (BACKUP_DIR, ${deps.config.backupDir}): ${code}.`,
  );
}

/** 'Create Backup Now'. */
export async function createBackup(deps: AppDeps, actor: SessionUser): Promise<Backup> {
  return (await makeBackup(deps, { kind: 'manual', slot: null, actor }))!;
}

async function readyBackup(deps: AppDeps, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound(M.notFound);
  const [row] = await deps.db.select().from(backups).where(eq(backups.id, id));
  if (!row) throw notFound(M.notFound);
  if (row.status !== 'ready') throw conflict(M.stillWriting);
  return row;
}

const isMissingFile = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** The file as an attachment, streamed from the backup folder. */
export async function downloadBackup(deps: AppDeps, id: string) {
  const row = await readyBackup(deps, id);
  const handle = await open(filePath(deps, row)).catch((error: unknown) => {
    throw isMissingFile(error) ? notFound(M.fileMissing) : error;
  });
  const { size } = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  return {
    body: Readable.toWeb(handle.createReadStream()) as ReadableStream,
    headers: {
      'content-type': 'application/gzip',
      'content-length': String(size),
      'content-disposition': attachmentHeader(row.fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  };
}

/**
 * Deletes the backups `which` picks, each with its audit entry in the same transaction, then their
 * files. Safe side by side: a row is deleted (and its file removed) by one caller only.
 */
export async function deleteBackups(deps: AppDeps, which: SQL, actor: Actor, why = ''): Promise<Row[]> {
  const deleted = await deps.db.transaction(async (tx) => {
    const rows = await tx.delete(backups).where(which).returning();
    if (rows.length > 0)
      await recordAudit(
        tx,
        rows.map((row) => ({
          actor,
          officerId: null,
          entityType: 'backup',
          entityId: row.id,
          action: 'backup.deleted',
          summary: `${actor.name} deleted the backup ${row.fileName}${why}`,
          at: deps.clock.now(),
          before: { file_name: row.fileName, size_bytes: row.sizeBytes, kind: row.kind },
        })),
      );
    return rows;
  });
  for (const row of deleted) await rm(filePath(deps, row), { force: true });
  return deleted;
}

export async function deleteBackup(deps: AppDeps, actor: SessionUser, id: string): Promise<void> {
  await readyBackup(deps, id);
  const deleted = await deleteBackups(deps, and(eq(backups.id, id), eq(backups.status, 'ready'))!, actor);
  if (deleted.length === 0) throw notFound(M.notFound);
}

/** A PostgreSQL error's code and own message (Drizzle's wrapper would show the query and its values). */
function databaseError(error: unknown): { code: string; message: string } | undefined {
  const link = errorChain(error).find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  return link ? { code: link.code as string, message: String(link.message) } : undefined;
}

/** Why a restore failed, as the admin should hear it; anything else is not the file's fault. */
function restoreRefusal(error: unknown): unknown {
  if (error instanceof BackupFileError) return badRequest(error.message);
  if (isMissingFile(error)) return notFound(M.fileMissing);
  const db = databaseError(error);
  if (db?.code === '42501') return conflict(M.notOwner);
  // A deadlock or serialization failure with requests writing as the tables were taken over.
  if (db?.code === '40P01' || db?.code === '40001') return conflict(M.busy);
  // Data exceptions (22…) and broken constraints (23…): rows this database cannot take.
  if (db && /^2[23]/.test(db.code)) return badRequest(`${M.mismatch}: ${db.message}.`);
  return error;
}

/**
 * 'Restore from Backup': one from the list, or an uploaded file. The whole file is checked first;
 * then, in one transaction, every table is replaced by the file's rows, every session ends (the
 * restorer's too) and the restore goes into the audit trail (after the rows it brought back).
 */
export async function restoreBackup(
  deps: AppDeps,
  actor: SessionUser,
  from: { id: string } | { upload: UploadedFile | null },
): Promise<RestoreResult> {
  let source: BackupSource;
  let row: Row | undefined;
  let name: string;
  if ('id' in from) {
    const found = await readyBackup(deps, from.id);
    const file = filePath(deps, found);
    await access(file).catch(() => {
      throw notFound(M.fileMissing);
    });
    [row, name, source] = [found, found.fileName, () => createReadStream(file)];
  } else {
    const upload = from.upload;
    if (!upload || upload.size === 0) throw badRequest(M.chooseFile);
    [name, source] = [upload.name || 'an uploaded file', () => Readable.from(upload.chunks)];
  }
  try {
    const catalog = await readCatalog(deps.db);
    const { header } = await checkBackup(source, catalog);
    const now = deps.clock.now();
    const counts = await deps.db.transaction(async (tx) => {
      const put = await replaceAllTables(tx, source, catalog);
      await recordAudit(tx, {
        actor: { id: actor.id, name: actor.name },
        officerId: null,
        entityType: 'backup',
        entityId: row?.id ?? null,
        action: 'backup.restored',
        summary: `${actor.name} restored the database from the backup of ${header.created_at} (${name}); everyone signs in again`,
        at: now,
        after: { file_name: name, backup_created_at: header.created_at, tables: put.tables, rows: put.rows },
      });
      return put;
    });
    return { ...counts, backup_created_at: header.created_at, sign_in_again: true };
  } catch (error) {
    throw restoreRefusal(error);
  }
}
