import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../../domain/forms';
import { dropDraft, keptDrafts, saveDraft } from './drafts';
import { deleteOfflineDb, type OfflineDb, offlineDb } from './offline-db';
import { type OutboxEntry, outboxRecords, putInOutbox } from './outbox';
import { backoffMs, MAX_BACKOFF_MS, resumeAfterSignIn, syncOutbox } from './sync';
import type { Answer, Transport } from './transport';

const STUDENT = '00000000-0000-4000-8000-000000000001';
let users: string[] = [];
afterEach(async () => {
  for (const user of users) await deleteOfflineDb(user);
  users = [];
});

function dbOf(user: string): OfflineDb {
  users.push(user);
  return offlineDb(user);
}

function entry(formId: string, people = 'Mother', complete = false): OutboxEntry {
  return {
    form_id: formId,
    type: 'home_visit',
    base: null,
    values: { student_id: STUDENT, form_date: '2026-12-01', fields: { people_present: people } },
    body: {
      type: 'home_visit',
      student_id: STUDENT,
      form_date: '2026-12-01',
      fields: { people_present: people },
      photo_ids: [],
    },
    complete,
    student: null,
  };
}

type Call = { method: string; path: string; body?: unknown; ifMatch?: string };

/**
 * A server that keeps forms by id as the real one does (the same id and content: 200; other
 * content: 409) and answers what a test scripts first: a status, or 'drop' (the server acts, its
 * answer is lost), or 'offline' (nothing reaches it).
 */
function fakeServer(script: Array<number | 'drop' | 'offline'> = []) {
  const forms = new Map<string, { first: string; version: number; status: string; body: unknown }>();
  const calls: Call[] = [];
  const transport: Transport = async (path, init) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method: init.method, path, body, ifMatch: init.headers?.['If-Match'] });
    const scripted = script.shift();
    if (scripted === 'offline') throw new TypeError('Failed to fetch');
    if (typeof scripted === 'number') return { status: scripted, body: { error: `Refused ${scripted}` } };
    const answer = act(path, init.method, body);
    if (scripted === 'drop') throw new TypeError('Failed to fetch');
    return answer;
  };
  const act = (path: string, method: string, body: Record<string, unknown>): Answer => {
    const id = path.split('/')[3] ?? '';
    if (path.startsWith('/api/form-photos/')) return { status: 201, body: { id } };
    if (method === 'POST' && path === '/api/forms') {
      const { id: formId, ...content } = body;
      const known = forms.get(formId as string);
      if (known)
        return known.first === JSON.stringify(content)
          ? { status: 200, body: known }
          : { status: 409, body: { error: 'Different' } };
      const form = { id: formId, first: JSON.stringify(content), version: 1, status: 'draft', body: content };
      forms.set(formId as string, form);
      return { status: 201, body: form };
    }
    const form = forms.get(id);
    if (!form) return { status: 404, body: { error: 'Form not found' } };
    if (method === 'GET') return { status: 200, body: form };
    if (path.endsWith('/complete')) {
      if (form.status !== 'draft') return { status: 409, body: { error: FORM_MESSAGES.alreadyCompleted } };
      form.status = 'completed';
      form.version += 1;
      return { status: 200, body: form };
    }
    form.body = body;
    form.version += 1;
    return { status: 200, body: { ...form, id } };
  };
  return { forms, calls, transport };
}

