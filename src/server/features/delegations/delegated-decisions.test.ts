/**
 * Deciding allowances under a delegation (docs/product.md D21) and the two-stage rule (§4): a
 * delegate's decisions at the delegated stage are recorded on the delegator's behalf, only from
 * its first day to its last (programme days) and until revoked, in the single decision, the bulk
 * decision and the bell alike; nobody approves one allowance at two stages.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AllowanceDetail,
  AwaitingMeResponse,
  BulkDecisionResponse,
} from '../../../contracts/allowances';
import type { RecordHistoryResponse } from '../../../contracts/audit';
import type { DashboardResponse } from '../../../contracts/dashboard';
import type { Delegation } from '../../../contracts/delegations';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { ALLOWANCE_MESSAGES, delegatorApprovedEarlierMessage } from '../../../domain/allowances';
import { allowances } from '../../db/schema';
import { json, makeAllowance, makeStudent, makeUser, type TestStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t } = fileTestContext({ clockAt: new Date('2026-03-15T09:00:00Z') });

const STAFF = ['ADM001', 'DPM001', 'DPM002', 'PO001', 'PO002'] as const;
type Staff = (typeof STAFF)[number];
const tokens = {} as Record<Staff, string>;
const ids = {} as Record<Staff, string>;

/** Moves the clock, then signs everyone in again (a session idle for days has ended). */
async function at(instant: string) {
  t.clock.set(new Date(instant));
  for (const staffId of STAFF) tokens[staffId] = await t.signIn(staffId);
}

let student: TestStudent;
let period = 0;

beforeAll(async () => {
  await makeUser(t, 'deputy_manager', { staffId: 'DPM002', name: 'Temwani Nkhoma' });
  for (const staffId of STAFF) ids[staffId] = await t.userId(staffId);
  student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  await at('2026-03-15T09:00:00Z');
});

/** An allowance at `stage` in a period of its own, its earlier steps by the test deciders unless given. */
function allowanceAt(stage: ApprovalStage, columns: Partial<typeof allowances.$inferInsert> = {}) {
  period += 1;
  return makeAllowance(t, student, {
    stage,
    month: 'January',
    monthNumber: 1,
    year: 2030 + period,
    submittedDate: new Date(Date.UTC(2026, 2, 1, 0, period)),
    ...columns,
  });
}

/** The FLMI step approved by one of the staff, so the two-stage rule reads it. */
const flmiBy = (staffId: Staff, name: string) => ({
  flmiApprovedById: ids[staffId],
  flmiApprovedBy: name,
});

const decide = (as: Staff, id: string, stage: ApprovalStage, decision = 'approve') =>
  t.request('POST', `/api/allowances/${id}/decision`, {
    token: tokens[as],
    body: { decision, comment: `Decided by ${as}`, expected_stage: stage },
  });

async function approved(as: Staff, id: string, stage: ApprovalStage): Promise<AllowanceDetail> {
  const res = await decide(as, id, stage);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<AllowanceDetail>(res);
}

const bulk = async (as: Staff, allowanceIds: string[], stage: ApprovalStage) => {
  const res = await t.request('POST', '/api/allowances/bulk-decision', {
    token: tokens[as],
    body: { ids: allowanceIds, decision: 'approve', comment: `Bulk by ${as}`, expected_stage: stage },
  });
  expect(res.status).toBe(200);
  return json<BulkDecisionResponse>(res);
};

const awaiting = async (as: Staff) =>
  json<AwaitingMeResponse>(await t.request('GET', '/api/allowances/awaiting-me', { token: tokens[as] }));

const dashboardCard = async (as: Staff) =>
  (await json<DashboardResponse>(await t.request('GET', '/api/dashboard', { token: tokens[as] }))).allowances
    .awaiting_my_decision;

async function bellItems(as: Staff) {
  const res = await t.request('GET', '/api/notifications', { token: tokens[as] });
  expect(res.status).toBe(200);
  const bell = await json<NotificationsResponse>(res);
  return bell.groups.find((g) => g.area === 'allowances') ?? { count: 0, items: [] };
}

