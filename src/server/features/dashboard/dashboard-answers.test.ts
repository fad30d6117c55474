import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { allowances, approvalDelegations, dashboardAnswers, users } from '../../db/schema';
import { json, makeAllowance, makeStudent, makeUser } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { recordAudit } from '../audit/audit.service';

/*
 * The dashboard answers a staff member's kept answer while nothing it counts has changed, and
 * counts afresh after any write it counts from (dashboard-answers.ts). Each test marks the kept
 * answer, so that an answer still read from it shows the mark: a write that the kept answer
 * outlived would leave the mark in place.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'PO001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

type Answer = DashboardResponse & { marked?: boolean };

async function dashboard(token: string | undefined): Promise<Answer> {
  const res = await t.request('GET', '/api/dashboard', { token });
  expect(res.status).toBe(200);
  return json<Answer>(res);
}

/** Views the dashboard (so that its answer is kept), then marks the answer kept for the account. */
async function viewAndMark(token: string | undefined, staffId: string): Promise<Answer> {
  const first = await dashboard(token);
  const userId = await t.userId(staffId);
  const [kept] = await t.deps.db.select().from(dashboardAnswers).where(eq(dashboardAnswers.userId, userId));
  expect(kept).toBeDefined();
  await t.deps.db
    .update(dashboardAnswers)
    .set({ answer: `${kept!.answer.slice(0, -1)},"marked":true}` })
    .where(eq(dashboardAnswers.userId, userId));
  expect((await dashboard(token)).marked).toBe(true);
  return first;
}

async function pendingAtPm(approvedAtDpmBy?: string) {
  const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  return makeAllowance(t, student, {
    stage: 'pending_pm',
    ...(approvedAtDpmBy ? { dpmApprovedById: approvedAtDpmBy } : {}),
  });
}

describe('the kept dashboard answer', () => {
  it('answers what was counted afresh, keyed by account', async () => {
    await pendingAtPm();
    const fresh = await dashboard(tokens.ADM001);
    const kept = await dashboard(tokens.ADM001);
    expect(kept).toEqual(fresh);
    await viewAndMark(tokens.ADM001, 'ADM001');
    // Another account's view never reads the admin's answer.
    expect((await dashboard(tokens.PO001)).marked).toBeUndefined();
  });

  it('reads the recent activity live, beside a kept answer', async () => {
    await viewAndMark(tokens.ADM001, 'ADM001');
    await recordAudit(t.deps.db, {
      actor: { id: null, name: 'System' },
      officerId: null,
      entityType: 'student',
      entityId: null,
      action: 'student.created',
      summary: 'live entry',
      at: t.clock.now(),
    });
    const after = await dashboard(tokens.ADM001);
    expect(after.marked).toBe(true);
    expect(after.recent_activity[0]?.summary).toBe('live entry');
  });

  it('counts afresh after a write to students', async () => {
    const before = await viewAndMark(tokens.ADM001, 'ADM001');
    await makeStudent(t, { name: 'Natasha Banda', officer: 'PO002' });
    const after = await dashboard(tokens.ADM001);
    expect(after.marked).toBeUndefined();
    expect(after.student_counts.total).toBe(before.student_counts.total + 1);
  });

  it('counts afresh after a new allowance', async () => {
    const before = await viewAndMark(tokens.ADM001, 'ADM001');
    const student = await makeStudent(t, { officer: 'PO001' });
    await viewAndMark(tokens.ADM001, 'ADM001');
    await makeAllowance(t, student, { stage: 'pending_pm' });
    const after = await dashboard(tokens.ADM001);
    expect(after.marked).toBeUndefined();
    expect(after.allowances.awaiting_my_decision).toBe(before.allowances.awaiting_my_decision + 1);
  });

  it('counts afresh after an update that changes no stage and no total', async () => {
    const id = await pendingAtPm();
    const before = await viewAndMark(tokens.ADM001, 'ADM001');
    // The admin approved it at an earlier step: the two-stage rule takes it off their count.
    await t.deps.db
      .update(allowances)
      .set({ dpmApprovedById: await t.userId('ADM001') })
      .where(eq(allowances.id, id));
    const after = await dashboard(tokens.ADM001);
    expect(after.marked).toBeUndefined();
    expect(after.allowances.awaiting_my_decision).toBe(before.allowances.awaiting_my_decision - 1);
  });

  it('counts afresh when a delegation is given, revoked, or ends with the day', async () => {
    const dpm = await t.userId('DPM001');
    const admin = await t.userId('ADM001');
    await pendingAtPm(dpm);
    const before = await viewAndMark(tokens.ADM001, 'ADM001');
    const give = async () =>
      (
        await t.deps.db
          .insert(approvalDelegations)
          .values({
            delegatorId: dpm,
            delegateId: admin,
            stages: ['pending_pm'],
            startsOn: '2026-03-16',
            endsOn: '2026-03-16',
            reason: 'Leave',
          })
          .returning({ id: approvalDelegations.id })
      )[0]!.id;

    // Deciding for DPM001, the admin may not decide what DPM001 approved at the earlier step.
    const given = await give();
    const delegated = await dashboard(tokens.ADM001);
    expect(delegated.marked).toBeUndefined();
    expect(delegated.allowances.awaiting_my_decision).toBe(before.allowances.awaiting_my_decision - 1);

    await viewAndMark(tokens.ADM001, 'ADM001');
    await t.deps.db
      .update(approvalDelegations)
      .set({ revokedAt: t.clock.now(), revokedById: admin })
      .where(eq(approvalDelegations.id, given));
    const revoked = await dashboard(tokens.ADM001);
    expect(revoked.marked).toBeUndefined();
    expect(revoked.allowances.awaiting_my_decision).toBe(before.allowances.awaiting_my_decision);

    // Given again for today only: the next programme day it has ended, with no write at all.
    await give();
    expect((await viewAndMark(tokens.ADM001, 'ADM001')).allowances.awaiting_my_decision).toBe(
      before.allowances.awaiting_my_decision - 1,
    );
    t.clock.set(new Date('2026-03-17T06:00:00Z'));
    const nextDay = await dashboard(await t.signIn('ADM001'));
    expect(nextDay.marked).toBeUndefined();
    expect(nextDay.allowances.awaiting_my_decision).toBe(before.allowances.awaiting_my_decision);
  });

  it("counts afresh when the account's role changes", async () => {
    const officer = await makeUser(t, 'program_officer');
    const token = await t.signIn(officer.staffId!);
    await viewAndMark(token, officer.staffId!);
    await t.deps.db.update(users).set({ role: 'deputy_manager' }).where(eq(users.id, officer.id));
    expect((await dashboard(token)).marked).toBeUndefined();
  });
});
