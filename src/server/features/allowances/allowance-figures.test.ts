import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contracts/dashboard';
import type { Role } from '../../../domain/roles';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { allowanceDashboardFigures, lastMonths, monthLabel } from './allowance-figures';
import { awaitingDecisionCount, waitingCountSql, waitingStagesOf } from './allowance-notifications';

const { t } = fileTestContext();

// 23:30 UTC on 31 March 2026 is 1 April in Lusaka: "this month" is April.
const NOW = new Date('2026-03-31T23:30:00Z');

beforeAll(async () => {
  t.clock.set(NOW);
  const s = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  const add = (fields: Parameters<typeof makeAllowance>[2]) => makeAllowance(t, s, fields);
  let year = 2000;
  const next = () => ({ year: year++ });
  // Submitted 31 March 22:30 UTC = 1 April 00:30 in Lusaka: counts for April.
  await add({ ...next(), total: '100.00', submittedDate: new Date('2026-03-31T22:30:00Z') });
  // Submitted 31 March 21:30 UTC = 31 March 23:30 in Lusaka: March.
  await add({ ...next(), total: '200.00', submittedDate: new Date('2026-03-31T21:30:00Z') });
  // Approved by the PM in April and paid in April.
  await add({
    ...next(),
    total: '300.50',
    approvalStage: 'paid',
    submittedDate: new Date('2026-02-10T08:00:00Z'),
    pmStatus: 'approved',
    pmApprovedDate: '2026-04-01',
    paidDate: '2026-04-01',
  });
  // Paid in March; approved in February.
  await add({
    ...next(),
    total: '400.00',
    approvalStage: 'paid',
    submittedDate: new Date('2026-02-01T08:00:00Z'),
    pmStatus: 'approved',
    pmApprovedDate: '2026-02-20',
    paidDate: '2026-03-05',
  });
  // Denied at the PM step: not approved.
  await add({
    ...next(),
    total: '50.00',
    approvalStage: 'rejected',
    rejectedAt: 'pm_review',
    submittedDate: new Date('2026-03-01T08:00:00Z'),
    pmStatus: 'denied',
    pmApprovedDate: '2026-03-02',
  });
  // Waiting for decisions.
  await add({ ...next(), approvalStage: 'pending_dpm', submittedDate: new Date('2025-01-01T08:00:00Z') });
  await add({ ...next(), approvalStage: 'pending_flmi', submittedDate: new Date('2025-01-01T08:00:00Z') });
  await add({ ...next(), approvalStage: 'approved', submittedDate: new Date('2025-01-01T08:00:00Z') });
});

describe('allowanceDashboardFigures', () => {
  it('lists the last twelve Lusaka months, oldest first', () => {
    expect(lastMonths('2026-04-01')).toEqual([
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });

  it('sums submitted, approved and paid per month, and what awaits each role', async () => {
    const figures = await allowanceDashboardFigures(t.deps.db, undefined, NOW);
    const awaiting = async (staffId: string, role: Role) =>
      awaitingDecisionCount(t.deps, { id: await t.userId(staffId), role });
    expect(figures.paid_this_month).toBe('300.50');
    expect(await awaiting('ADM001', 'admin')).toBe(2); // pending_flmi + approved (to pay)
    const byMonth = Object.fromEntries(figures.monthly_allowances.map((m) => [m.month, m]));
    expect(figures.monthly_allowances).toHaveLength(12);
    expect(byMonth['2026-04']).toEqual({
      month: '2026-04',
      label: 'Apr 2026',
      submitted: '100.00',
      approved: '300.50',
      paid: '300.50',
    });
    expect(byMonth['2026-03']).toEqual({
      month: '2026-03',
      label: 'Mar 2026',
      submitted: '250.00',
      approved: '0.00',
      paid: '400.00',
    });
    expect(byMonth['2026-02']).toMatchObject({ submitted: '700.50', approved: '400.00', paid: '0.00' });
    expect(byMonth['2025-05']).toMatchObject({ submitted: '0.00', approved: '0.00', paid: '0.00' });
    // The first two rows are still pending_dpm, plus the one made pending_dpm on purpose.
    expect(await awaiting('DPM001', 'deputy_manager')).toBe(3);
    expect(await awaiting('PO001', 'program_officer')).toBe(1);
  });

  it('finds what the two-stage rule bars by the approver, in its partial index (migration 0055)', async () => {
    const admin = await t.userId('ADM001');
    const { stages: held, waiting } = await waitingStagesOf(t.deps, { id: admin, role: 'admin' });
    const stages = sql`${sql.param(held)}`;
    // A national programme's thousands of waiting allowances, none of them the admin's to be
    // barred from, made from the one waiting at the FLMI stage and taken out again afterwards:
    // reading them all is what the index spares.
    const plan = await t.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into allowances (student_id, student_name, program_level, submitted_by, month,
                 month_number, year, stipend, total, approval_stage, dpm_status, dpm_approved_by,
                 dpm_approved_by_id, dpm_approved_date)
          select student_id, student_name, program_level, submitted_by, month, month_number,
                 3000 + n, stipend, total, approval_stage, dpm_status, dpm_approved_by,
                 dpm_approved_by_id, dpm_approved_date
            from allowances cross join generate_series(1, 5000) as n
           where approval_stage = 'pending_flmi'`);
        await tx.execute(sql`analyze allowances`);
        const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain (costs off) select ${waitingCountSql(admin, stages, waiting)}`,
        );
        throw new PlanRead(rows.map((r) => r['QUERY PLAN']).join('\n'));
      })
      .catch((read) => (read instanceof PlanRead ? read.plan : Promise.reject(read)));
    expect(plan).toMatch(/Bitmap Index Scan on allowances_earlier_approvers_idx/);
    expect(await awaitingDecisionCount(t.deps, { id: admin, role: 'admin' })).toBe(2);
  });

  it('fills the dashboard API', async () => {
    const token = await t.signIn('DPM001');
    const res = await t.request('GET', '/api/dashboard', { token });
    expect(res.status).toBe(200);
    const body = await json<DashboardResponse>(res);
    expect(body.allowances).toEqual({ awaiting_my_decision: 3, paid_this_month: '300.50' });
    expect(body.monthly_allowances.at(-1)).toMatchObject({ month: '2026-04', paid: '300.50' });
  });
});

/** Thrown to roll back the transaction a plan was read in, carrying the plan out. */
class PlanRead extends Error {
  constructor(readonly plan: string) {
    super('plan read');
  }
}
