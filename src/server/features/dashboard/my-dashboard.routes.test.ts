import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDashboardResponseSchema } from '../../../contracts/dashboard';
import { events, roleRequests, students, yearbookEntries, yearbooks } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { insertAllowance } from './dashboard-test-kit';

let t: TestContext;
const token: Record<string, string> = {};
const STUDENT_EMAIL = 'natasha.banda@students.chl.org.zm';

const mine = async (staffId: string) => {
  const res = await t.request('GET', '/api/dashboard/mine', { token: token[staffId] });
  expect(res.status).toBe(200);
  return MyDashboardResponseSchema.parse(await res.json());
};

beforeAll(async () => {
  t = await createTestContext();
  for (const staffId of ['ADM001', 'PO001', 'USR001', 'STU001']) token[staffId] = await t.signIn(staffId);
  const po1 = await t.userId('PO001');
  const [natasha, other] = await t.deps.db
    .insert(students)
    .values([
      // The email as an officer typed it: matching ignores case.
      {
        firstName: 'Natasha',
        lastName: 'Banda',
        fullName: 'Natasha Banda',
        email: STUDENT_EMAIL.toUpperCase(),
        chlNumber: 'CHL-0042',
        programStatus: 'graduated',
        assignedOfficerId: po1,
      },
      {
        firstName: 'Other',
        lastName: 'Student',
        fullName: 'Other Student',
        email: 'other@students.chl.org.zm',
        assignedOfficerId: po1,
      },
    ])
    .returning();
  // January and February paid; March only submitted (not paid, so not shown).
  for (const [month, paidAt] of [
    [1, '2026-01-20T08:00:00Z'],
    [2, '2026-02-20T08:00:00Z'],
  ] as const)
    await insertAllowance(t, {
      studentId: natasha!.id,
      studentName: 'Natasha Banda',
      month,
      year: 2026,
      stage: 'paid',
      paidAt: new Date(paidAt),
      total: '1500.00',
    });
  const res = await t.request('POST', '/api/allowances', {
    token: token.PO001,
    body: {
      student_id: natasha!.id,
      month: 'March',
      year: 2026,
      program_level: 'university',
      stipend: '1500.00',
    },
  });
  expect(res.status).toBe(201);

  // Yearbooks: a published 2025 book and a draft 2026 book, each with the student's entry.
  const [published, draft] = await t.deps.db
    .insert(yearbooks)
    .values([
      { year: 2025, title: 'Rising Together', status: 'published', publishedDate: '2025-12-01' },
      { year: 2026, title: 'Work in progress', status: 'draft' },
    ])
    .returning();
  await t.deps.db.insert(yearbookEntries).values([
    { yearbookId: published!.id, studentId: natasha!.id, studentName: 'Natasha Banda', quote: 'Onwards' },
    { yearbookId: draft!.id, studentId: natasha!.id, studentName: 'Natasha Banda', quote: 'Hidden' },
    { yearbookId: published!.id, studentId: other!.id, studentName: 'Other Student', quote: 'Not hers' },
  ]);

  // Events: two to come (the later one first made), one already past. Today is 15 March 2026.
  const event = async (title: string, date: string) => {
    const created = await t.request('POST', '/api/events', {
      token: token.PO001,
      body: {
        title,
        description: 'Bring a notebook',
        date,
        time: '10:00',
        location: 'Lusaka',
        registration_deadline: `${date}T06:00:00Z`,
      },
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  await event('Career fair', '2026-05-02');
  await event('CV workshop', '2026-04-10');
  const past = await event('Orientation', '2026-04-01');
  await t.deps.db
    .update(events)
    .set({ startsAt: new Date('2026-03-01T08:00:00Z') })
    .where(eq(events.id, past));

  // Announcements to each audience.
  for (const [title, target_audience] of [
    ['For everyone', 'all'],
    ['For students', 'students'],
    ['For staff', 'officers'],
  ]) {
    const created = await t.request('POST', '/api/announcements', {
      token: token.PO001,
      body: { title, content: 'Please read', target_audience },
    });
    expect(created.status).toBe(201);
  }
});
afterAll(() => t.close());

describe('GET /api/dashboard/mine', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('GET', '/api/dashboard/mine')).status).toBe(401);
  });

  it('shows a student their own record, the allowances paid to them and their yearbook entry', async () => {
    const body = await mine('STU001');
    expect(body.role).toBe('student');
    expect(body.student).toMatchObject({
      full_name: 'Natasha Banda',
      chl_number: 'CHL-0042',
      program_status: 'graduated',
      assigned_officer_name: expect.any(String),
    });
    expect(body.allowances.map((a) => [a.month, a.year, a.total, a.approval_stage, a.paid_date])).toEqual([
      ['February', 2026, '1500.00', 'paid', '2026-02-20'],
      ['January', 2026, '1500.00', 'paid', '2026-01-20'],
    ]);
    // The draft 2026 book's entry shows by its year only; the title is management's until published.
    expect(body.yearbook_entries).toEqual([
      expect.objectContaining({ yearbook_year: 2026, yearbook_published: false, yearbook_title: null }),
      expect.objectContaining({
        yearbook_year: 2025,
        yearbook_published: true,
        yearbook_title: 'Rising Together',
        status: 'pending',
        quote: 'Onwards',
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain('Work in progress');
    expect(JSON.stringify(body)).not.toContain('Other Student');
    expect(JSON.stringify(body)).not.toContain('Not hers');
  });

  it('shows a student the events to come and the announcements for students', async () => {
    const body = await mine('STU001');
    expect(body.events.map((e) => e.title)).toEqual(['CV workshop', 'Career fair']);
    expect(body.announcements.map((a) => a.title).sort()).toEqual(['For everyone', 'For students']);
  });

  it('shows a user account its role request, events and announcements, and no student data', async () => {
    await t.deps.db
      .insert(roleRequests)
      .values({ userId: await t.userId('USR001'), role: 'program_officer' });
    const body = await mine('USR001');
    expect(body).toMatchObject({
      role: 'user',
      requested_role: 'program_officer',
      student: null,
      allowances: [],
      yearbook_entries: [],
    });
    expect(body.events.map((e) => e.title)).toEqual(['CV workshop', 'Career fair']);
    expect(body.announcements.map((a) => a.title)).toEqual(['For everyone']);
  });

  it('shows no record when two records share the email, rather than guess whose it is', async () => {
    await t.deps.db
      .insert(students)
      .values({ firstName: 'Namesake', lastName: 'Banda', fullName: 'Namesake Banda', email: STUDENT_EMAIL });
    const body = await mine('STU001');
    expect(body.student).toBeNull();
    expect(body.allowances).toEqual([]);
    expect(body.yearbook_entries).toEqual([]);
  });

  it('gives staff only their role (their figures are GET /api/dashboard)', async () => {
    for (const staffId of ['PO001', 'ADM001']) {
      const body = await mine(staffId);
      expect(body).toMatchObject({ student: null, allowances: [], events: [], announcements: [] });
    }
  });
});
