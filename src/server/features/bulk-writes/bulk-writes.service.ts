import { setImmediate as nextTurn } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app-env';
import { runStatements } from '../../db/bulk-insert';
import { othersFirst } from '../../db/others-first';
import { allowances, type BulkWriteKind, bulkWrites, students } from '../../db/schema';
import { type AuditInput, recordAudit } from '../audit/audit.service';

// How a file's own work gives others a turn (its checks before any batch is written).
export { FILE_WORK_TURN_MS, turnsEvery } from './turns';

/**
 * An upload or an import written in short transactions (docs/decisions/009): on embedded PGlite
 * one transaction holds the only connection, so a whole file in one made everyone wait seconds.
 * The file is checked whole first (D6), then written `config.bulkWriteRows` rows a transaction,
 * each row marked with the file's bulk_writes id; the rows may be read meanwhile but not changed
 * (bulkWriteUnfinished). A file that cannot finish is taken out again by that id.
 */

/** A file whose process has not touched its row for this long is taken to be dead, and undone. */
export const STALE_AFTER = sql`interval '5 minutes'`;

/** The file's row is no longer 'writing': another process found it stale and undid it. */
export const UPLOAD_INTERRUPTED =
  'The file was interrupted while it was being saved, and nothing of it was kept. Please send it again.';
export class BulkWriteInterrupted extends Error {
  constructor() {
    super(UPLOAD_INTERRUPTED);
  }
}

interface KindOf {
  table: typeof allowances | typeof students;
  marker: AnyPgColumn;
  entityType: 'allowance' | 'student';
  action: string;
  undone: (who: string, rows: number) => string;
}

const KINDS: Record<BulkWriteKind, KindOf> = {
  allowance_upload: {
    table: allowances,
    marker: allowances.writtenByUpload,
    entityType: 'allowance',
    action: 'allowances.upload_undone',
    undone: (who, rows) =>
      `${who}'s bulk upload could not finish and was undone: the ${rows} allowance${rows === 1 ? '' : 's'} it had written were taken out again`,
  },
  student_import: {
    table: students,
    marker: students.writtenByImport,
    entityType: 'student',
    action: 'students.import_undone',
    undone: (who, rows) =>
      `${who}'s student import could not finish and was undone: the ${rows} student${rows === 1 ? '' : 's'} it had written were taken out again`,
  },
};

/**
 * True while the row that `marker` names a bulk write of is not done: its file is still being
 * written, or being taken out again. Such a row may be read, never changed nor written against.
 */
