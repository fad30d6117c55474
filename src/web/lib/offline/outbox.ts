import type { Form } from '../../../contracts/forms';
import type { FormType } from '../../../domain/forms';
import type { DraftStudent, DraftValues, FormRequestBody, OfflineDb, OutboxRecord } from './offline-db';

/** What a save on the phone hands the outbox: the form as the officer left it. */
export interface OutboxEntry {
  form_id: string;
  type: FormType;
  /** The form the edit started from; null for a form made on the phone. */
  base: Form | null;
  values: DraftValues;
  body: FormRequestBody;
  complete: boolean;
  student: DraftStudent | null;
}

/**
 * Puts a form in the outbox (a save or a completion made without the network), replacing what
 * waited for the same form. A form the server already acknowledged ('saved', only its completion
 * left) becomes an edit of the version it acknowledged, so nothing it holds is overwritten blind.
 */
export async function putInOutbox(db: OfflineDb, entry: OutboxEntry, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.outbox, db.drafts, async () => {
    const before = await db.outbox.get(entry.form_id);
    const acknowledged = before?.stage === 'saved';
    const base = acknowledged ? before.base : (entry.base ?? before?.base ?? null);
    const kind = acknowledged || before?.kind === 'update' || entry.base ? 'update' : 'create';
    const record: OutboxRecord = {
      ...entry,
      kind,
      base,
      base_version: base?.version ?? before?.base_version ?? null,
      stage: 'form',
      state: 'waiting',
      message: null,
      field_errors: null,
      conflict: null,
      queued_at: before?.queued_at ?? now,
      attempts: 0,
      next_try_at: now,
    };
    await db.outbox.put(record);
    // The draft has become this record: "Continue your draft" no longer offers it.
    await db.drafts.delete(entry.form_id);
  });
}

/** Everything in the outbox, oldest first. */
export const outboxRecords = (db: OfflineDb) => db.outbox.orderBy('queued_at').toArray();

/**
 * Removes a record the server has acknowledged, with the photos it alone named (they are on the
 * server now). Never called for anything else: a refused record waits for the officer.
 */
export async function removeAcknowledged(db: OfflineDb, record: OutboxRecord): Promise<void> {
  await db.transaction('rw', db.outbox, db.photos, db.drafts, async () => {
    await db.outbox.delete(record.form_id);
    const draft = await db.drafts.get(record.form_id);
    const stillNamed = new Set(draft?.photo_ids ?? []);
    await db.photos.bulkDelete(record.body.photo_ids.filter((id) => !stillNamed.has(id)));
  });
}

/** Drops a record the officer chose to discard, with its photos. */
export async function discardOutboxRecord(db: OfflineDb, formId: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.photos, async () => {
    const record = await db.outbox.get(formId);
    if (!record) return;
    await db.outbox.delete(formId);
    await db.photos.bulkDelete(record.body.photo_ids);
  });
}
