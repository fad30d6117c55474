import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, paymentBatchItems } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { payoutFixtures } from '../../testing/payout-fixtures';
import { fileTestRequests } from '../../testing/test-file';
import {
  beginSending,
  claimDuePayouts,
  PAYOUT_CLAIM_MS,
  payoutRequestOf,
  runPayoutPass,
} from './payout-engine';
import { payoutReference } from './payout-records';

/*
 * The payout engine (issue 49 items 5 and 6, docs/decisions/014): each payout made exactly once
 * through crashes, lost answers, unreachable operators, two engines at once and restarts, counted
 * on the transfers the loopback simulator made (MTN's and Airtel's real clients talk to it); an
 * allowance paid only when its operator says the money arrived.
 */

const { t, send } = fileTestRequests({ signIn: ['ADM001'] });
const f = payoutFixtures(t, send);
beforeAll(() => f.plugIn());
afterAll(() => f.unplug());

/** A batch of one wallet per scenario given (MTN unless told), sent; returns the batch and the students. */
async function sentBatch(
  scenarios: Parameters<typeof f.student>[1][],
  provider: 'mtn_momo' | 'airtel_money' = 'mtn_momo',
) {
  const when = f.nextMonth();
  const students = [];
  for (const [i, pay] of scenarios.entries()) students.push(await f.student(`Payee${i} Mumba`, pay, when));
  const batch = await f.createBatch(when);
  await f.sendPart(batch.id, provider);
  const itemOf = (allowanceId: string) => batch.items.find((item) => item.allowance_id === allowanceId)!;
  return { batch, students, itemOf };
}

