import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Form, FormListResponse } from '../../../contracts/forms';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type { SearchResponse } from '../../../contracts/search';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { FORM_FIELDS, FORM_TYPES, FORM_MESSAGES as M } from '../../../domain/forms';
import { activities } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, json, makeStudent, type TestStudent, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

/** PUT /api/forms/{id} as an edit of `form` at its version (If-Match). */
const edit = (as: string, form: Pick<Form, 'id' | 'version'>, body: unknown) =>
  t.request('PUT', `/api/forms/${form.id}`, {
    token: tokens[as],
    body,
    headers: { 'if-match': `"${form.version}"` },
  });

let mine: TestStudent;
let theirs: TestStudent;

const HOME_VISIT = {
  people_present: 'Mwila and her mother',
  living_conditions: 'Two rooms, shared with four siblings; clean and dry.',
  follow_up_actions: 'Bring a study lamp next month.',
};
const CARE_CALL = {
  person_called: 'Mwila',
  duration_minutes: 15,
  topics: 'Exams and fees',
  wellbeing_rating: 4,
};
const DISCHARGE = {
  reason: 'graduated',
  final_status: 'Graduated with a Diploma in Nursing',
  exit_interview_notes: 'Grateful; wants to mentor first-years.',
  handover: 'Laptop returned to Chiara Mbewe.',
};
const COMPLETE_FIELDS = { home_visit: HOME_VISIT, care_call: CARE_CALL, discharge: DISCHARGE };

const start = async (as: string, body: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/forms', {
    type: 'home_visit',
    student_id: mine.id,
    form_date: '2026-03-14',
    fields: {},
    ...body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1000);
  return json<Form>(res);
};
const completed = async (as: string, type: (typeof FORM_TYPES)[number] = 'home_visit') => {
  const form = await start(as, { type, fields: COMPLETE_FIELDS[type] });
  const res = await send(as, 'POST', `/api/forms/${form.id}/complete`);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Form>(res);
};

beforeAll(async () => {
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  theirs = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO002' });
});

describe('who reaches Forms Management', () => {
  it('staff only, for every route (D11); a form of nobody answers 404', async () => {
    const one = `/api/forms/${UNKNOWN_ID}`;
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/forms', statuses: staffOnly(200) },
        { route: 'GET /api/forms/export.csv', statuses: staffOnly(200) },
        { route: 'POST /api/forms', body: {}, statuses: staffOnly(400) },
        { route: `GET ${one}`, statuses: staffOnly(404) },
        {
          route: `PUT ${one}`,
          body: { type: 'care_call', student_id: mine.id, form_date: '2026-03-01' },
          statuses: staffOnly(404),
        },
        { route: `DELETE ${one}`, statuses: staffOnly(404) },
        { route: `POST ${one}/complete`, statuses: staffOnly(404) },
        {
          route: `POST ${one}/review`,
          body: { review_note: 'Fine' },
          statuses: staffOnly({ program_officer: 403, deputy_manager: 404, admin: 404 }),
        },
        { route: `GET ${one}/pdf`, statuses: staffOnly(404) },
        { route: `GET ${one}/history`, statuses: staffOnly(404) },
      ]),
    );
  });

  it("an officer reaches only forms about their own students; naming another's student is refused", async () => {
    const form = await start('PO001');
    for (const path of [
      `/api/forms/${form.id}`,
      `/api/forms/${form.id}/pdf`,
      `/api/forms/${form.id}/history`,
    ]) {
      const res = await send('PO002', 'GET', path);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).error).toBe(M.notFound);
    }
    expect((await send('PO002', 'DELETE', `/api/forms/${form.id}`)).status).toBe(404);
    const list = await json<FormListResponse>(await send('PO002', 'GET', '/api/forms?pageSize=200'));
    expect(list.items.map((f) => f.id)).not.toContain(form.id);
    const other = await send('PO001', 'POST', '/api/forms', {
      type: 'care_call',
      student_id: theirs.id,
      form_date: '2026-03-01',
    });
    expect(other.status).toBe(400);
    expect((await errorOf(other)).fields).toEqual({ student_id: M.studentNotFound });
    expect((await send('DPM001', 'GET', `/api/forms/${form.id}`)).status).toBe(200);
  });
});

