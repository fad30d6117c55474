import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GraduateListResponse, Yearbook, YearbookListResponse } from '../../../contracts/yearbook';
import { YEARBOOK_MESSAGES as M } from '../../../domain/yearbook';
import { activities, memoryWallPosts, students, yearbookEntries } from '../../db/schema';
import { accessMatrix, expectAccess, fromRole, signedInOnly } from '../../testing/access-matrix';
import { json, UNKNOWN_ID } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { yearbookTestKit } from './yearbook-test-kit';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001', 'USR001', 'STU001'],
  // 23:30 on 31 December in UTC is already 1 January in Lusaka: "today" and "this year" are Lusaka's.
  clockAt: new Date('2026-12-31T23:30:00Z'),
});
const kit = () => yearbookTestKit(t, tokens);

describe('who reaches the yearbook routes (D11)', () => {
  it('everyone signed in reads; management alone changes, before the request is even read', async () => {
    const { published, addYearbook } = kit();
    const open = await published();
    const draft = await addYearbook();
    const routes = [
      { route: 'GET /api/yearbooks', statuses: signedInOnly(200) },
      { route: `GET /api/yearbooks/${open.id}`, statuses: signedInOnly(200) },
      {
        route: `GET /api/yearbooks/${draft.id}`,
        statuses: { ...fromRole('deputy_manager', 200), program_officer: 404, user: 404, student: 404 },
      },
      { route: `GET /api/yearbooks/${open.id}/entries`, statuses: signedInOnly(200) },
      {
        route: `GET /api/yearbooks/${draft.id}/entries`,
        statuses: { ...signedInOnly(404), deputy_manager: 200, admin: 200 },
      },
      { route: `GET /api/yearbooks/${open.id}/memories`, statuses: signedInOnly(200) },
      {
        route: `GET /api/yearbooks/${draft.id}/memories`,
        statuses: { ...signedInOnly(404), deputy_manager: 200, admin: 200 },
      },
      {
        route: `POST /api/yearbooks/${draft.id}/memories`,
        body: { message: 'Hi' },
        statuses: { ...signedInOnly(404), deputy_manager: 201, admin: 201 },
      },
      {
        route: `POST /api/yearbooks/${open.id}/memories`,
        body: { message: ' ' },
        statuses: signedInOnly(400),
      },
      { route: `GET /api/yearbooks/${UNKNOWN_ID}/pdf`, statuses: signedInOnly(404) },
      { route: `GET /api/yearbooks/${UNKNOWN_ID}/my-entry`, statuses: signedInOnly(404) },
      {
        route: `PUT /api/yearbooks/${open.id}/my-entry`,
        body: { quote: 'x'.repeat(251) },
        statuses: signedInOnly(400),
      },
      { route: 'GET /api/yearbooks/graduates', statuses: fromRole('deputy_manager', 200) },
      { route: 'POST /api/yearbooks', body: {}, statuses: fromRole('deputy_manager', 400) },
      { route: `PUT /api/yearbooks/${UNKNOWN_ID}`, body: {}, statuses: fromRole('deputy_manager', 400) },
      { route: `DELETE /api/yearbooks/${UNKNOWN_ID}`, statuses: fromRole('deputy_manager', 404) },
      { route: `POST /api/yearbooks/${UNKNOWN_ID}/publish`, statuses: fromRole('deputy_manager', 404) },
      {
        route: `POST /api/yearbooks/${open.id}/entries`,
        body: {},
        statuses: fromRole('deputy_manager', 400),
      },
      {
        route: `PUT /api/yearbook-entries/${UNKNOWN_ID}`,
        body: {},
        statuses: fromRole('deputy_manager', 404),
      },
      { route: `DELETE /api/yearbook-entries/${UNKNOWN_ID}`, statuses: fromRole('deputy_manager', 404) },
      {
        route: `POST /api/yearbook-entries/${UNKNOWN_ID}/approve`,
        statuses: fromRole('deputy_manager', 404),
      },
      { route: `POST /api/yearbook-entries/${UNKNOWN_ID}/reject`, statuses: fromRole('deputy_manager', 404) },
    ];
    await expectAccess(t, accessMatrix(routes));
  });

  it('answers 404 for ids that are no uuid, never a database error', async () => {
    const { send } = kit();
    expect((await send('DPM001', 'GET', '/api/yearbooks/42')).status).toBe(404);
    expect((await send('DPM001', 'POST', '/api/yearbook-entries/x/approve')).status).toBe(404);
    expect((await send('USR001', 'GET', '/api/yearbooks/nope/pdf')).status).toBe(404);
  });
});

