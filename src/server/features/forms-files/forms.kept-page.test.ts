import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Form, FormListResponse } from '../../../contracts/forms';
import { keptListPages, studentFiles, students, users } from '../../db/schema';
import { json, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * The forms list's first page is answered from the kept page while nothing it shows has changed,
 * and written afresh after any write it shows (form-list-page.ts, db/kept-list-pages.ts). Each
 * test marks the kept pages, so that an answer still read from one shows the mark: a write that a
 * kept page outlived would leave the mark in place.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

type Listed = FormListResponse & { marked?: boolean };

async function formsList(as: string, query = 'page=1&pageSize=25'): Promise<Listed> {
  const res = await t.request('GET', `/api/forms?${query}`, { token: tokens[as] });
  expect(res.status).toBe(200);
  return json<Listed>(res);
}

async function markKeptPages(): Promise<void> {
  await t.deps.db
    .update(keptListPages)
    .set({ answer: sql`left(${keptListPages.answer}, -1) || ',"marked":true}'` });
}

/** Lists (so that the page is kept), marks the kept pages, and proves the next view reads the mark. */
async function listAndMark(as: string, query?: string): Promise<Listed> {
  const first = await formsList(as, query);
  await markKeptPages();
  expect((await formsList(as, query)).marked).toBe(true);
  return first;
}

let mine: TestStudent;
let author: string;

async function startForm(student: TestStudent = mine): Promise<Form> {
  const res = await t.request('POST', '/api/forms', {
    token: tokens.PO001,
    body: { type: 'home_visit', student_id: student.id, form_date: '2026-03-14', fields: {} },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1000);
  return json<Form>(res);
}

beforeAll(async () => {
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  await startForm();
  author = await t.userId('PO001');
});

describe('the kept first page of forms', () => {
  it('answers what was written afresh, kept apart per scope, status and page', async () => {
    const fresh = await formsList('ADM001');
    const kept = await formsList('ADM001');
    expect(kept).toEqual(fresh);
    await listAndMark('ADM001');
    // Another scope, another filter, another page or size: never the admin's first page.
    expect((await formsList('PO001')).marked).toBeUndefined();
    expect((await formsList('PO002')).marked).toBeUndefined();
    expect((await formsList('ADM001', 'page=1&pageSize=25&status=draft')).marked).toBeUndefined();
    expect((await formsList('ADM001', 'page=2&pageSize=25')).marked).toBeUndefined();
    expect((await formsList('ADM001', 'page=1&pageSize=10')).marked).toBeUndefined();
    expect((await formsList('ADM001', 'page=1&pageSize=25&q=mwila')).marked).toBeUndefined();
    // Only the first pages of the screen's size were kept: one per scope and status.
    const keys = (await t.deps.db.select({ key: keptListPages.key }).from(keptListPages)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith('forms:')).sort()).toEqual(
      [
        'forms:all:any:25',
        'forms:all:draft:25',
        `forms:${author}:any:25`,
        `forms:${await t.userId('PO002')}:any:25`,
      ].sort(),
    );
  });

  it('writes the page afresh after a form is started, changed or deleted', async () => {
    const before = await listAndMark('PO001');
    const form = await startForm();
    const started = await formsList('PO001');
    expect(started.marked).toBeUndefined();
    expect(started.total).toBe(before.total + 1);

    await listAndMark('PO001');
    const res = await t.request('PUT', `/api/forms/${form.id}`, {
      token: tokens.PO001,
      body: {
        type: 'home_visit',
        student_id: mine.id,
        form_date: '2026-03-14',
        fields: { people_present: 'Mwila alone' },
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const changed = await formsList('PO001');
    expect(changed.marked).toBeUndefined();
    expect(changed.items.find((f) => f.id === form.id)?.fields).toMatchObject({
      people_present: 'Mwila alone',
    });

    await listAndMark('PO001');
    const gone = await t.request('DELETE', `/api/forms/${form.id}`, { token: tokens.PO001 });
    expect(gone.status, await gone.clone().text()).toBeLessThan(300);
    const deleted = await formsList('PO001');
    expect(deleted.marked).toBeUndefined();
    expect(deleted.total).toBe(before.total);
  });

  it('writes the page afresh after a file is attached to a form or taken off it', async () => {
    const form = await startForm();
    await listAndMark('ADM001');
    const [file] = await t.deps.db
      .insert(studentFiles)
      .values({
        studentId: mine.id,
        formId: form.id,
        name: 'visit.pdf',
        mimeType: 'application/pdf',
        size: 10,
        category: 'other',
        storageKey: randomUUID(),
        uploadedById: author,
      })
      .returning({ id: studentFiles.id });
    const attached = await formsList('ADM001');
    expect(attached.marked).toBeUndefined();
    expect(attached.items.find((f) => f.id === form.id)?.file_count).toBe(1);

    await listAndMark('ADM001');
    await t.deps.db.delete(studentFiles).where(eq(studentFiles.id, file!.id));
    const removed = await formsList('ADM001');
    expect(removed.marked).toBeUndefined();
    expect(removed.items.find((f) => f.id === form.id)?.file_count).toBe(0);
  });

  it("writes the page afresh after a student's or an author's name changes", async () => {
    await listAndMark('ADM001');
    await t.deps.db.update(students).set({ fullName: 'Mwila Chanda-Banda' }).where(eq(students.id, mine.id));
    const renamed = await formsList('ADM001');
    expect(renamed.marked).toBeUndefined();
    expect(renamed.items.find((f) => f.student_id === mine.id)?.student_name).toBe('Mwila Chanda-Banda');

    await listAndMark('ADM001');
    await t.deps.db.update(users).set({ name: 'Chipo Officer-Mbewe' }).where(eq(users.id, author));
    const authorRenamed = await formsList('ADM001');
    expect(authorRenamed.marked).toBeUndefined();
    expect(authorRenamed.items.find((f) => f.author_id === author)?.author_name).toBe('Chipo Officer-Mbewe');
  });

  it("writes an officer's page afresh when a student of theirs moves to another officer", async () => {
    const moving = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO001' });
    await startForm(moving);
    const before = await listAndMark('PO001');
    await t.deps.db
      .update(students)
      .set({ assignedOfficerId: await t.userId('PO002') })
      .where(eq(students.id, moving.id));
    const after = await formsList('PO001');
    expect(after.marked).toBeUndefined();
    expect(after.total).toBe(before.total - 1);
    expect(after.items.some((f) => f.student_id === moving.id)).toBe(false);
  });
});