describe('writing a form', () => {
  it('starts as a draft by the caller, incomplete if need be, keeping only its type’s fields', async () => {
    const form = await start('PO001', {
      type: 'care_call',
      status: 'reviewed',
      fields: { person_called: ' Mwila ', duration_minutes: '20', unknown_field: 'dropped', topics: '' },
    });
    expect(form).toMatchObject({
      type: 'care_call',
      status: 'draft',
      author_id: await t.userId('PO001'),
      student_name: 'Mwila Chanda',
      fields: { person_called: 'Mwila', duration_minutes: 20 },
      completed_at: null,
      file_count: 0,
    });
  });

  it('refuses bad values field by field, and changes nothing', async () => {
    const total = async () => (await json<FormListResponse>(await send('DPM001', 'GET', '/api/forms'))).total;
    const before = await total();
    const res = await send('PO001', 'POST', '/api/forms', {
      type: 'care_call',
      student_id: mine.id,
      form_date: '2026-03-01',
      fields: { duration_minutes: 0, wellbeing_rating: 6, person_called: 'x'.repeat(201) },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toMatchObject({
      'fields.duration_minutes': 'Duration must be between 1 and 600',
      'fields.wellbeing_rating': 'Wellbeing rating must be between 1 and 5',
      'fields.person_called': 'Who was called must be at most 200 characters',
    });
    const unreal = await send('PO001', 'POST', '/api/forms', {
      type: 'discharge',
      student_id: mine.id,
      form_date: '2026-02-30',
    });
    expect((await errorOf(unreal)).fields?.form_date).toContain('real date');
    const future = await send('PO001', 'POST', '/api/forms', {
      type: 'discharge',
      student_id: mine.id,
      form_date: '2026-03-17',
    });
    expect((await errorOf(future)).fields).toEqual({ form_date: M.dateInFuture });
    const badType = await send('PO001', 'POST', '/api/forms', {
      type: 'visit',
      student_id: mine.id,
      form_date: '2026-03-01',
    });
    expect((await errorOf(badType)).fields).toMatchObject({ type: M.typeRequired });
    const discharge = await send('PO001', 'POST', '/api/forms', {
      type: 'discharge',
      student_id: mine.id,
      form_date: '2026-03-01',
      fields: { reason: 'ran_away' },
    });
    expect((await errorOf(discharge)).fields?.['fields.reason']).toContain(
      'Reason for discharge must be one of',
    );
    expect(await total()).toBe(before);
  });

  for (const type of FORM_TYPES) {
    it(`a ${type} completes only with its required fields`, async () => {
      const draft = await start('PO001', { type, fields: {} });
      const refused = await send('PO001', 'POST', `/api/forms/${draft.id}/complete`);
      expect(refused.status).toBe(400);
      const body = await errorOf(refused);
      expect(body.error).toBe(M.completeFirst);
      const required = FORM_FIELDS[type].filter((f) => f.required);
      expect(body.fields).toEqual(
        Object.fromEntries(required.map((f) => [`fields.${f.key}`, `${f.label} is required`])),
      );
      expect((await json<Form>(await send('PO001', 'GET', `/api/forms/${draft.id}`))).status).toBe('draft');
      const filled = await edit('PO001', draft, {
        type,
        student_id: mine.id,
        form_date: '2026-03-10',
        fields: COMPLETE_FIELDS[type],
      });
      expect(filled.status).toBe(200);
      const done = await json<Form>(await send('PO001', 'POST', `/api/forms/${draft.id}/complete`));
      expect(done).toMatchObject({ status: 'completed', completed_at: t.clock.now().toISOString() });
      expect((await send('PO001', 'POST', `/api/forms/${draft.id}/complete`)).status).toBe(409);
    });
  }

  it('a draft is its author’s and management’s; the type never changes', async () => {
    const form = await start('DPM001');
    const body = { type: 'home_visit', student_id: mine.id, form_date: '2026-03-02', fields: HOME_VISIT };
    const officer = await send('PO001', 'PUT', `/api/forms/${form.id}`, body);
    expect(officer.status).toBe(403);
    expect((await errorOf(officer)).error).toBe(M.notYourDraft);
    expect((await send('PO001', 'DELETE', `/api/forms/${form.id}`)).status).toBe(403);
    expect((await edit('ADM001', form, body)).status).toBe(200);
    const retyped = await edit('DPM001', form, { ...body, type: 'care_call' });
    expect((await errorOf(retyped)).fields).toEqual({ type: M.typeFixed });
  });
});

describe('reviewing', () => {
  it('only management reviews a completed form, with a note; the review locks it for everyone', async () => {
    const draft = await start('PO001', { fields: HOME_VISIT });
    expect(
      (await send('DPM001', 'POST', `/api/forms/${draft.id}/review`, { review_note: 'Good' })).status,
    ).toBe(409);
    const form = (await json<Form>(await send('PO001', 'POST', `/api/forms/${draft.id}/complete`))) as Form;
    const body = { type: 'home_visit', student_id: mine.id, form_date: '2026-03-02', fields: HOME_VISIT };
    const officerEdit = await send('PO001', 'PUT', `/api/forms/${form.id}`, body);
    expect(officerEdit.status).toBe(403);
    expect((await errorOf(officerEdit)).error).toBe(M.completedReadOnly);
    const officerReview = await send('PO001', 'POST', `/api/forms/${form.id}/review`, {
      review_note: 'Mine',
    });
    expect(officerReview.status).toBe(403);
    expect((await errorOf(officerReview)).error).toBe(M.reviewRole);
    const noNote = await send('DPM001', 'POST', `/api/forms/${form.id}/review`, { review_note: '  ' });
    expect((await errorOf(noNote)).fields).toEqual({ review_note: M.reviewNoteRequired });
    // Management may still correct a completed form, which must stay complete.
    const emptied = await edit('DPM001', form, { ...body, fields: {} });
    expect(emptied.status).toBe(400);
    expect((await edit('DPM001', form, body)).status).toBe(200);

    const reviewed = await json<Form>(
      await send('DPM001', 'POST', `/api/forms/${form.id}/review`, { review_note: 'Thorough visit.' }),
    );
    expect(reviewed).toMatchObject({
      status: 'reviewed',
      review_note: 'Thorough visit.',
      reviewed_by_id: await t.userId('DPM001'),
      reviewed_by_name: expect.any(String),
    });
    for (const [as, method, path, payload] of [
      ['ADM001', 'PUT', `/api/forms/${form.id}`, body],
      ['ADM001', 'DELETE', `/api/forms/${form.id}`, undefined],
      ['DPM001', 'POST', `/api/forms/${form.id}/review`, { review_note: 'Again' }],
      ['PO001', 'POST', `/api/forms/${form.id}/complete`, undefined],
    ] as const) {
      const res = await send(as, method, path, payload);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect((await errorOf(res)).error).toBe(M.locked);
    }
    const history = await json<{ items: Array<{ action: string }> }>(
      await send('PO001', 'GET', `/api/forms/${form.id}/history`),
    );
    expect(history.items.map((e) => e.action)).toEqual([
      'form.created',
      'form.completed',
      'form.updated',
      'form.reviewed',
    ]);
  });

  it('completed forms wait in management’s bell; the search finds forms in scope', async () => {
    const form = await completed('PO001', 'care_call');
    const bell = await json<NotificationsResponse>(await send('DPM001', 'GET', '/api/notifications'));
    const group = bell.groups.find((g) => g.area === 'forms');
    expect(group?.items.map((i) => i.href)).toContain(`/forms?open=${form.id}`);
    const officerBell = await json<NotificationsResponse>(await send('PO001', 'GET', '/api/notifications'));
    expect(officerBell.groups.find((g) => g.area === 'forms')).toBeUndefined();
    const found = await json<SearchResponse>(await send('PO001', 'GET', '/api/search?q=Exams'));
    expect(found.groups.find((g) => g.area === 'forms')?.items.map((i) => i.id)).toContain(form.id);
    const other = await json<SearchResponse>(await send('PO002', 'GET', '/api/search?q=Exams'));
    expect(other.groups.find((g) => g.area === 'forms')).toBeUndefined();
  });
});

describe('the list, exports and the record kept', () => {
  it('filters by type, status, student and words, newest first, with the tiles', async () => {
    await completed('PO001', 'discharge');
    const list = await json<FormListResponse>(
      await send('PO001', 'GET', '/api/forms?type=discharge&status=completed'),
    );
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((f) => f.type === 'discharge' && f.status === 'completed')).toBe(true);
    expect(list.counts.total).toBe(list.counts.draft + list.counts.completed + list.counts.reviewed);
    const words = await json<FormListResponse>(await send('PO001', 'GET', '/api/forms?q=mentor'));
    expect(words.items.length).toBeGreaterThan(0);
    expect(words.items.every((f) => f.type === 'discharge')).toBe(true);
    const bad = await send('PO001', 'GET', '/api/forms?status=done');
    expect(bad.status).toBe(400);
  });

  it('exports the filtered list as CSV and a form as a PDF', async () => {
    const form = await completed('PO001', 'home_visit');
    const csv = await send('PO001', 'GET', '/api/forms/export.csv?type=home_visit');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('forms.csv');
    const text = await csv.text();
    expect(text).toContain('form_date,type,student_name,status');
    expect(text).toContain('People present: Mwila and her mother');
    expect(text).not.toContain('Care Call');
    const pdf = await send('PO001', 'GET', `/api/forms/${form.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="home-visit-mwila-chanda-${form.form_date}.pdf"`,
    );
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('deleting asks nothing of the files; a student with forms cannot be deleted (D12)', async () => {
    const form = await start('PO001');
    expect((await send('PO001', 'DELETE', `/api/forms/${form.id}`)).status).toBe(204);
    expect((await send('PO001', 'GET', `/api/forms/${form.id}`)).status).toBe(404);
    const logged = await t.deps.db.select().from(activities).where(eq(activities.entityId, form.id));
    expect(logged.map((a) => a.action)).toContain('form.deleted');
    const student = await makeStudent(t, { name: 'Kept Record', officer: 'PO001' });
    await start('PO001', { student_id: student.id });
    const res = await send('ADM001', 'DELETE', `/api/students/${student.id}`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error).toBe(STUDENT_API_MESSAGES.hasForms);
  });
});
