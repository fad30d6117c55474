import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordHistoryResponse } from '../../../contracts/audit';
import type { Form, FormConflict } from '../../../contracts/forms';
import { FORM_MESSAGES as M } from '../../../domain/forms';
import { forms } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, json, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

/*
 * Issue 48, items 5, 6 and 8: a form made offline is created once however often the phone sends
 * it; an edit names the version it started from and never overwrites changes saved meanwhile; and
 * both go through the same rules as a form saved online (it is the same endpoint).
 */

const { t, tokens, send, ok } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

let mine: TestStudent;
let theirs: TestStudent;

const VISIT = {
  people_present: 'Mwila and her mother',
  living_conditions: 'Two rooms; clean and dry.',
  follow_up_actions: 'Bring a study lamp next month.',
};
const visit = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  type: 'home_visit',
  student_id: mine.id,
  form_date: '2026-03-14',
  fields: VISIT,
  ...more,
});

const put = (as: string, id: string, body: unknown, ifMatch?: string) =>
  t.request('PUT', `/api/forms/${id}`, {
    token: tokens[as],
    body,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });
const editBody = (form: Form, fields: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: form.type,
  student_id: form.student_id,
  form_date: form.form_date,
  fields: { ...form.fields, ...fields },
  ...more,
});
const formsWithId = async (id: string) =>
  (await t.deps.db.select({ id: forms.id }).from(forms).where(eq(forms.id, id))).length;
const created = async (as: string, body: Record<string, unknown>) => {
  const res = await send(as, 'POST', '/api/forms', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Form>(res);
};
const history = async (id: string) =>
  (await ok<RecordHistoryResponse>(await send('DPM001', 'GET', `/api/forms/${id}/history`))).items;

beforeAll(async () => {
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  theirs = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO002' });
});

describe('a form made offline is created once (item 5)', () => {
  it('takes the id the phone gave it; sent again, it answers the stored form (200) and adds none', async () => {
    const id = randomUUID();
    const first = await send('PO001', 'POST', '/api/forms', visit(id));
    expect(first.status).toBe(201);
    expect(first.headers.get('etag')).toBe('"1"');
    const form = await json<Form>(first);
    expect(form).toMatchObject({ id, version: 1, status: 'draft', fields: VISIT });
    // The acknowledgement was lost: the phone sends it again, written as the browser had it.
    const again = await send('PO001', 'POST', '/api/forms', {
      ...visit(id),
      fields: { ...VISIT, people_present: ` ${VISIT.people_present} `, concerns: '', unknown: 'x' },
    });
    expect(again.status).toBe(200);
    expect(await json<Form>(again)).toEqual(form);
    expect(await formsWithId(id)).toBe(1);
    expect((await history(id)).map((e) => e.action)).toEqual(['form.created']);
  });

  it('two sends at once (the first answer never arrived) leave exactly one form', async () => {
    const id = randomUUID();
    const answers = await Promise.all([1, 2].map(() => send('PO001', 'POST', '/api/forms', visit(id))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await formsWithId(id)).toBe(1);
  });

  it('different content under a used id is refused with 409 and changes nothing', async () => {
    const form = await created('PO001', visit(randomUUID()));
    for (const changed of [
      visit(form.id, { form_date: '2026-03-13' }),
      visit(form.id, { fields: { ...VISIT, follow_up_actions: 'Nothing' } }),
      visit(form.id, { type: 'care_call', fields: {} }),
    ]) {
      const res = await send('PO001', 'POST', '/api/forms', changed);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).error).toBe(M.idTaken);
    }
    // The same content from another author is not theirs to be answered.
    const other = await send('DPM001', 'POST', '/api/forms', visit(form.id));
    expect(other.status).toBe(409);
    expect(await ok<Form>(await send('PO001', 'GET', `/api/forms/${form.id}`))).toEqual(form);
  });

  it('sent again after it was edited, it answers the form as it is now', async () => {
    const form = await created('PO001', visit(randomUUID()));
    const edited = await ok<Form>(
      await put('PO001', form.id, editBody(form, { concerns: 'Check-in' }), '"1"'),
    );
    const again = await send('PO001', 'POST', '/api/forms', visit(form.id));
    expect(again.status).toBe(200);
    expect(await json<Form>(again)).toEqual(edited);
  });

  it('goes through the same checks as any create (item 8): scope, date, fields; a refused one is not kept', async () => {
    const cases: Array<[string, Record<string, unknown>, number, Record<string, string> | undefined]> = [
      ['PO001', { student_id: theirs.id }, 400, { student_id: M.studentNotFound }],
      ['PO002', {}, 400, { student_id: M.studentNotFound }],
      ['PO001', { form_date: '2026-03-17' }, 400, { form_date: M.dateInFuture }],
      ['PO001', { fields: { ...VISIT, people_present: 'x'.repeat(501) } }, 400, undefined],
    ];
    for (const [as, change, status, fields] of cases) {
      const id = randomUUID();
      const res = await send(as, 'POST', '/api/forms', visit(id, change));
      expect(res.status, JSON.stringify(change)).toBe(status);
      if (fields) expect((await errorOf(res)).fields).toEqual(fields);
      expect(await formsWithId(id)).toBe(0);
    }
    const badId = await send('PO001', 'POST', '/api/forms', visit('not-a-uuid'));
    expect(badId.status).toBe(400);
    expect((await errorOf(badId)).fields).toEqual({ id: M.idNotUuid });
  });

  it('for every role: staff only, an officer only for their own students', async () => {
    const id = randomUUID();
    await expectAccess(
      t,
      accessMatrix([
        {
          route: 'POST /api/forms',
          body: visit(id, { student_id: theirs.id }),
          // The deputy manager saves it first; the admin's same content is not the admin's form.
          statuses: staffOnly({ program_officer: 400, deputy_manager: 201, admin: 409 }),
        },
        {
          route: 'POST /api/forms',
          body: visit(id, { student_id: theirs.id }),
          statuses: staffOnly({ program_officer: 400, deputy_manager: 200, admin: 409 }),
        },
        {
          route: `PUT /api/forms/${id}`,
          body: visit(id, { student_id: theirs.id, form_date: '2026-03-12' }),
          headers: { 'if-match': '"1"' },
          // The deputy manager's edit moves it to version 2, so the admin's (on 1) merges.
          statuses: staffOnly({ program_officer: 404, deputy_manager: 200, admin: 200 }),
        },
        {
          route: `PUT /api/forms/${id}`,
          body: visit(id, { student_id: theirs.id }),
          statuses: staffOnly({ program_officer: 404, deputy_manager: 428, admin: 428 }),
        },
      ]),
    );
  });
});

