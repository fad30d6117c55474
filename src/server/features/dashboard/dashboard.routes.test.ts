import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardResponse, DashboardResponseSchema } from '../../../contracts/dashboard';
import { activities, students } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { recordAudit } from '../audit/audit.service';
import { insertAllowance } from './dashboard-test-kit';

let t: TestContext;
const token: Record<string, string> = {};
let po1: string;
let po2: string;

beforeAll(async () => {
  t = await createTestContext();
  for (const staffId of ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'])
    token[staffId] = await t.signIn(staffId);
  po1 = await t.userId('PO001');
  po2 = await t.userId('PO002');
  const at = (iso: string) => new Date(iso);
  const student = (
    officer: string,
    level: 'university' | 'diploma' | 'launch_year',
    status: 'enrolled' | 'graduated' | 'suspended',
    startDate: string | null,
    createdAt = '2026-01-10T10:00:00Z',
  ) => ({
    firstName: 'S',
    lastName: level,
    fullName: `S ${level}`,
    programLevel: level,
    programStatus: status,
    assignedOfficerId: officer,
    startDate,
    createdAt: at(createdAt),
    updatedAt: at(createdAt),
  });
  const inserted = await t.deps.db
    .insert(students)
    .values([
      student(po1, 'university', 'enrolled', '2024-02-01'),
      student(po1, 'university', 'graduated', '2019-02-01'),
      student(po1, 'diploma', 'enrolled', null, '2025-12-31T22:30:00Z'), // 1 January 2026 in Lusaka
      student(po2, 'launch_year', 'suspended', '2025-01-15'),
      student(po2, 'diploma', 'enrolled', '2017-02-01'),
      student(po2, 'diploma', 'enrolled', '2018-02-01'),
      student(po2, 'university', 'enrolled', '2020-02-01'),
    ])
    .returning({ id: students.id });
  // Allowances: PO001's student paid K1,000 in March (today is 15 March 2026) and K300 in February;
  // PO002's student paid K2,500 in March and has one waiting at the FLMI step.
  const [mine, theirs] = [inserted[0]!.id, inserted[3]!.id];
  const paid = (studentId: string, month: number, total: string, paidAt: string) =>
    insertAllowance(t, { studentId, month, year: 2026, stage: 'paid', total, paidAt: new Date(paidAt) });
  await paid(mine, 3, '1000.00', '2026-03-02T08:00:00Z');
  await paid(mine, 2, '300.00', '2026-02-10T08:00:00Z');
  await paid(theirs, 3, '2500.00', '2026-03-05T08:00:00Z');
  await insertAllowance(t, { studentId: theirs, month: 2, year: 2026, stage: 'pending_flmi' });
  // Twelve activities, alternating between the officers, one minute apart.
  for (let i = 0; i < 12; i++) {
    await recordAudit(t.deps.db, {
      actor: { id: null, name: 'System' },
      officerId: i % 2 ? po2 : po1,
      entityType: 'student',
      entityId: null,
      action: 'student.created',
      summary: `event ${i}`,
      at: new Date(Date.UTC(2026, 2, 1, 8, i)),
    });
  }
});
afterAll(() => t.close());

async function dashboard(as: string): Promise<DashboardResponse> {
  const res = await t.request('GET', '/api/dashboard', { token: token[as] });
  expect(res.status).toBe(200);
  const body = await res.json();
  return DashboardResponseSchema.parse(body);
}

describe('GET /api/dashboard', () => {
  it('is for staff only', async () => {
    expect((await t.request('GET', '/api/dashboard')).status).toBe(401);
    expect((await t.request('GET', '/api/dashboard', { token: token.USR001 })).status).toBe(403);
    expect((await t.request('GET', '/api/dashboard', { token: token.STU001 })).status).toBe(403);
  });

  it('counts every student for managers, by category with labels', async () => {
    for (const manager of ['ADM001', 'DPM001']) {
      const d = await dashboard(manager);
      expect(d.student_counts).toEqual({ total: 7, university: 3, diploma: 3, launch_year: 1 });
      expect(d.students_by_category).toEqual([
        { category: 'university', label: 'University', count: 3 },
        { category: 'diploma', label: 'College/Diploma', count: 3 },
        { category: 'launch_year', label: 'Launch Year', count: 1 },
      ]);
      // The allowance figures are the allowances feature's to test; here only their shape (parsed above).
    }
  });

  it('counts only their own students for a program officer', async () => {
    expect((await dashboard('PO001')).student_counts).toEqual({
      total: 3,
      university: 2,
      diploma: 1,
      launch_year: 0,
    });
    expect((await dashboard('PO002')).student_counts).toEqual({
      total: 4,
      university: 1,
      diploma: 2,
      launch_year: 1,
    });
  });

  it("sums a program officer's own students' allowances, and counts every allowance awaiting them", async () => {
    const march = (d: DashboardResponse) => d.monthly_allowances.find((m) => m.month === '2026-03')!;
    const feb = (d: DashboardResponse) => d.monthly_allowances.find((m) => m.month === '2026-02')!;
    const admin = await dashboard('ADM001');
    expect(admin.allowances).toEqual({ awaiting_my_decision: 1, paid_this_month: '3500.00' });
    expect(march(admin).paid).toBe('3500.00');
    const po1 = await dashboard('PO001');
    // PO001 decides at the FLMI step on every allowance (D9), so PO002's student's counts.
    expect(po1.allowances).toEqual({ awaiting_my_decision: 1, paid_this_month: '1000.00' });
    expect([march(po1).paid, feb(po1).paid]).toEqual(['1000.00', '300.00']);
    const po2 = await dashboard('PO002');
    expect(po2.allowances.paid_this_month).toBe('2500.00');
    expect([march(po2).paid, feb(po2).paid]).toEqual(['2500.00', '0.00']);
    expect((await dashboard('DPM001')).allowances.awaiting_my_decision).toBe(0);
  });

  it('shows progress by start year (else the Lusaka year of creation), the latest six years', async () => {
    const zero = { enrolled: 0, graduated: 0, discharged: 0, suspended: 0, transferred: 0 };
    const d = await dashboard('ADM001');
    expect(d.student_progress_by_year).toEqual([
      { year: 2018, counts: { ...zero, enrolled: 1 } },
      { year: 2019, counts: { ...zero, graduated: 1 } },
      { year: 2020, counts: { ...zero, enrolled: 1 } },
      { year: 2024, counts: { ...zero, enrolled: 1 } },
      { year: 2025, counts: { ...zero, suspended: 1 } },
      // No start date: created 31 December 22:30 UTC, which is 1 January 2026 in Lusaka.
      { year: 2026, counts: { ...zero, enrolled: 1 } },
    ]);
    // 2017 is the seventh year back and falls off.
    expect(d.student_progress_by_year.map((p) => p.year)).not.toContain(2017);
    const mine = await dashboard('PO001');
    expect(mine.student_progress_by_year.map((p) => p.year)).toEqual([2019, 2024, 2026]);
  });

  it('lists the latest ten activities, an officer only their own', async () => {
    const all = await dashboard('ADM001');
    expect(all.recent_activity.map((a) => a.summary)).toEqual(
      Array.from({ length: 10 }, (_, i) => `event ${11 - i}`),
    );
    const mine = await dashboard('PO001');
    expect(mine.recent_activity.map((a) => a.summary)).toEqual([
      'event 10',
      'event 8',
      'event 6',
      'event 4',
      'event 2',
      'event 0',
    ]);
    expect(mine.recent_activity[0]).toMatchObject({ actor_name: 'System', action: 'student.created' });
    // Each entry as the audit trail holds it, its time an ISO instant as the rest of the API writes it.
    const rows = await t.deps.db.select().from(activities);
    for (const entry of [...all.recent_activity, ...mine.recent_activity]) {
      const row = rows.find((r) => r.id === entry.id)!;
      expect(entry).toEqual({
        id: row.id,
        actor_name: row.actorName,
        action: row.action,
        summary: row.summary,
        created_at: row.createdAt.toISOString(),
      });
    }
    // The sign-ins above are in the trail too, but not in anyone's recent activity.
    expect(rows.filter((r) => r.entityType !== 'account')).toHaveLength(12);
    expect(rows.filter((r) => r.action === 'auth.signed_in').length).toBeGreaterThan(0);
  });
});
