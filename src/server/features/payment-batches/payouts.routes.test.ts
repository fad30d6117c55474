import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchPreview, FollowUpResponse, PaymentBatchDetail } from '../../../contracts/payment-batches';
import { PAYOUT_MESSAGES as P } from '../../../domain/payouts';
import { paymentChannels, payouts } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { accessMatrix, expectAccess, fromRole } from '../../testing/access-matrix';
import { csvDownloadLines, errorOf, json, UNKNOWN_ID } from '../../testing/factories';
import { payoutFixtures } from '../../testing/payout-fixtures';
import { fileTestRequests } from '../../testing/test-file';

/*
 * A batch split by channel and its payouts as people handle them (issue 49 items 3, 5 and 6): the
 * parts and the held list, one student per month in one batch under a race, Send, retry, resolve
 * by hand, follow-up batches, the operator's portal file, and who may do it.
 */

const { t, send } = fileTestRequests({ signIn: ['ADM001', 'DPM001', 'PO001'] });
const f = payoutFixtures(t, send);
beforeAll(() => f.plugIn());
afterAll(() => f.unplug());

describe('who reaches payouts', () => {
  it('admins only, like Mark as Paid: 403 before anything is read; unknown batches and payouts 404', async () => {
    const when = f.nextMonth();
    await f.student('Access Phiri', { provider: 'mtn_momo', scenario: 'refused' }, when);
    const batch = await f.createBatch(when);
    await f.sendPart(batch.id, 'mtn_momo');
    await f.drain(0);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.batchId, batch.id));
    await expectAccess(
      t,
      accessMatrix(
        [
          {
            route: `POST /api/payment-batches/${UNKNOWN_ID}/payouts/send`,
            body: { provider: 'mtn_momo' },
            statuses: fromRole('admin', 404),
          },
          {
            route: `POST /api/payment-batches/${UNKNOWN_ID}/payouts/${payout!.id}/retry`,
            statuses: fromRole('admin', 404),
          },
          {
            route: `POST /api/payment-batches/${batch.id}/payouts/${UNKNOWN_ID}/retry`,
            statuses: fromRole('admin', 404),
          },
          {
            route: `POST /api/payment-batches/${batch.id}/payouts/not-an-id/resolve`,
            body: { outcome: 'failed', note: 'x' },
            statuses: fromRole('admin', 404),
          },
          { route: `POST /api/payment-batches/${UNKNOWN_ID}/follow-up`, statuses: fromRole('admin', 404) },
          {
            route: `GET /api/payment-batches/${UNKNOWN_ID}/export?channel=airtel_money`,
            statuses: fromRole('admin', 404),
          },
        ],
        { forbidden: "You don't have permission to access this resource. Required role: admin" },
      ),
    );
  });
});