describe('the outbox', () => {
  it('sends the oldest record first and removes each only once the server acknowledged it', async () => {
    const db = dbOf('officer-a');
    await putInOutbox(db, entry('10000000-0000-4000-8000-000000000002'), 2_000);
    await putInOutbox(db, entry('10000000-0000-4000-8000-000000000001'), 1_000);
    const server = fakeServer([201, 'offline']);
    // The first answer is a 201 with no form in it, the second never comes: nothing is removed
    // except what was acknowledged.
    const first = await syncOutbox(db, server.transport, { now: () => 5_000 });
    expect(server.calls.map((c) => c.body && (c.body as { id: string }).id)).toEqual([
      '10000000-0000-4000-8000-000000000001',
      '10000000-0000-4000-8000-000000000002',
    ]);
    expect(first).toMatchObject({ sent: 1, offline: true });
    expect((await outboxRecords(db)).map((r) => r.form_id)).toEqual(['10000000-0000-4000-8000-000000000002']);
  });

  it('waits longer after each failure, up to five minutes, and tries again when the time comes', async () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([5_000, 10_000, 20_000]);
    expect(backoffMs(30)).toBe(MAX_BACKOFF_MS);
    const db = dbOf('officer-b');
    await putInOutbox(db, entry('20000000-0000-4000-8000-000000000001'), 0);
    const server = fakeServer([503, 502]);
    await syncOutbox(db, server.transport, { now: () => 1_000 });
    expect((await outboxRecords(db))[0]).toMatchObject({ state: 'waiting', attempts: 1, next_try_at: 6_000 });
    // Before its time nothing is sent; "Sync now" (force) goes anyway.
    await syncOutbox(db, server.transport, { now: () => 5_999 });
    expect(server.calls).toHaveLength(1);
    await syncOutbox(db, server.transport, { now: () => 6_000 });
    expect((await outboxRecords(db))[0]).toMatchObject({ attempts: 2, next_try_at: 16_000 });
    await syncOutbox(db, server.transport, { now: () => 7_000, force: true });
    expect(server.calls).toHaveLength(3);
    expect(await outboxRecords(db)).toHaveLength(0);
  });

  it('pauses on a 401, keeping everything, until the officer signs in again', async () => {
    const db = dbOf('officer-c');
    await putInOutbox(db, entry('30000000-0000-4000-8000-000000000001'), 0);
    await putInOutbox(db, entry('30000000-0000-4000-8000-000000000002'), 1);
    const server = fakeServer([401]);
    expect(await syncOutbox(db, server.transport)).toMatchObject({ paused: true, sent: 0 });
    expect(await syncOutbox(db, server.transport, { force: true })).toMatchObject({ paused: true });
    expect(server.calls).toHaveLength(1);
    expect(await outboxRecords(db)).toHaveLength(2);
    await resumeAfterSignIn(db);
    expect(await syncOutbox(db, server.transport)).toMatchObject({ paused: false, sent: 2 });
    expect(server.forms.size).toBe(2);
  });

  it("marks a refused record 'needs changes' with the server's words and sends the others", async () => {
    const db = dbOf('officer-d');
    await putInOutbox(db, entry('40000000-0000-4000-8000-000000000001'), 0);
    await putInOutbox(db, entry('40000000-0000-4000-8000-000000000002'), 1);
    const server = fakeServer([422]);
    expect(await syncOutbox(db, server.transport)).toMatchObject({ sent: 1 });
    const [refused] = await outboxRecords(db);
    expect(refused).toMatchObject({
      form_id: '40000000-0000-4000-8000-000000000001',
      state: 'needs_changes',
      message: 'Refused 422',
    });
    // Not sent again until the officer fixes it; fixed, it goes.
    await syncOutbox(db, server.transport, { force: true });
    expect(server.calls).toHaveLength(2);
    await putInOutbox(db, entry('40000000-0000-4000-8000-000000000001', 'Father'));
    await syncOutbox(db, server.transport);
    expect(await outboxRecords(db)).toHaveLength(0);
  });

  it('gives one form when the acknowledgement is lost, even if the officer changed it meanwhile', async () => {
    const db = dbOf('officer-e');
    const id = '50000000-0000-4000-8000-000000000001';
    await putInOutbox(db, entry(id), 0);
    const server = fakeServer(['drop']);
    expect(await syncOutbox(db, server.transport)).toMatchObject({ offline: true });
    expect(await outboxRecords(db)).toHaveLength(1);
    await putInOutbox(db, entry(id, 'Mother and uncle'));
    await syncOutbox(db, server.transport, { force: true });
    expect(server.forms.size).toBe(1);
    // The resend met the first copy (409), so it became an edit of version 1, merged by the server.
    expect(server.calls.at(-1)).toMatchObject({ method: 'PUT', ifMatch: '"1"' });
    expect(server.forms.get(id)?.body).toMatchObject({ fields: { people_present: 'Mother and uncle' } });
    expect(await outboxRecords(db)).toHaveLength(0);
  });

  it('uploads photos before the form and completes a completed form once, even with its answer lost', async () => {
    const db = dbOf('officer-f');
    const id = '60000000-0000-4000-8000-000000000001';
    const photo = '60000000-0000-4000-8000-0000000000aa';
    await db.photos.put({ id: photo, blob: new Blob(['jpeg']), mime_type: 'image/jpeg', uploaded: false });
    const visit = entry(id, 'Mother', true);
    visit.body.photo_ids = [photo];
    await putInOutbox(db, visit, 0);
    const server = fakeServer([undefined as never, undefined as never, 'drop']);
    await syncOutbox(db, server.transport);
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /api/form-photos/${photo}`,
      'POST /api/forms',
      `POST /api/forms/${id}/complete`,
    ]);
    // The server has the form; only completing it was left, and it is not sent as new again.
    expect((await outboxRecords(db))[0]).toMatchObject({ stage: 'saved', kind: 'update' });
    await syncOutbox(db, server.transport, { force: true });
    expect(server.calls.at(-1)).toMatchObject({ method: 'POST', path: `/api/forms/${id}/complete` });
    expect(server.calls.filter((c) => c.path.startsWith('/api/form-photos/'))).toHaveLength(1);
    expect(await outboxRecords(db)).toHaveLength(0);
    expect(await db.photos.count()).toBe(0);
  });

  it('keeps both sides of a conflict (412) for the officer to choose', async () => {
    const db = dbOf('officer-g');
    const current = {
      id: '70000000-0000-4000-8000-000000000001',
      type: 'care_call',
      student_id: STUDENT,
      student_name: 'Mwila Banda',
      form_date: '2026-12-01',
      fields: {},
      status: 'draft',
      author_id: null,
      author_name: null,
      completed_at: null,
      reviewed_by_id: null,
      reviewed_by_name: null,
      reviewed_at: null,
      review_note: null,
      file_count: 0,
      photo_ids: [],
      version: 3,
      created_at: '2026-12-01T08:00:00.000Z',
      updated_at: '2026-12-01T08:00:00.000Z',
    };
    await putInOutbox(db, { ...entry(current.id), base: { ...current, version: 2 } as never }, 0);
    const conflict = { error: 'Changed meanwhile', current, conflicting_fields: ['fields.people_present'] };
    const server: Transport = async () => ({ status: 412, body: conflict });
    await syncOutbox(db, server);
    expect((await outboxRecords(db))[0]).toMatchObject({ state: 'conflict', conflict, base_version: 2 });
  });
});

describe('drafts', () => {
  it("are kept per account: another account on the same phone never sees one's drafts", async () => {
    const mine = dbOf('officer-h');
    const theirs = dbOf('officer-i');
    await saveDraft(mine, {
      form_id: '80000000-0000-4000-8000-000000000001',
      type: 'home_visit',
      base: null,
      values: entry('x').values,
      photo_ids: [],
      student: null,
    });
    expect(await keptDrafts(mine)).toHaveLength(1);
    expect(await keptDrafts(theirs)).toHaveLength(0);
    // Reopened (a reload, a restart): the same database, the same draft.
    mine.close();
    await mine.open();
    expect((await keptDrafts(mine))[0]?.values.fields.people_present).toBe('Mother');
    await dropDraft(mine, '80000000-0000-4000-8000-000000000001');
    expect(await keptDrafts(mine)).toHaveLength(0);
  });

  it('becomes the outbox record when saved offline, keeping its photos for the upload', async () => {
    const db = dbOf('officer-j');
    const id = '90000000-0000-4000-8000-000000000001';
    const photo = '90000000-0000-4000-8000-0000000000aa';
    await db.photos.put({ id: photo, blob: new Blob(['jpeg']), mime_type: 'image/jpeg', uploaded: false });
    await saveDraft(db, {
      form_id: id,
      type: 'home_visit',
      base: null,
      values: entry(id).values,
      photo_ids: [photo],
      student: null,
    });
    const visit = entry(id);
    visit.body.photo_ids = [photo];
    await putInOutbox(db, visit);
    expect(await keptDrafts(db)).toHaveLength(0);
    expect(await db.photos.get(photo)).toBeDefined();
  });
});
