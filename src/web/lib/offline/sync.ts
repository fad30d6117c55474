import { type Form, FormConflictSchema } from '../../../contracts/forms';
import { FORM_MESSAGES } from '../../../domain/forms';
import type { OfflineDb, OutboxRecord } from './offline-db';
import { outboxRecords, removeAcknowledged } from './outbox';
import type { Answer, Transport } from './transport';

/**
 * Sends the outbox (issue 48 item 4, docs/decisions/012): oldest first; a record leaves only once
 * the server acknowledged it. A network error or a 5xx waits and tries again, longer each time up
 * to 5 minutes; a 401 pauses everything until the officer signs in again; a 400 or 422 (any refusal)
 * marks the record "needs changes" with the server's words; a 412 keeps both sides for the chooser.
 */

export const MAX_BACKOFF_MS = 5 * 60_000;
const FIRST_BACKOFF_MS = 5_000;

/** How long a record waits after its `attempts`-th failed try. */
export const backoffMs = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

export const PAUSED_KEY = 'paused_for_sign_in';

export interface SyncOutcome {
  sent: number;
  /** The server could not be reached (the run stopped at the first such record). */
  offline: boolean;
  /** A 401: nothing more is sent until the officer signs in again. */
  paused: boolean;
}

type Step = { ok: true; answer: Answer } | { ok: false; stop: 'offline' | 'paused' | null };

class Unreachable extends Error {}

async function ask(transport: Transport, ...args: Parameters<Transport>): Promise<Answer> {
  try {
    return await transport(...args);
  } catch {
    throw new Unreachable();
  }
}

const messageOf = (answer: Answer) =>
  answer.body &&
  typeof answer.body === 'object' &&
  typeof (answer.body as { error?: unknown }).error === 'string'
    ? (answer.body as { error: string }).error
    : `The server refused this form (${answer.status}).`;

const fieldsOf = (answer: Answer) => {
  const fields = (answer.body as { fields?: unknown } | null)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : null;
};

/** Classifies a failed answer, writing on the record what the officer or the next run needs. */
async function failed(db: OfflineDb, record: OutboxRecord, answer: Answer, now: number): Promise<Step> {
  if (answer.status === 401) {
    await db.kept.put({ key: PAUSED_KEY, value: true });
    return { ok: false, stop: 'paused' };
  }
  if (answer.status === 412) {
    const parsed = FormConflictSchema.safeParse(answer.body);
    if (parsed.success) {
      await db.outbox.update(record.form_id, {
        state: 'conflict',
        conflict: parsed.data,
        message: parsed.data.error,
      });
      return { ok: false, stop: null };
    }
  }
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429) {
    await retryLater(db, record, now);
    return { ok: false, stop: null };
  }
  await db.outbox.update(record.form_id, {
    state: 'needs_changes',
    message: messageOf(answer),
    field_errors: fieldsOf(answer),
  });
  return { ok: false, stop: null };
}

async function retryLater(db: OfflineDb, record: OutboxRecord, now: number) {
  const attempts = record.attempts + 1;
  await db.outbox.update(record.form_id, { attempts, next_try_at: now + backoffMs(attempts) });
}

const acked = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** Uploads the photos the record names that the server does not have yet (PUT is idempotent). */
async function sendPhotos(db: OfflineDb, transport: Transport, record: OutboxRecord, now: number) {
  for (const id of record.body.photo_ids) {
    const photo = await db.photos.get(id);
    if (!photo || photo.uploaded) continue;
    const answer = await ask(transport, `/api/form-photos/${id}`, {
      method: 'PUT',
      headers: { 'Content-Type': photo.mime_type },
      body: photo.blob,
    });
    if (!acked(answer)) return failed(db, record, answer, now);
    await db.photos.update(id, { uploaded: true });
  }
  return null;
}

const formPath = (id: string) => `/api/forms/${id}`;
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The form itself: POSTed with the phone's id, or PUT on the version the edit started from. */
async function sendForm(db: OfflineDb, transport: Transport, record: OutboxRecord, now: number) {
  if (record.kind === 'create') {
    const answer = await ask(transport, '/api/forms', {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ ...record.body, id: record.form_id }),
    });
    if (answer.status !== 409) return acked(answer) ? answer : failed(db, record, answer, now);
    // The same id with other content: an earlier send arrived (its answer did not) and the officer
    // changed the form since. It is then an edit of what arrived, merged by the server like any.
    const stored = await ask(transport, formPath(record.form_id), { method: 'GET' });
    if (!acked(stored)) return failed(db, record, stored.status >= 500 ? stored : answer, now);
    record.kind = 'update';
    record.base_version = 1;
    await db.outbox.update(record.form_id, { kind: 'update', base_version: 1 });
  }
  const answer = await ask(transport, formPath(record.form_id), {
    method: 'PUT',
    headers: { ...JSON_TYPE, 'If-Match': `"${record.base_version ?? 0}"` },
    body: JSON.stringify(record.body),
  });
  return acked(answer) ? answer : failed(db, record, answer, now);
}

/** One record, from its photos to its completion; what the run does next. */
async function sendRecord(
  db: OfflineDb,
  transport: Transport,
  record: OutboxRecord,
  now: number,
): Promise<Step> {
  const photosFailed = await sendPhotos(db, transport, record, now);
  if (photosFailed) return photosFailed;
  if (record.stage === 'form') {
    const sent = await sendForm(db, transport, record, now);
    if ('ok' in sent) return sent;
    if (!record.complete) {
      await removeAcknowledged(db, record);
      return { ok: true, answer: sent };
    }
    // The server has the form: from here on only completing it is left, even after a reload.
    const form = sent.body as Form;
    record.stage = 'saved';
    await db.outbox.update(record.form_id, {
      stage: 'saved',
      kind: 'update',
      base: form,
      base_version: form.version,
    });
  }
  const answer = await ask(transport, `${formPath(record.form_id)}/complete`, { method: 'POST' });
  // Completed by an earlier try whose answer was lost: that is the acknowledgement.
  const done =
    acked(answer) || (answer.status === 409 && messageOf(answer) === FORM_MESSAGES.alreadyCompleted);
  if (!done) return failed(db, record, answer, now);
  await removeAcknowledged(db, record);
  return { ok: true, answer };
}

/**
 * One run over the outbox. `force` ("Sync now", coming back online) ignores each record's wait.
 * Records the officer must look at (needs changes, conflict) are left for them.
 */
export async function syncOutbox(
  db: OfflineDb,
  transport: Transport,
  { now = Date.now, force = false }: { now?: () => number; force?: boolean } = {},
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: 0, offline: false, paused: false };
  if ((await db.kept.get(PAUSED_KEY))?.value) return { ...outcome, paused: true };
  for (const record of await outboxRecords(db)) {
    if (record.state !== 'waiting' || (!force && record.next_try_at > now())) continue;
    let step: Step;
    try {
      step = await sendRecord(db, transport, record, now());
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      // No network: the others would fail the same way; all wait their turn again.
      await retryLater(db, record, now());
      return { ...outcome, offline: true };
    }
    if (step.ok) outcome.sent += 1;
    else if (step.stop === 'paused') return { ...outcome, paused: true };
  }
  return outcome;
}

/** Signed in again: what a 401 paused may go. */
export const resumeAfterSignIn = (db: OfflineDb) => db.kept.delete(PAUSED_KEY);
