import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contracts/dashboard';
import type { NotificationsResponse } from '../../../contracts/notifications';
import { allowances } from '../../db/schema';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * "Awaiting Your Decision" on the dashboard is the bell's count: an allowance the account approved
 * at an earlier stage is not theirs to decide again (the two-stage rule), in either place.
 */

const { t, tokens } = fileTestContext({ signIn: ['ADM001'], clockAt: new Date('2026-03-16T08:00:00Z') });

const card = async () =>
  (await json<DashboardResponse>(await t.request('GET', '/api/dashboard', { token: tokens.ADM001 })))
    .allowances.awaiting_my_decision;
const bell = async () => {
  const groups = (
    await json<NotificationsResponse>(await t.request('GET', '/api/notifications', { token: tokens.ADM001 }))
  ).groups;
  return groups.find((g) => g.area === 'allowances')?.count ?? 0;
};

describe('the dashboard card Awaiting Your Decision', () => {
  it('counts what the bell counts, leaving out what the account approved at an earlier stage', async () => {
    const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
    await makeAllowance(t, student, { stage: 'pending_pm', month: 'January', monthNumber: 1 });
    const approvedByAdmin = await makeAllowance(t, student, {
      stage: 'pending_pm',
      month: 'February',
      monthNumber: 2,
    });
    expect(await card()).toBe(2);
    expect(await bell()).toBe(2);

    // ADM001 approved the second one at the FLMI step: the PM step is someone else's.
    const admin = await t.userId('ADM001');
    await t.database.db
      .update(allowances)
      .set({ flmiApprovedById: admin, flmiApprovedBy: 'Mutale Bwalya' })
      .where(eq(allowances.id, approvedByAdmin));
    expect(await card()).toBe(1);
    expect(await bell()).toBe(1);
  });
});