describe('yearbooks: what the server accepts', () => {
  it('names each bad field in its own words and stores nothing', async () => {
    const { send, errorOf } = kit();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ year: 1999, title: 'A' }, 'year', M.year],
      [{ year: 2101, title: 'A' }, 'year', M.year],
      [{ year: 2025.5, title: 'A' }, 'year', M.year],
      [{ year: 'soon', title: 'A' }, 'year', M.year],
      [{ year: 2030, title: '   ' }, 'title', M.titleRequired],
      [{ year: 2030 }, 'title', M.titleRequired],
      [{ year: 2030, title: 'A', cover_image_url: 'javascript:alert(1)' }, 'cover_image_url', M.url],
      [{ year: 2030, title: 'A', status: 'live' }, 'status', 'Status must be draft, published or archived'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('DPM001', 'POST', '/api/yearbooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(body)).toBe(message);
    }
    const list = await json<YearbookListResponse>(await send('ADM001', 'GET', '/api/yearbooks'));
    expect(list.items.some((y) => y.year === 2030)).toBe(false);
  });

  it('defaults to a draft of this year in Lusaka, and one yearbook per class (409)', async () => {
    const { send, errorOf } = kit();
    const res = await send('DPM001', 'POST', '/api/yearbooks', {
      title: 'Class of Tomorrow',
      theme: ' ',
      cover_image_url: '',
    });
    expect(res.status).toBe(201);
    const made = await json<Yearbook>(res);
    expect(made).toMatchObject({
      year: 2027,
      status: 'draft',
      theme: null,
      cover_image_url: null,
      published_date: null,
      created_by: 'Chipo Mwale',
    });
    const again = await send('ADM001', 'POST', '/api/yearbooks', { year: 2027, title: 'Again' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toBe(M.yearTaken(2027));
    const other = await kit().addYearbook();
    const clash = await send('DPM001', 'PUT', `/api/yearbooks/${other.id}`, { year: 2027, title: 'Moved' });
    expect(clash.status).toBe(409);
  });

  it('publishes a draft with today in Lusaka, only a draft, and records each change', async () => {
    const { send, addYearbook, errorOf } = kit();
    const draft = await addYearbook();
    const res = await send('DPM001', 'POST', `/api/yearbooks/${draft.id}/publish`);
    expect(res.status).toBe(200);
    expect(await json<Yearbook>(res)).toMatchObject({ status: 'published', published_date: '2027-01-01' });
    const twice = await send('DPM001', 'POST', `/api/yearbooks/${draft.id}/publish`);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).error).toBe(M.onlyDraftsPublished);
    // Archiving and publishing again through the form keeps the first publication date.
    await send('DPM001', 'PUT', `/api/yearbooks/${draft.id}`, {
      year: draft.year,
      title: 'T',
      status: 'archived',
    });
    // A day later (sessions idle out, so DPM001 signs in again).
    t.clock.set(new Date('2027-01-01T22:10:00Z'));
    tokens.DPM001 = await t.signIn('DPM001');
    const back = await send('DPM001', 'PUT', `/api/yearbooks/${draft.id}`, {
      year: draft.year,
      title: 'T',
      status: 'published',
    });
    expect(await json<Yearbook>(back)).toMatchObject({ status: 'published', published_date: '2027-01-01' });
    t.clock.set(new Date('2026-12-31T23:30:00Z'));
    const trail = await t.database.db.select().from(activities).where(eq(activities.entityId, draft.id));
    expect(trail.map((a) => a.action)).toEqual([
      'yearbook.created',
      'yearbook.published',
      'yearbook.updated',
      'yearbook.updated',
    ]);
    expect(trail[1]!.changes).toMatchObject({ status: { before: 'draft', after: 'published' } });
  });

  it('shows others only published yearbooks, newest class first, with approved entries counted', async () => {
    const { send, published, addYearbook, addStudent, addEntry } = kit();
    const older = await published();
    const newer = await published();
    await addYearbook({ status: 'archived' });
    const student = await addStudent({ email: null, firstName: 'Mwila', lastName: 'Chanda' });
    await addEntry(newer.id, student.id);
    for (const as of ['USR001', 'STU001', 'PO001']) {
      const list = await json<YearbookListResponse>(await send(as, 'GET', '/api/yearbooks'));
      expect(
        list.items.every((y) => y.status === 'published'),
        as,
      ).toBe(true);
      const years = list.items.map((y) => y.year);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      expect(years.indexOf(newer.year)).toBeLessThan(years.indexOf(older.year));
      expect(list.items.find((y) => y.id === newer.id)?.entry_counts).toEqual({
        total: 1,
        approved: 1,
        pending: 0,
        rejected: 0,
      });
    }
    const all = await json<YearbookListResponse>(await send('ADM001', 'GET', '/api/yearbooks'));
    expect(all.items.some((y) => y.status === 'archived')).toBe(true);
  });

  it('deletes a yearbook with its entries and memories', async () => {
    const { send, published, addStudent, addEntry } = kit();
    const book = await published();
    const student = await addStudent({ email: null });
    await addEntry(book.id, student.id);
    await send('USR001', 'POST', `/api/yearbooks/${book.id}/memories`, { message: 'The first lecture!' });
    const res = await send('ADM001', 'DELETE', `/api/yearbooks/${book.id}`);
    expect(res.status).toBe(204);
    expect(
      await t.database.db.select().from(yearbookEntries).where(eq(yearbookEntries.yearbookId, book.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(memoryWallPosts).where(eq(memoryWallPosts.yearbookId, book.id)),
    ).toEqual([]);
    expect((await send('ADM001', 'GET', `/api/yearbooks/${book.id}`)).status).toBe(404);
  });
});

describe('graduating students', () => {
  it('lists students whose status is graduated, by full name', async () => {
    const { send, addStudent } = kit();
    await addStudent({ email: null, firstName: 'Zebron', lastName: 'Lungu', fullName: 'Zebron Lungu' });
    await addStudent({ email: null, firstName: 'Abigail', lastName: 'Mwale', fullName: 'Abigail Mwale' });
    await addStudent({
      email: null,
      firstName: 'Still',
      lastName: 'Studying',
      fullName: 'Still Studying',
      programStatus: 'enrolled',
    });
    const list = await json<GraduateListResponse>(await send('DPM001', 'GET', '/api/yearbooks/graduates'));
    const names = list.items.map((g) => g.full_name);
    expect(names).not.toContain('Still Studying');
    expect(names.indexOf('Abigail Mwale')).toBeLessThan(names.indexOf('Zebron Lungu'));
    expect(list.items[0]).toHaveProperty('current_program');
    const found = await json<GraduateListResponse>(
      await send('DPM001', 'GET', '/api/yearbooks/graduates?q=ze'),
    );
    expect(found.items.map((g) => g.full_name)).toEqual(['Zebron Lungu']);
  });

  it('counts every graduate, also one who graduates later, and orders namesakes by id', async () => {
    const { send, addStudent } = kit();
    const namesake = { email: null, firstName: 'Aaron', lastName: 'Aaa', fullName: 'Aaron Aaa' };
    const twins = [await addStudent(namesake), await addStudent(namesake)];
    const later = await addStudent({ ...namesake, programStatus: 'enrolled' });
    await t.database.db.update(students).set({ programStatus: 'graduated' }).where(eq(students.id, later.id));
    const graduates = await t.database.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.programStatus, 'graduated'));
    const list = await json<GraduateListResponse>(await send('DPM001', 'GET', '/api/yearbooks/graduates'));
    expect(list.total).toBe(graduates.length);
    expect(list.items.slice(0, 3).map((g) => g.id)).toEqual([twins[0]!.id, twins[1]!.id, later.id].sort());
  });
});