export const bulkWriteUnfinished = (marker: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${bulkWrites} w where w.id = ${marker} and w.state <> 'done')`;

/** A student written by an import still in progress: nothing may change them or be filed for them. */
export const studentBeingImported = bulkWriteUnfinished(students.writtenByImport);
/** An allowance written by an upload still in progress: it may not be decided yet. */
export const allowanceBeingUploaded = bulkWriteUnfinished(allowances.writtenByUpload);

export interface BulkWritePlan<T> {
  kind: BulkWriteKind;
  by: { id: string; name: string };
  items: T[];
  /** One batch's statements, each of its rows carrying `writeId` as its marker. */
  batch: (items: T[], writeId: string) => Promise<SQL[]>;
  /** The statements written with the last of it (the file's own audit entries). */
  finish: () => Promise<SQL[]>;
}

/**
 * Writes a checked file in short transactions. Each batch's transaction first moves the file's
 * heartbeat, which finds the file still 'writing' (or the batch is not written); the last one
 * marks it 'done'. On any failure the batches already in are taken out again, and the error is
 * thrown on for the caller to answer as it would have answered a failed single transaction.
 */
export async function writeInShortTransactions<T>(deps: AppDeps, plan: BulkWritePlan<T>): Promise<void> {
  const [started] = await deps.db
    .insert(bulkWrites)
    .values({ kind: plan.kind, startedBy: plan.by.id, startedByName: plan.by.name })
    .returning({ id: bulkWrites.id });
  const writeId = started!.id;
  try {
    const size = Math.max(1, deps.config.bulkWriteRows);
    for (let start = 0; start < plan.items.length; start += size) {
      const batch = plan.items.slice(start, start + size);
      // Built outside the transaction, which then only sends them.
      const statements = await plan.batch(batch, writeId);
      const held = performance.now();
      await deps.db.transaction(async (tx) => {
        const alive = await tx.execute(sql`update ${bulkWrites}
            set heartbeat_at = now(), rows_written = rows_written + ${batch.length}
          where id = ${writeId} and state = 'writing' returning id`);
        if (alive.rows.length === 0) throw new BulkWriteInterrupted();
        await runStatements(tx, statements);
      });
      // The requests that queued meanwhile go before the next batch.
      await othersFirst(deps.db, performance.now() - held);
    }
    const statements = await plan.finish();
    await deps.db.transaction(async (tx) => {
      const done = await tx.execute(sql`update ${bulkWrites}
          set state = 'done', heartbeat_at = now(), finished_at = now()
        where id = ${writeId} and state = 'writing' returning id`);
      if (done.rows.length === 0) throw new BulkWriteInterrupted();
      await runStatements(tx, statements);
    });
  } catch (error) {
    await undoBulkWrite(deps, writeId, plan.by).catch((undoError: Error) =>
      // The stale-write pass finishes it once its heartbeat is old enough.
      deps.logger.error('undoing a bulk write failed', { id: writeId, error: undoError.message }),
    );
    throw error;
  }
}

type Claimed = {
  id: string;
  kind: BulkWriteKind;
  started_by: string | null;
  started_by_name: string;
};

/** Undoes a file this process was writing (or leaves it to whoever already finished undoing it). */
async function undoBulkWrite(deps: AppDeps, id: string, by: { id: string; name: string }): Promise<void> {
  const claimed = await deps.db.execute<Claimed>(sql`update ${bulkWrites}
      set state = 'undone', heartbeat_at = now()
    where id = ${id} and finished_at is null
    returning id, kind, started_by, started_by_name`);
  for (const row of claimed.rows) await takeOut(deps, row, by);
}

/**
 * Undoes every file whose process stopped writing it (its heartbeat older than STALE_AFTER), an
 * upload or an import left 'writing' by a crash, or an undo left half done. Safe with several
 * processes at once: the UPDATE that claims a file moves its heartbeat, so a second one waiting
 * on the row finds it fresh and leaves it. Returns the ids undone.
 */
export async function undoStaleBulkWrites(deps: AppDeps): Promise<string[]> {
  const claimed = await deps.db.execute<Claimed>(sql`update ${bulkWrites}
      set state = 'undone', heartbeat_at = now()
    where finished_at is null and heartbeat_at < now() - ${STALE_AFTER}
    returning id, kind, started_by, started_by_name`);
  for (const row of claimed.rows) await takeOut(deps, row, { id: null, name: 'System' });
  return claimed.rows.map((r) => r.id);
}

/**
 * Deletes the file's rows a batch a transaction (their comments go by cascade, the kept counts
 * follow through their triggers), each transaction moving the heartbeat so nobody else claims the
 * file meanwhile; then marks it finished with one audit entry saying it was undone.
 */
async function takeOut(deps: AppDeps, file: Claimed, actor: AuditInput['actor']): Promise<void> {
  const kind = KINDS[file.kind];
  const size = Math.max(1, deps.config.bulkWriteRows);
  for (;;) {
    const deleted = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`update ${bulkWrites} set heartbeat_at = now() where id = ${file.id}`);
      const result = await tx.execute(sql`delete from ${kind.table} where id in (
          select id from ${kind.table} where ${kind.marker} = ${file.id} limit ${size})`);
      return result.rowCount ?? 0;
    });
    if (deleted < size) break;
    await nextTurn();
  }
  await deps.db.transaction(async (tx) => {
    const finished = await tx.execute<{ rows_written: number }>(sql`update ${bulkWrites}
        set finished_at = now() where id = ${file.id} and finished_at is null returning rows_written`);
    const [row] = finished.rows;
    if (!row) return;
    await recordAudit(tx, {
      actor,
      // Filed under whoever sent the file, so an officer's own Activity Log says it went.
      officerId: file.started_by,
      entityType: kind.entityType,
      entityId: null,
      action: kind.action,
      summary: kind.undone(file.started_by_name, row.rows_written),
      at: deps.clock.now(),
    });
  });
}
