import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentBatchDetail } from '../../contracts/payment-batches';
import { MONTHS } from '../../domain/dates';
import { allowances, payouts } from '../db/schema';
import { runPayoutPass } from '../features/payment-batches/payout-engine';
import { airtelMoneyOperator } from '../mobile-money/airtel-money';
import { mtnMomoOperator } from '../mobile-money/mtn-momo';
import { json, makeAllowance, makeStudent } from './factories';
import { type MobileMoneySim, startMobileMoneySim } from './mobile-money-sim';
import { giveChannel } from './payment-channel-factory';
import { RecordingOperator } from './recording-operator';
import type { TestContext } from './test-app';
import type { SendAs } from './test-file';

/**
 * What a wallet's payout meets: the simulator's scenario, chosen by the number's last four digits
 * (SIM_SCENARIOS), or a connection that cannot be made once. MTN has no "ambiguous" answer of its
 * own (a 500 after it recorded the transfer is an answer lost); Airtel's DP00900001000 is.
 */
export type PayoutScenario =
  | 'success'
  | 'pending_then_success'
  | 'failure'
  | 'refused'
  | 'ambiguous'
  | 'lost_answer'
  | 'unreachable_once';

const LAST_FOUR: Record<PayoutScenario, string> = {
  success: '1234',
  pending_then_success: '0002',
  failure: '0001',
  refused: '0007',
  ambiguous: '0003',
  lost_answer: '0005',
  unreachable_once: '1234',
};

/**
 * What the payout tests share: MTN MoMo's and Airtel Money's real clients talking to the loopback
 * simulator, plugged into the app (`plugIn` in beforeAll, `unplug` in afterAll), and a mixed batch
 * made in a month of its own.
 */
export function payoutFixtures(t: TestContext, send: SendAs) {
  let sim: MobileMoneySim;
  let mtn: RecordingOperator;
  let airtel: RecordingOperator;
  let months = 0;

  const plugIn = async () => {
    if (!sim) {
      sim = await startMobileMoneySim();
      sim.pendingPolls = 1;
      const http = { timeoutMs: 2_000 };
      mtn = new RecordingOperator(mtnMomoOperator(sim.mtn, http), sim);
      airtel = new RecordingOperator(airtelMoneyOperator(sim.airtel, http), sim);
    }
    t.deps.mobileMoney = { mtn_momo: mtn, airtel_money: airtel };
  };
  const unplug = () => sim?.stop();

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
    | { provider: 'mtn_momo' | 'airtel_money'; scenario?: PayoutScenario; unchecked?: boolean };

  /** An approved allowance of a new student paid as `pay` says; returns its id and the wallet number. */
  async function student(name: string, pay: Pay, when: { month: string; year: number }, stipend = '1000.00') {
    const s = await makeStudent(t, { name });
    let msisdn: string | null = null;
    if (pay === 'bank') await giveChannel(t, s.id);
    else if (pay !== 'none') {
      const channel = await giveChannel(t, s.id, {
        provider: pay.provider,
        nameCheck: pay.unchecked ? 'unchecked' : 'confirmed',
        lastFour: LAST_FOUR[pay.scenario ?? 'success'],
      });
      msisdn = channel.msisdn;
      if (pay.scenario === 'unreachable_once') operatorOf(pay.provider).unreachableOnce.add(msisdn!);
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

  /**
   * Corrects a student's wallet as a person would after a failed payout: the channel changed to a
   * number the simulator pays (through the API), then its holder confirmed by hand. Returns the number.
   */
  async function correctWallet(studentId: string, provider: 'mtn_momo' | 'airtel_money') {
    const path = `/api/students/${studentId}/payment-channels`;
    const { current } = await json<{ current: Array<{ id: string }> }>(await send('ADM001', 'GET', path));
    const number = `+260${provider === 'mtn_momo' ? '96' : '97'}${String(Date.now()).slice(-3)}4321`;
    const changed = await send('ADM001', 'PUT', `${path}/${current[0]!.id}`, {
      kind: 'mobile_wallet',
      provider,
      wallet_number: number,
      wallet_name: 'Wallet Holder',
      reason: 'The first number was wrong.',
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const { channel } = await json<{ channel: { id: string } }>(changed);
    const confirmed = await send('ADM001', 'POST', `${path}/${channel.id}/confirm`, {
      note: 'Checked with the student.',
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    return number;
  }

  const operatorOf = (provider: 'mtn_momo' | 'airtel_money') => (provider === 'mtn_momo' ? mtn : airtel);

  return {
    get mtn() {
      return mtn;
    },
    get airtel() {
      return airtel;
    },
    get sim() {
      return sim;
    },
    plugIn,
    unplug,
    correctWallet,
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