describe('a batch split by channel', () => {
  it('shows each part with its count and total, and lists the allowances held with why', async () => {
    const when = f.nextMonth();
    const bank = await f.student('Bwalya Bank', 'bank', when, '1000.00');
    const mtn = await f.student('Mutale Mtn', { provider: 'mtn_momo' }, when, '750.50');
    const airtel = await f.student('Agness Airtel', { provider: 'airtel_money' }, when, '500.25');
    const unchecked = await f.student(
      'Uneni Unchecked',
      { provider: 'mtn_momo', unchecked: true },
      when,
      '300.00',
    );
    const none = await f.student('Nobody Nowhere', 'none', when, '200.00');
    const preview = await json<BatchPreview>(
      await send('ADM001', 'GET', `/api/payment-batches/preview?month=${when.month}&year=${when.year}`),
    );
    const parts = [
      { channel: 'bank', allowance_count: 1, total: '1000.00' },
      { channel: 'mtn_momo', allowance_count: 1, total: '750.50' },
      { channel: 'airtel_money', allowance_count: 1, total: '500.25' },
    ];
    expect(preview).toMatchObject({ allowance_count: 3, total: '2250.75', parts });
    const held = [
      {
        allowance_id: none.allowanceId,
        student_name: 'Nobody Nowhere',
        amount: '200.00',
        reason: P.noUsableChannel,
      },
      {
        allowance_id: unchecked.allowanceId,
        student_name: 'Uneni Unchecked',
        amount: '300.00',
        reason: "The wallet's holder has not been checked yet.",
      },
    ];
    expect(preview.held).toEqual(held);

    const batch = await f.createBatch(when);
    expect(batch).toMatchObject({ allowance_count: 3, total: '2250.75', held });
    expect(batch.parts).toEqual(
      parts.map((p) => ({ ...p, can_send: p.channel !== 'bank', unsent: p.channel === 'bank' ? 0 : 1 })),
    );
    expect(batch.items.map((i) => [i.allowance_id, i.channel])).toEqual([
      [bank.allowanceId, 'bank'],
      [mtn.allowanceId, 'mtn_momo'],
      [airtel.allowanceId, 'airtel_money'],
    ]);
    // The items name the channel row they pay to, which can no longer vanish with its student.
    const [channel] = await t.database.db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.studentId, mtn.studentId));
    expect(batch.items[1]!.payment_channel?.id).toBe(channel!.id);
    await expect(
      t.database.db.execute(sql`delete from payment_channels where id = ${channel!.id}`),
    ).rejects.toThrow();
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);

    // Mark as Paid pays the bank part only; the wallets wait for their operators.
    const paid = await send('ADM001', 'POST', `/api/payment-batches/${batch.id}/mark-paid`, {
      paid_date: '2026-03-15',
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect((await json<{ paid: number }>(paid)).paid).toBe(1);
    expect(await f.stageOf(mtn.allowanceId)).toBe('approved');
    expect(await f.stageOf(bank.allowanceId)).toBe('paid');
  });

  it('refuses a batch whose allowances are all held, saying so', async () => {
    const when = f.nextMonth();
    await f.student('Held Only', 'none', when);
    const res = await send('ADM001', 'POST', '/api/payment-batches', when);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error).toBe(P.allHeld(1));
  });

  it('puts a student in one batch for a month when two creations race', async () => {
    const when = f.nextMonth();
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await f.student(`Racer${i} Tembo`, 'bank', when));
    const answers = await Promise.all([
      send('ADM001', 'POST', '/api/payment-batches', when),
      send('ADM001', 'POST', '/api/payment-batches', when),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payment_batch_items
           where student_id = any(${sql.param(made.map((m) => m.studentId))}::uuid[]) group by student_id`,
    );
    expect(rows.rows.map((r) => r.n)).toEqual([1, 1, 1, 1]);
    // The database refuses a second item for the same student and month, whatever writes it.
    const [item] = (
      await t.database.db.execute<{ batch_id: string; allowance_id: string }>(
        sql`select batch_id, allowance_id from payment_batch_items where student_id = ${made[0]!.studentId}`,
      )
    ).rows;
    await expect(
      t.database.db.execute(sql`insert into payment_batch_items (batch_id, allowance_id, line, amount, reference, student_id, year, month_number, channel)
        values (${item!.batch_id}, ${made[1]!.allowanceId}, 99, 1, 'PB-RACE-99', ${made[0]!.studentId}, ${when.year}, 1, 'bank')`),
    ).rejects.toThrow();
  });
});

describe('what a person does with payouts', () => {
  it('retries a failed payout under a new reference after the wallet is corrected, once', async () => {
    const when = f.nextMonth();
    const s = await f.student('Retry Zulu', { provider: 'airtel_money', scenario: 'refused' }, when);
    const batch = await f.createBatch(when);
    expect((await f.sendPart(batch.id, 'airtel_money')).queued).toBe(1);
    // Sent once: Send again finds nothing waiting.
    const again = await send('ADM001', 'POST', `/api/payment-batches/${batch.id}/payouts/send`, {
      provider: 'airtel_money',
    });
    expect(again.status).toBe(409);
    await f.drain(0);
    const [failed] = await f.payoutsOf(batch.items[0]!.id);
    expect(failed!.status).toBe('failed');
    // A failed payout waits for a person: Send has nothing left to send.
    expect((await f.getBatch(batch.id)).parts[0]).toMatchObject({ channel: 'airtel_money', unsent: 0 });
    const corrected = await f.correctWallet(s.studentId, 'airtel_money');
    const retried = await send(
      'ADM001',
      'POST',
      `/api/payment-batches/${batch.id}/payouts/${failed!.id}/retry`,
    );
    expect(retried.status, await retried.clone().text()).toBe(200);
    const twice = await send(
      'ADM001',
      'POST',
      `/api/payment-batches/${batch.id}/payouts/${failed!.id}/retry`,
    );
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).error).toBe(P.retryNotLatest);
    await f.drain();
    const attempts = await f.payoutsOf(batch.items[0]!.id);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'successful'],
    ]);
    expect(attempts[1]!.reference).not.toBe(attempts[0]!.reference);
    expect(f.airtel.paidTo(corrected)).toBe(1);
    expect(await f.stageOf(s.allowanceId)).toBe('paid');
  });

  it('resolves an ambiguous payout by hand: a transaction id is required to call it paid', async () => {
    const when = f.nextMonth();
    // Airtel's DP00900001000: the operator itself cannot say.
    const s = await f.student('Unsure Banda', { provider: 'airtel_money', scenario: 'ambiguous' }, when);
    const batch = await f.createBatch(when);
    await f.sendPart(batch.id, 'airtel_money');
    await f.drain(1);
    const [row] = await f.payoutsOf(batch.items[0]!.id);
    expect(row!.status).toBe('ambiguous');
    const path = `/api/payment-batches/${batch.id}/payouts/${row!.id}/resolve`;
    const noId = await send('ADM001', 'POST', path, { outcome: 'successful', note: 'MTN support confirmed' });
    expect(noId.status).toBe(400);
    expect((await errorOf(noId)).fields?.transaction_id).toBe(P.transactionIdRequired);
    const ok = await send('ADM001', 'POST', path, {
      outcome: 'successful',
      transaction_id: 'MP123456',
      note: 'MTN support confirmed',
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const detail = await json<PaymentBatchDetail>(ok);
    expect(detail.items[0]).toMatchObject({ status: 'paid', transaction_id: 'MP123456' });
    expect(detail.items[0]!.payout).toMatchObject({
      status: 'successful',
      resolution_note: 'MTN support confirmed',
    });
    expect(await f.stageOf(s.allowanceId)).toBe('paid');
    expect((await send('ADM001', 'POST', path, { outcome: 'failed', note: 'again' })).status).toBe(409);
  });

  it('moves failed payments to a follow-up batch, where they are sent again', async () => {
    const when = f.nextMonth();
    const s = await f.student('Follow Mwale', { provider: 'mtn_momo', scenario: 'refused' }, when);
    const ok = await f.student('Fine Mwale', { provider: 'mtn_momo' }, when);
    const batch = await f.createBatch(when);
    await f.sendPart(batch.id, 'mtn_momo');
    await f.drain();
    expect((await send('ADM001', 'DELETE', `/api/payment-batches/${batch.id}`)).status).toBe(409);
    const moved = await send('ADM001', 'POST', `/api/payment-batches/${batch.id}/follow-up`);
    expect(moved.status, await moved.clone().text()).toBe(201);
    const { batch: follow } = await json<FollowUpResponse>(moved);
    expect(follow.items.map((i) => i.allowance_id)).toEqual([s.allowanceId]);
    expect(follow.month).toBe(when.month);
    const before = await f.getBatch(batch.id);
    expect(before.items.map((i) => i.allowance_id)).toEqual([ok.allowanceId]);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    const corrected = await f.correctWallet(s.studentId, 'mtn_momo');
    expect((await f.sendPart(follow.id, 'mtn_momo')).queued).toBe(1);
    await f.drain();
    expect(await f.stageOf(s.allowanceId)).toBe('paid');
    expect(f.mtn.paidTo(corrected)).toBe(1);
    expect(f.mtn.paidTo(s.msisdn!)).toBe(0);
    expect((await send('ADM001', 'POST', `/api/payment-batches/${batch.id}/follow-up`)).status).toBe(409);
  });

  it('exports a part whose operator is not configured for its portal, and never sends it by the API as well', async () => {
    const when = f.nextMonth();
    const s = await f.student('Portal Daka', { provider: 'airtel_money' }, when, '640.00');
    const batch = await f.createBatch(when);
    t.deps.mobileMoney = { mtn_momo: f.mtn };
    try {
      const refused = await send('ADM001', 'POST', `/api/payment-batches/${batch.id}/payouts/send`, {
        provider: 'airtel_money',
      });
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).error).toBe(P.operatorNotConfigured('airtel_money'));
      expect((await f.getBatch(batch.id)).parts[0]).toMatchObject({
        channel: 'airtel_money',
        can_send: false,
      });
      const file = await send(
        'ADM001',
        'GET',
        `/api/payment-batches/${batch.id}/export?channel=airtel_money`,
      );
      expect(file.status).toBe(200);
      const lines = await csvDownloadLines(file, `${batch.reference.toLowerCase()}-airtel-money.csv`);
      expect(lines[0]).toBe('msisdn,name,amount,reference');
      expect((await f.getBatch(batch.id)).parts[0]).toMatchObject({ unsent: 0 });
      expect(lines[1]).toBe(`${s.msisdn!.slice(1)},Wallet Holder,640.00,${batch.items[0]!.reference}`);
    } finally {
      f.plugIn();
    }
    const later = await f.sendPart(batch.id, 'airtel_money');
    expect(later.queued).toBe(0);
    expect(later.skipped.map((k) => k.reason)).toEqual([P.exportedForPortal]);
    expect(f.airtel.paidTo(s.msisdn!)).toBe(0);
  });
});
