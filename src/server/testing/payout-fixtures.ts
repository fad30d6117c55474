import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentBatchDetail } from '../../contracts/payment-batches';
import { MONTHS } from '../../domain/dates';
import { allowances, payouts } from '../db/schema';
import { runPayoutPass } from '../features/payment-batches/payout-engine';
import { json, makeAllowance, makeStudent } from './factories';
import { FakeMobileMoneyOperator, type FakeScenario } from './fake-mobile-money-operator';
import { giveChannel } from './payment-channel-factory';
import type { TestContext } from './test-app';
import type { SendAs } from './test-file';

/** What the payout tests share: fake operators plugged into the app, and a mixed batch made in a month of its own. */
export function payoutFixtures(t: TestContext, send: SendAs) {
  const mtn = new FakeMobileMoneyOperator('mtn_momo');
  const airtel = new FakeMobileMoneyOperator('airtel_money');
  let months = 0;

  const plugIn = () => {
    t.deps.mobileMoney = { mtn_momo: mtn, airtel_money: airtel };
  };

  /** A fresh month (2030 onwards), so each test's batch holds its own students only. */
  const nextMonth = () => {
    const month = MONTHS[months % 12]!;
    const year = 2030 + Math.floor(months / 12);
    months += 1;
    return { month, year };
  };

  type Pay =
    | 'bank'
    | 'none'
    | { provider: 'mtn_momo' | 'airtel_money'; scenario?: FakeScenario; unchecked?: boolean };

  /** An approved allowance of a new student paid as `pay` says; returns its id and the wallet number. */
  async function student(name: string, pay: Pay, when: { month: string; year: number }, stipend = '1000.00') {
    const s = await makeStudent(t, { name });
    let msisdn: string | null = null;
    if (pay === 'bank') await giveChannel(t, s.id);
    else if (pay !== 'none') {
      const channel = await giveChannel(t, s.id, {
        provider: pay.provider,
        nameCheck: pay.unchecked ? 'unchecked' : 'confirmed',
      });
      msisdn = channel.msisdn;
      if (pay.scenario) (pay.provider === 'mtn_momo' ? mtn : airtel).scenarios.set(msisdn!, pay.scenario);
    }
    const allowanceId = await makeAllowance(t, s, {
      stage: 'approved',
      month: when.month,
      monthNumber: MONTHS.indexOf(when.month as (typeof MONTHS)[number]) + 1,
      year: when.year,
      stipend,
    });
    return { studentId: s.id, allowanceId, msisdn };
  }

  async function createBatch(when: { month: string; year: number }): Promise<PaymentBatchDetail> {
    const res = await send('ADM001', 'POST', '/api/payment-batches', when);
    expect(res.status, await res.clone().text()).toBe(201);
    return json<PaymentBatchDetail>(res);
  }

  async function getBatch(id: string): Promise<PaymentBatchDetail> {
    const res = await send('ADM001', 'GET', `/api/payment-batches/${id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return json<PaymentBatchDetail>(res);
  }

  async function sendPart(batchId: string, provider: 'mtn_momo' | 'airtel_money') {
    const res = await send('ADM001', 'POST', `/api/payment-batches/${batchId}/payouts/send`, { provider });
    expect(res.status, await res.clone().text()).toBe(200);
    return json<{ queued: number; skipped: { reason: string }[]; batch: PaymentBatchDetail }>(res);
  }

  /** Passes until nothing is due now, moving the clock past each poll interval `polls` times. */
  async function drain(polls = 3) {
    for (let round = 0; round <= polls; round++) {
      while ((await runPayoutPass(t.deps)) > 0);
      t.clock.advance((t.deps.config.payoutPollSeconds + 1) * 1000);
    }
  }

  const stageOf = async (allowanceId: string) =>
    (await t.database.db.select().from(allowances).where(eq(allowances.id, allowanceId)))[0]!.approvalStage;

  const payoutsOf = (itemId: string) =>
    t.database.db.select().from(payouts).where(eq(payouts.itemId, itemId)).orderBy(payouts.attempt);

  return {
    mtn,
    airtel,
    plugIn,
    nextMonth,
    student,
    createBatch,
    getBatch,
    sendPart,
    drain,
    stageOf,
    payoutsOf,
  };
}
