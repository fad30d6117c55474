import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDashboardResponseSchema } from '../../../contracts/dashboard';
import { roleRequests, students } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';

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
  for (const staffId of ['PO001', 'USR001', 'STU001']) token[staffId] = await t.signIn(staffId);
  const po1 = await t.userId('PO001');
  const [natasha] = await t.deps.db
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
  for (const month of ['January', 'February']) {
    const res = await t.request('POST', '/api/allowances', {
      token: token.PO001,
      body: { student_id: natasha!.id, month, year: 2026, program_level: 'university', stipend: '1500.00' },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t.close());

describe('GET /api/dashboard/mine', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('GET', '/api/dashboard/mine')).status).toBe(401);
  });

  it('shows a student their own record and allowances, newest first, and nobody else’s', async () => {
    const body = await mine('STU001');
    expect(body.role).toBe('student');
    expect(body.student).toMatchObject({
      full_name: 'Natasha Banda',
      chl_number: 'CHL-0042',
      program_status: 'graduated',
      assigned_officer_name: expect.any(String),
    });
    expect(body.allowances.map((a) => [a.month, a.year, a.total, a.approval_stage])).toEqual([
      ['February', 2026, '1500.00', 'pending_dpm'],
      ['January', 2026, '1500.00', 'pending_dpm'],
    ]);
    expect(JSON.stringify(body)).not.toContain('Other Student');
  });

  it('shows no record when two records share the email, rather than guess whose it is', async () => {
    await t.deps.db
      .insert(students)
      .values({ firstName: 'Namesake', lastName: 'Banda', fullName: 'Namesake Banda', email: STUDENT_EMAIL });
    const body = await mine('STU001');
    expect(body.student).toBeNull();
    expect(body.allowances).toEqual([]);
  });

  it('shows a user account its role request and no student data', async () => {
    await t.deps.db
      .insert(roleRequests)
      .values({ userId: await t.userId('USR001'), role: 'program_officer' });
    const body = await mine('USR001');
    expect(body).toEqual({ role: 'user', requested_role: 'program_officer', student: null, allowances: [] });
  });

  it('gives staff no student record either (their figures are GET /api/dashboard)', async () => {
    const body = await mine('PO001');
    expect(body.student).toBeNull();
  });
});