describe('an edit never silently overwrites (item 6)', () => {
  it('GET sends the version as a strong ETag; PUT needs If-Match (428) in its form (400), changing nothing', async () => {
    const form = await created('PO001', visit(randomUUID()));
    const got = await send('PO001', 'GET', `/api/forms/${form.id}`);
    expect(got.headers.get('etag')).toBe('"1"');
    expect((await json<Form>(got)).version).toBe(1);
    const body = editBody(form, { follow_up_actions: 'Call next week' });
    const without = await put('PO001', form.id, body);
    expect(without.status).toBe(428);
    expect((await errorOf(without)).error).toBe(M.ifMatchRequired);
    for (const malformed of ['1', 'W/"1"', '*', '"one"']) {
      const res = await put('PO001', form.id, body, malformed);
      expect(res.status, malformed).toBe(400);
      expect((await errorOf(res)).error).toBe(M.ifMatchMalformed);
    }
    expect(await ok<Form>(await send('PO001', 'GET', `/api/forms/${form.id}`))).toEqual(form);
    const saved = await put('PO001', form.id, body, '"1"');
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    expect(await json<Form>(saved)).toMatchObject({ version: 2, fields: body.fields });
    const done = await ok<Form>(await send('PO001', 'POST', `/api/forms/${form.id}/complete`));
    expect(done.version).toBe(3);
  });

  it('changes to the same field answer 412 with the form as saved and the fields both changed', async () => {
    const form = await created('PO001', visit(randomUUID()));
    await ok(await put('DPM001', form.id, editBody(form, { living_conditions: 'Three rooms' }), '"1"'));
    const mineEdit = editBody(form, { living_conditions: 'One room', concerns: 'Check-in' });
    const refused = await put('PO001', form.id, mineEdit, '"1"');
    expect(refused.status).toBe(412);
    expect(refused.headers.get('etag')).toBe('"2"');
    const conflict = await json<FormConflict>(refused);
    expect(conflict).toMatchObject({
      error: M.changedMeanwhile,
      conflicting_fields: ['fields.living_conditions'],
      current: { version: 2, fields: { ...VISIT, living_conditions: 'Three rooms' } },
    });
    expect((await ok<Form>(await send('PO001', 'GET', `/api/forms/${form.id}`))).version).toBe(2);
    // The officer chose their value and sends it again on the version the 412 gave.
    const chosen = await ok<Form>(await put('PO001', form.id, mineEdit, '"2"'));
    expect(chosen).toMatchObject({
      version: 3,
      fields: { living_conditions: 'One room', concerns: 'Check-in' },
    });
    // A version the form never had has no base: every field told apart conflicts.
    const ahead = await put('PO001', form.id, editBody(chosen, { follow_up_actions: 'None' }), '"9"');
    expect(ahead.status).toBe(412);
    expect((await json<FormConflict>(ahead)).conflicting_fields).toEqual(['fields.follow_up_actions']);
  });

  it('changes to different fields merge, and the merge is in the form’s history', async () => {
    const form = await created('PO001', visit(randomUUID()));
    await ok(await put('DPM001', form.id, editBody(form, { living_conditions: 'Three rooms' }), '"1"'));
    const { living_conditions: _, ...rest } = VISIT;
    const merged = await put(
      'PO001',
      form.id,
      editBody(form, { concerns: 'Check-in' }, { form_date: '2026-03-15' }),
      '"1"',
    );
    expect(merged.status).toBe(200);
    expect(await json<Form>(merged)).toMatchObject({
      version: 3,
      form_date: '2026-03-15',
      fields: { ...rest, living_conditions: 'Three rooms', concerns: 'Check-in' },
    });
    const last = (await history(form.id)).at(-1)!;
    expect(last.summary).toMatch(/made on version 1: merged with the changes saved since/);
    expect(Object.keys(last.changes).sort()).toEqual(['concerns', 'form_date']);
  });

  it('two edits at once on the same version: different fields both land; the same field, one wins and one is told', async () => {
    const form = await created('PO001', visit(randomUUID()));
    const both = await Promise.all([
      put('PO001', form.id, editBody(form, { concerns: 'Check-in' }), '"1"'),
      put('DPM001', form.id, editBody(form, { follow_up_actions: 'Call the school' }), '"1"'),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const after = await ok<Form>(await send('PO001', 'GET', `/api/forms/${form.id}`));
    expect(after).toMatchObject({
      version: 3,
      fields: { concerns: 'Check-in', follow_up_actions: 'Call the school' },
    });
    const same = await Promise.all(
      ['One room', 'Three rooms'].map((value, i) =>
        put(i ? 'DPM001' : 'PO001', form.id, editBody(after, { living_conditions: value }), '"3"'),
      ),
    );
    expect(same.map((r) => r.status).sort()).toEqual([200, 412]);
    expect((await ok<Form>(await send('PO001', 'GET', `/api/forms/${form.id}`))).version).toBe(4);
  });

  it('an edit on an old version still meets the review rules (item 8): completed is management’s, reviewed is locked', async () => {
    const form = await created('PO001', visit(randomUUID()));
    await ok(await send('PO001', 'POST', `/api/forms/${form.id}/complete`));
    const officer = await put('PO001', form.id, editBody(form, { concerns: 'x' }), '"1"');
    expect(officer.status).toBe(403);
    expect((await errorOf(officer)).error).toBe(M.completedReadOnly);
    const emptied = await put('DPM001', form.id, editBody(form, {}, { fields: {} }), '"1"');
    expect(emptied.status).toBe(400);
    expect((await errorOf(emptied)).error).toBe(M.completeFirst);
    await ok(await send('DPM001', 'POST', `/api/forms/${form.id}/review`, { review_note: 'Good.' }));
    const locked = await put('ADM001', form.id, editBody(form, { concerns: 'x' }), '"1"');
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).error).toBe(M.locked);
  });
});