describe('references', () => {
  it('are UUID v5, the same for the same item and attempt, different for another attempt', () => {
    const item = '0190a4b2-1111-7000-8000-000000000001';
    expect(payoutReference(item, 1)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(payoutReference(item, 1)).toBe(payoutReference(item, 1));
    expect(payoutReference(item, 2)).not.toBe(payoutReference(item, 1));
  });
});

describe('paying a wallet part', () => {
  it('pays the allowance only when the operator says the money arrived, with its transaction id', async () => {
    const { batch, students, itemOf } = await sentBatch([
      { provider: 'mtn_momo', scenario: 'pending_then_success' },
    ]);
    const [s] = students as [(typeof students)[number]];
    // Sent and accepted: not paid yet.
    await runPayoutPass(t.deps);
    expect(await f.stageOf(s.allowanceId)).toBe('approved');
    const [sent] = await f.payoutsOf(itemOf(s.allowanceId).id);
    expect(sent).toMatchObject({
      status: 'pending',
      attempt: 1,
      reference: payoutReference(sent!.itemId, 1),
    });
    // Polled only once PAYOUT_POLL_SECONDS have passed: still pending, then successful.
    expect(await runPayoutPass(t.deps)).toBe(0);
    await f.drain();
    expect(await f.stageOf(s.allowanceId)).toBe('paid');
    const detail = await f.getBatch(batch.id);
    const item = detail.items.find((i) => i.allowance_id === s.allowanceId)!;
    expect(item).toMatchObject({ status: 'paid', transaction_id: expect.stringMatching(/\S/) });
    expect(item.payout).toMatchObject({ status: 'successful' });
    expect(detail.status).toBe('paid');
    expect(f.mtn.paidTo(s.msisdn!)).toBe(1);
    // Paid through the batch's paying code: the allowance's audit entry names the transaction.
    const entries = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.entityId, s.allowanceId));
    expect(entries.map((e) => e.summary).join('\n')).toContain(`MTN MoMo transaction ${item.transaction_id}`);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it('a crash after `sending` was committed, before the call: the next pass asks, hears not_found, sends once', async () => {
    const { students } = await sentBatch([{ provider: 'mtn_momo' }]);
    const [s] = students as [(typeof students)[number]];
    const [claimed] = await claimDuePayouts(t.deps);
    expect(await beginSending(t.deps, claimed!)).not.toBeNull();
    // The process dies here. Its claim runs out; another pass (a restart) takes the row.
    t.clock.advance(PAYOUT_CLAIM_MS + 1000);
    await f.drain();
    expect(f.mtn.statusCalls).toContain(claimed!.reference);
    expect(f.mtn.paidTo(s.msisdn!)).toBe(1);
    expect(await f.stageOf(s.allowanceId)).toBe('paid');
  });

  it('a crash after the call, before its answer was recorded: the next pass asks and never sends again', async () => {
    const { students } = await sentBatch([{ provider: 'mtn_momo' }]);
    const [s] = students as [(typeof students)[number]];
    const [claimed] = await claimDuePayouts(t.deps);
    const sending = await beginSending(t.deps, claimed!);
    await f.mtn.send(payoutRequestOf(sending!));
    // The process dies before recording the answer.
    t.clock.advance(PAYOUT_CLAIM_MS + 1000);
    const calls = f.mtn.sendCalls.filter((r) => r === claimed!.reference).length;
    await f.drain();
    expect(f.mtn.sendCalls.filter((r) => r === claimed!.reference).length).toBe(calls);
    expect(f.mtn.paidTo(s.msisdn!)).toBe(1);
    expect(await f.stageOf(s.allowanceId)).toBe('paid');
  });

  it('a lost answer is asked before anything is sent; an unreachable operator is sent again under the same reference', async () => {
    const { students, itemOf } = await sentBatch([
      { provider: 'mtn_momo', scenario: 'lost_answer' },
      { provider: 'mtn_momo', scenario: 'unreachable_once' },
    ]);
    const [lost, unreachable] = students as [(typeof students)[number], (typeof students)[number]];
    await runPayoutPass(t.deps);
    expect((await f.payoutsOf(itemOf(lost.allowanceId).id))[0]!.status).toBe('unconfirmed');
    expect((await f.payoutsOf(itemOf(unreachable.allowanceId).id))[0]!.status).toBe('queued');
    t.clock.advance(61_000);
    await f.drain();
    for (const s of [lost, unreachable]) {
      expect(f.mtn.paidTo(s.msisdn!)).toBe(1);
      expect(await f.stageOf(s.allowanceId)).toBe('paid');
      expect(await f.payoutsOf(itemOf(s.allowanceId).id)).toHaveLength(1);
    }
    const [lostRow] = await f.payoutsOf(itemOf(lost.allowanceId).id);
    expect(f.mtn.sendCalls.filter((r) => r === lostRow!.reference)).toHaveLength(1);
  });

  it('an ambiguous answer is never retried by itself; a refusal is failed with its reason', async () => {
    // Airtel's DP00900001000 (MTN has no such answer: its 500 is an answer lost, asked about).
    const { batch, students, itemOf } = await sentBatch(
      [
        { provider: 'airtel_money', scenario: 'ambiguous' },
        { provider: 'airtel_money', scenario: 'refused' },
      ],
      'airtel_money',
    );
    const [unsure, refused] = students as [(typeof students)[number], (typeof students)[number]];
    await f.drain(4);
    const [a] = await f.payoutsOf(itemOf(unsure.allowanceId).id);
    expect(a).toMatchObject({ status: 'ambiguous', reason: expect.stringContaining('DP00900001000') });
    expect(f.airtel.sendCalls.filter((r) => r === a!.reference)).toHaveLength(1);
    expect(f.airtel.statusCalls).not.toContain(a!.reference);
    const detail = await f.getBatch(batch.id);
    const refusedItem = detail.items.find((i) => i.allowance_id === refused.allowanceId)!;
    expect(refusedItem.payout).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('Invalid mobile number'),
    });
    expect(refusedItem.status).toBe('pending');
    expect(await f.stageOf(refused.allowanceId)).toBe('approved');
    expect(f.airtel.paidTo(refused.msisdn!)).toBe(0);
  });

  it('two engines at once send each payout once', async () => {
    f.mtn.sendDelayMs = 30;
    try {
      const { students } = await sentBatch(
        Array.from({ length: 6 }, (_, i) => ({
          provider: 'mtn_momo' as const,
          scenario: i % 2 ? ('lost_answer' as const) : ('success' as const),
        })),
      );
      for (let round = 0; round < 4; round++) {
        await Promise.all([runPayoutPass(t.deps), runPayoutPass(t.deps)]);
        t.clock.advance((t.deps.config.payoutPollSeconds + 1) * 1000);
      }
      for (const s of students) {
        expect(f.mtn.paidTo(s.msisdn!)).toBe(1);
        expect(await f.stageOf(s.allowanceId)).toBe('paid');
      }
    } finally {
      f.mtn.sendDelayMs = 0;
    }
  });

  it('an operator not configured here is left alone: its payouts wait for a process that has it', async () => {
    const { students, itemOf } = await sentBatch([{ provider: 'mtn_momo' }]);
    const [s] = students as [(typeof students)[number]];
    t.deps.mobileMoney = { airtel_money: f.airtel };
    try {
      await f.drain(1);
      expect((await f.payoutsOf(itemOf(s.allowanceId).id))[0]!.status).toBe('queued');
    } finally {
      f.plugIn();
    }
    await f.drain();
    expect(f.mtn.paidTo(s.msisdn!)).toBe(1);
    const [item] = await t.database.db
      .select()
      .from(paymentBatchItems)
      .where(eq(paymentBatchItems.allowanceId, s.allowanceId));
    expect(item!.status).toBe('paid');
  });
});
