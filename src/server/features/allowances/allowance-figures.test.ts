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

  it('counts what the two-stage rule bars off its partial index alone (migration 0034)', async () => {
    const admin = await t.userId('ADM001');
    const { stages: held, waiting } = await waitingStagesOf(t.deps, { id: admin, role: 'admin' });
    const stages = sql`${sql.param(held)}`;
    await t.deps.db.execute(sql`vacuum analyze allowances`);
    // Scans off the table are what a large table gets; this one is small, so they are ruled out.
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain (costs off) select ${waitingCountSql(admin, stages, waiting)}`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using allowances_two_stage_rule_idx/);
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