async function delegate(from: Staff, to: Staff, starts_on: string, ends_on: string): Promise<Delegation> {
  const res = await t.request('POST', '/api/delegations', {
    token: tokens[from],
    body: { delegate_id: ids[to], starts_on, ends_on, reason: 'Away on leave' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Delegation>(res);
}

const history = async (id: string) =>
  (
    await json<RecordHistoryResponse>(
      await t.request('GET', `/api/allowances/${id}/history`, { token: tokens.ADM001 }),
    )
  ).items;

describe('DPM001 delegates to DPM002 from 16 to 18 March', () => {
  beforeAll(async () => {
    await at('2026-03-15T09:00:00Z');
    await delegate('DPM001', 'DPM002', '2026-03-16', '2026-03-18');
  });

  it('before the first day (23:59 on the 15th in Lusaka) the delegate decides as themselves', async () => {
    await at('2026-03-15T21:59:00Z');
    const a = await approved('DPM002', await allowanceAt('pending_dpm'), 'pending_dpm');
    expect(a).toMatchObject({
      dpm_approved_by: 'Temwani Nkhoma',
      dpm_on_behalf_of: null,
      dpm_on_behalf_of_id: null,
    });
    expect(a.comments.at(-1)).toMatchObject({ user_name: 'Temwani Nkhoma', on_behalf_of: null });
  });

  it('from the first day the decision is recorded by DPM002 on behalf of DPM001, and the audit says so', async () => {
    await at('2026-03-15T22:00:00Z'); // 00:00 on the 16th in Lusaka
    const id = await allowanceAt('pending_dpm');
    const a = await approved('DPM002', id, 'pending_dpm');
    expect(a).toMatchObject({
      approval_stage: 'pending_flmi',
      dpm_approved_by: 'Temwani Nkhoma',
      dpm_approved_by_id: ids.DPM002,
      dpm_approved_date: '2026-03-16',
      dpm_on_behalf_of: 'Chipo Mwale',
      dpm_on_behalf_of_id: ids.DPM001,
    });
    expect(a.comments.at(-1)).toMatchObject({
      user_name: 'Temwani Nkhoma',
      action: 'approved',
      stage: 'dpm_review',
      on_behalf_of: 'Chipo Mwale',
    });
    const [decision] = (await history(id)).filter((e) => e.summary.includes('approved'));
    expect(decision!.summary).toBe(
      'Temwani Nkhoma on behalf of Chipo Mwale approved the allowance of Mwila Chanda for January ' +
        `${a.year} (Deputy Manager Review)`,
    );
    expect(decision!.changes.dpm_on_behalf_of).toEqual({ before: null, after: 'Chipo Mwale' });
  });

  it("a denial is the delegator's too", async () => {
    const res = await decide('DPM002', await allowanceAt('pending_dpm'), 'pending_dpm', 'deny');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      approval_stage: 'rejected',
      rejected_by: 'Temwani Nkhoma',
      dpm_status: 'denied',
      dpm_on_behalf_of: 'Chipo Mwale',
    });
  });

  it("the delegate's bell names whose decisions wait; the delegator's still lists them", async () => {
    const waiting = await allowanceAt('pending_dpm');
    const theirs = await bellItems('DPM002');
    const item = theirs.items.find((i) => i.id === waiting)!;
    expect(item.detail).toMatch(/^For Chipo Mwale \(delegated\) · ZMW [\d,.]+ · Pending Deputy Manager$/);
    expect((await awaiting('DPM002')).items.find((i) => i.id === waiting)?.on_behalf_of).toBe('Chipo Mwale');

    const delegator = await bellItems('DPM001');
    expect(delegator.items.find((i) => i.id === waiting)?.detail).not.toContain('delegated');
    expect(delegator.count).toBe(theirs.count);
    // The delegator may still decide, as themselves.
    const own = await approved('DPM001', waiting, 'pending_dpm');
    expect(own).toMatchObject({ dpm_approved_by: 'Chipo Mwale', dpm_on_behalf_of: null });
  });

  it('a bulk decision by the delegate is recorded on behalf of the delegator, each allowance', async () => {
    const two = [await allowanceAt('pending_dpm'), await allowanceAt('pending_dpm')];
    expect(await bulk('DPM002', two, 'pending_dpm')).toEqual({ done: 2, skipped: [] });
    const rows = await t.database.db
      .select()
      .from(allowances)
      .where(eq(allowances.dpmOnBehalfOfId, ids.DPM001));
    for (const id of two)
      expect(rows.find((r) => r.id === id)).toMatchObject({
        dpmApprovedBy: 'Temwani Nkhoma',
        dpmOnBehalfOf: 'Chipo Mwale',
      });
    const [entry] = (await history(two[0]!)).filter((e) => e.summary.includes('approved'));
    expect(entry!.summary).toContain('Temwani Nkhoma on behalf of Chipo Mwale approved');
  });

  it('holds through the last day (23:59 on the 18th) and ends by itself after it', async () => {
    await at('2026-03-18T21:59:00Z');
    expect((await approved('DPM002', await allowanceAt('pending_dpm'), 'pending_dpm')).dpm_on_behalf_of).toBe(
      'Chipo Mwale',
    );
    await at('2026-03-18T22:00:00Z'); // 00:00 on the 19th
    expect(
      (await approved('DPM002', await allowanceAt('pending_dpm'), 'pending_dpm')).dpm_on_behalf_of,
    ).toBeNull();
    const waiting = await allowanceAt('pending_dpm');
    expect((await bellItems('DPM002')).items.find((i) => i.id === waiting)?.detail).not.toContain(
      'delegated',
    );
  });

  it('a revoked delegation stops at once', async () => {
    await at('2026-03-19T08:00:00Z');
    const made = await delegate('DPM001', 'DPM002', '2026-03-19', '2026-03-25');
    expect((await approved('DPM002', await allowanceAt('pending_dpm'), 'pending_dpm')).dpm_on_behalf_of).toBe(
      'Chipo Mwale',
    );
    const res = await t.request('POST', `/api/delegations/${made.id}/revoke`, { token: tokens.DPM001 });
    expect(res.status).toBe(200);
    const next = await allowanceAt('pending_dpm');
    expect((await bellItems('DPM002')).items.find((i) => i.id === next)?.detail).not.toContain('delegated');
    expect((await approved('DPM002', next, 'pending_dpm')).dpm_on_behalf_of).toBeNull();
    expect((await bulk('DPM002', [await allowanceAt('pending_dpm')], 'pending_dpm')).done).toBe(1);
    expect(
      await t.database.db.select().from(allowances).where(eq(allowances.dpmOnBehalfOfId, ids.DPM001)),
    ).toHaveLength(6);
  });
});

describe('the two-stage rule', () => {
  beforeAll(() => at('2026-04-01T08:00:00Z'));

  it('refuses the account that approved the FLMI step at the PM step (403), single and bulk', async () => {
    const mine = await allowanceAt('pending_pm', flmiBy('PO001', 'Bupe Tembo'));
    const res = await decide('PO001', mine, 'pending_pm');
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe(ALLOWANCE_MESSAGES.approvedEarlier);
    const deny = await decide('PO001', mine, 'pending_pm', 'deny');
    expect(deny.status).toBe(403);
    const [row] = await t.database.db.select().from(allowances).where(eq(allowances.id, mine));
    expect(row).toMatchObject({ approvalStage: 'pending_pm', pmStatus: null });

    const other = await allowanceAt('pending_pm');
    const result = await bulk('PO001', [mine, other], 'pending_pm');
    expect(result.done).toBe(1);
    expect(result.skipped).toEqual([
      expect.objectContaining({ id: mine, reason: ALLOWANCE_MESSAGES.approvedEarlier }),
    ]);
    // Another account decides it.
    expect((await approved('PO002', mine, 'pending_pm')).pm_approved_by_id).toBe(ids.PO002);
  });

  it('an admin who approved at FLMI does not approve at PM either', async () => {
    const id = await allowanceAt('pending_flmi');
    await approved('ADM001', id, 'pending_flmi');
    const res = await decide('ADM001', id, 'pending_pm');
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe(ALLOWANCE_MESSAGES.approvedEarlier);
  });

  it("takes what the user approved earlier out of their bell, count and items, and no one else's", async () => {
    const barred = await allowanceAt('pending_pm', flmiBy('PO001', 'Bupe Tembo'));
    const po1 = await awaiting('PO001');
    const po2 = await awaiting('PO002');
    expect(po1.items.map((i) => i.id)).not.toContain(barred);
    expect(po2.items.map((i) => i.id)).toContain(barred);
    const waitingAtLaterSteps = await t.database.db
      .select({ id: allowances.id, flmi: allowances.flmiApprovedById, stage: allowances.approvalStage })
      .from(allowances);
    const barredForPo1 = waitingAtLaterSteps.filter(
      (r) => r.stage === 'pending_pm' && r.flmi === ids.PO001,
    ).length;
    expect(barredForPo1).toBeGreaterThan(0);
    expect(po2.count - po1.count).toBe(barredForPo1);
    expect((await bellItems('PO001')).count).toBe(po1.count);
  });
});

describe('the two-stage rule for a delegate', () => {
  beforeAll(async () => {
    await at('2026-04-02T08:00:00Z');
    await delegate('PO001', 'PO002', '2026-04-02', '2026-04-30');
  });

  it('refuses a delegate at a stage after one the delegator approved, and leaves it out of their bell', async () => {
    const id = await allowanceAt('pending_pm', flmiBy('PO001', 'Bupe Tembo'));
    const res = await decide('PO002', id, 'pending_pm');
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe(delegatorApprovedEarlierMessage('Bupe Tembo'));
    expect((await awaiting('PO002')).items.map((i) => i.id)).not.toContain(id);
    // The dashboard's card resolves the delegation in its own statement: it counts as the bell.
    expect(await dashboardCard('PO002')).toBe((await awaiting('PO002')).count);
    const result = await bulk('PO002', [id], 'pending_pm');
    expect(result.skipped[0]!.reason).toBe(delegatorApprovedEarlierMessage('Bupe Tembo'));
    // An account with no part in it decides.
    expect((await approved('ADM001', id, 'pending_pm')).approval_stage).toBe('approved');
  });

  it('an FLMI approval by the delegate bars both the delegate and the delegator at PM', async () => {
    const id = await allowanceAt('pending_flmi');
    const a = await approved('PO002', id, 'pending_flmi');
    expect(a).toMatchObject({
      flmi_approved_by: 'Mwansa Zulu',
      flmi_on_behalf_of: 'Bupe Tembo',
      flmi_on_behalf_of_id: ids.PO001,
    });
    for (const who of ['PO001', 'PO002'] as const) {
      const res = await decide(who, id, 'pending_pm');
      expect(res.status, who).toBe(403);
      expect((await json(res)).error).toBe(ALLOWANCE_MESSAGES.approvedEarlier);
    }
    expect((await approved('ADM001', id, 'pending_pm')).pm_on_behalf_of).toBeNull();
  });
});
