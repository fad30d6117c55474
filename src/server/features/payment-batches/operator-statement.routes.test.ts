import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  OPERATOR_STATEMENT_REQUEST_MESSAGES,
  type OperatorStatementResponse,
} from '../../../contracts/operator-statements';
import type { FollowUpResponse } from '../../../contracts/payment-batches';
import { OPERATOR_STATEMENT_MESSAGES } from '../../../csv/operator-statement';
import { PAYMENT_BATCH_MESSAGES as M } from '../../../domain/payment-batches';
import { PAYOUT_MESSAGES as P } from '../../../domain/payouts';
import { activities, paymentBatchMismatches } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { unlabelledAuditFields } from '../../testing/audit-labels-check';
import { errorOf, json, UNKNOWN_ID, upload } from '../../testing/factories';
import { payoutFixtures } from '../../testing/payout-fixtures';
import { fileTestRequests } from '../../testing/test-file';
import { zipOf } from '../../testing/zip-of';

/*
 * An operator's statement of a wallet part (issue 49 item 7, docs/decisions/014): every outcome a
 * line can end as, the preview that changes nothing, the same statement again (whatever its
 * format) changing nothing, the portal's part matched by the item's reference, the summary that
 * reconciles to the kwacha, bad files and who may import one.
 */

const { t, tokens, send } = fileTestRequests({ signIn: ['ADM001', 'DPM001', 'PO001'] });
const f = payoutFixtures(t, send);
beforeAll(() => f.plugIn());
afterAll(() => f.unplug());

type Channel = 'mtn_momo' | 'airtel_money';

const importStatement = (
  batchId: string,
  channel: Channel,
  file: { name: string; content: string | Uint8Array<ArrayBuffer> },
  preview = false,
  as: 'ADM001' | 'DPM001' | 'PO001' = 'ADM001',
) =>
  upload(t, `/api/payment-batches/${batchId}/operator-statement`, tokens[as], file.name, file.content, {
    channel,
    preview: String(preview),
  });

async function imported(res: Response): Promise<OperatorStatementResponse> {
  expect(res.status, await res.clone().text()).toBe(200);
  return json<OperatorStatementResponse>(res);
}

const HEADER = 'External ID,Financial Transaction ID,MSISDN,Amount,Status,Date';
const csv = (lines: string[][]) => ({
  name: 'mtn-statement.csv',
  content: [HEADER, ...lines.map((l) => l.join(','))].join('\n'),
});

/** The reference of an item's latest payout attempt. */
const referenceOf = async (itemId: string) => (await f.payoutsOf(itemId)).at(-1)!.reference;

const NONE = {
  matched: 0,
  different_amount: 0,
  failed: 0,
  reversed: 0,
  conflict: 0,
  unmatched: 0,
  duplicate: 0,
};

describe('who imports a statement', () => {
  // First, before the other tests move the clock on past the other accounts' sessions.
  it('is for admins only: 403 for others before the file is read, 404 for an unknown batch', async () => {
    const when = f.nextMonth();
    await f.student('Door Keeper', { provider: 'mtn_momo' }, when);
    const batch = await f.createBatch(when);
    const file = csv([['abc', '', '', '100.00', 'SUCCESSFUL', '']]);
    for (const as of ['DPM001', 'PO001'] as const)
      expect((await importStatement(batch.id, 'mtn_momo', file, false, as)).status).toBe(403);
    expect((await importStatement(UNKNOWN_ID, 'mtn_momo', file)).status).toBe(404);
    const signedOut = await upload(
      t,
      `/api/payment-batches/${batch.id}/operator-statement`,
      undefined,
      's.csv',
      'x',
    );
    expect(signedOut.status).toBe(401);
  });
});

describe("an MTN MoMo statement's lines", () => {
  it('end as matched, different amount, failed, reversed, conflict, unmatched or duplicate; the preview changes nothing', async () => {
    const when = f.nextMonth();
    const paid = await f.student('Paid Phiri', { provider: 'mtn_momo' }, when, '1000.00');
    const waiting = await f.student(
      'Waiting Phiri',
      { provider: 'mtn_momo', scenario: 'pending_then_success' },
      when,
      '800.50',
    );
    const failed = await f.student('Failed Phiri', { provider: 'mtn_momo', scenario: 'failure' }, when);
    const reversed = await f.student('Reversed Phiri', { provider: 'mtn_momo' }, when, '700.00');
    const different = await f.student('Different Phiri', { provider: 'mtn_momo' }, when, '650.00');
    const refused = await f.student('Refused Phiri', { provider: 'mtn_momo', scenario: 'refused' }, when);
    await f.student('Held Phiri', 'none', when, '300.00');
    const bank = await f.student('Bank Phiri', 'bank', when, '1200.00');
    const batch = await f.createBatch(when);
    await f.sendPart(batch.id, 'mtn_momo');
    // One poll: every transfer is final but the one MTN keeps pending a poll longer.
    await f.drain(1);
    const itemOf = (s: { allowanceId: string }) => batch.items.find((i) => i.allowance_id === s.allowanceId)!;
    expect((await f.payoutsOf(itemOf(waiting).id))[0]!.status).toBe('pending');
    const [paidRef, waitingRef, failedRef, reversedRef, differentRef, refusedRef] = await Promise.all(
      [paid, waiting, failed, reversed, different, refused].map((s) => referenceOf(itemOf(s).id)),
    );
    f.sim.settle(reversedRef!, 'reversed');

    const statement = csv([
      [paidRef!, 'MTN-1', '260960001234', '1000.00', 'SUCCESSFUL', '2030-01-05'],
      [waitingRef!, 'MTN-2', '260960000002', '800.50', 'SUCCESSFUL', '2030-01-05'],
      [failedRef!, '', '260960000001', '1000.00', 'FAILED', '2030-01-05'],
      [reversedRef!, 'MTN-4', '260960001234', '700.00', 'REVERSED', '2030-01-05'],
      [differentRef!, 'MTN-5', '260960001234', '600.00', 'SUCCESSFUL', '2030-01-05'],
      [refusedRef!, 'MTN-6', '260960000007', '1000.00', 'SUCCESSFUL', '2030-01-05'],
      ['5d1c0b5e-0000-4000-8000-000000000000', 'MTN-7', '260960009999', '50.00', 'SUCCESSFUL', '2030-01-05'],
      [paidRef!, 'MTN-1', '260960001234', '1000.00', 'SUCCESSFUL', '2030-01-05'],
      ['', '', '', '', 'Total', ''],
    ]);
    const counts = {
      matched: 2,
      different_amount: 1,
      failed: 1,
      reversed: 1,
      conflict: 1,
      unmatched: 1,
      duplicate: 1,
    };

    const before = await f.getBatch(batch.id);
    const preview = await imported(await importStatement(batch.id, 'mtn_momo', statement, true));
    expect(preview).toMatchObject({ preview: true, counts, paid: 0, skipped_rows: 1 });
    expect(preview.lines.map((l) => [l.row, l.outcome])).toEqual([
      [2, 'matched'],
      [3, 'matched'],
      [4, 'failed'],
      [5, 'reversed'],
      [6, 'different_amount'],
      [7, 'conflict'],
      [8, 'unmatched'],
      [9, 'duplicate'],
    ]);
    expect(preview.lines[1]).toMatchObject({
      item_reference: itemOf(waiting).reference,
      student_name: 'Waiting Phiri',
      expected_amount: '800.50',
    });
    // The preview changed nothing: the batch, its payouts, its mismatches and its history.
    expect(await f.getBatch(batch.id)).toEqual(before);
    expect(preview.batch).toEqual(before);
    expect(await f.stageOf(reversed.allowanceId)).toBe('paid');

    const applied = await imported(await importStatement(batch.id, 'mtn_momo', statement));
    expect(applied).toMatchObject({ preview: false, counts, paid: 1 });
    const after = applied.batch;
    const status = (s: { allowanceId: string }) => after.items.find((i) => i.allowance_id === s.allowanceId)!;
    // Matched: reconciled; the one still pending with MTN is confirmed, and its allowance paid.
    expect(status(paid)).toMatchObject({ status: 'reconciled' });
    expect(status(waiting)).toMatchObject({ status: 'reconciled', transaction_id: 'MTN-2' });
    expect(status(waiting).payout).toMatchObject({ status: 'successful', operator_transaction_id: 'MTN-2' });
    expect(await f.stageOf(waiting.allowanceId)).toBe('paid');
    // Reversed: the payout is failed again, the allowance approved again, the item waits.
    expect(status(reversed)).toMatchObject({ status: 'pending', transaction_id: null });
    expect(status(reversed).payout).toMatchObject({ status: 'failed' });
    expect(await f.stageOf(reversed.allowanceId)).toBe('approved');
    // Failed stays failed; a different amount and a conflict change nothing.
    expect(status(failed).payout?.status).toBe('failed');
    expect(status(different)).toMatchObject({ status: 'paid' });
    expect(status(refused)).toMatchObject({ status: 'pending' });
    expect(status(refused).payout?.status).toBe('failed');
    expect(await f.stageOf(refused.allowanceId)).toBe('approved');
    expect(after.mismatches.map((m) => [m.kind, m.reference]).sort()).toEqual(
      [
        ['different_amount', itemOf(different).reference],
        ['status_conflict', itemOf(refused).reference],
        ['unknown_reference', '5d1c0b5e-0000-4000-8000-000000000000'],
      ].sort(),
    );
    // The reversal is on the allowance's history.
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.entityId, reversed.allowanceId))
      .orderBy(activities.seq)
      .then((rows) => rows.filter((r) => r.action === 'allowance.payment_reversed'));
    expect(entry?.summary).toContain('reversed');

    // Matched + unmatched + held = the batch, per part and in total, to the ngwee.
    expect(after.reconciliation).toEqual({
      parts: [
        {
          channel: 'bank',
          matched: { count: 0, amount: '0.00' },
          unmatched: { count: 1, amount: '1200.00' },
          total: { count: 1, amount: '1200.00' },
        },
        {
          channel: 'mtn_momo',
          matched: { count: 2, amount: '1800.50' },
          unmatched: { count: 4, amount: '3350.00' },
          total: { count: 6, amount: '5150.50' },
        },
      ],
      matched: { count: 2, amount: '1800.50' },
      unmatched: { count: 5, amount: '4550.00' },
      held: { count: 1, amount: '300.00' },
      total: { count: 8, amount: '6650.50' },
    });
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    expect(await unlabelledAuditFields(t.database.db)).toEqual([]);
    expect(bank).toBeTruthy();

    // The same statement again, even saved as XLSX, changes nothing: 409, for the preview too.
    const rows = statement.content.split('\n').map((line) => line.split(',').map((value) => ({ value })));
    const xlsx = { name: 'again.xlsx', content: new Uint8Array(await writeXlsxFile(rows).toBuffer()) };
    for (const again of [true, false]) {
      const res = await importStatement(batch.id, 'mtn_momo', xlsx, again);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe('statement_already_reconciled');
    }
    expect(await f.getBatch(batch.id)).toEqual(after);

    // A later statement: the payment reconciled already is a duplicate, the corrected amount matches
    // and settles its mismatch.
    const later = await imported(
      await importStatement(
        batch.id,
        'mtn_momo',
        csv([
          [paidRef!, 'MTN-1', '260960001234', '1000.00', 'SUCCESSFUL', '2030-01-06'],
          [differentRef!, 'MTN-5', '260960001234', '650.00', 'SUCCESSFUL', '2030-01-06'],
        ]),
      ),
    );
    expect(later.counts).toEqual({ ...NONE, matched: 1, duplicate: 1 });
    const open = later.batch.mismatches.filter((m) => !m.resolved_at).map((m) => m.kind);
    expect(open.sort()).toEqual(['status_conflict', 'unknown_reference']);

    // The payment MTN says it made, which we recorded failed, is neither tried again nor moved
    // until a person resolves the conflict: it might be paid twice.
    const refusedPayout = status(refused).payout!;
    const retry = `/api/payment-batches/${batch.id}/payouts/${refusedPayout.id}/retry`;
    const refusedRetry = await send('ADM001', 'POST', retry);
    expect(refusedRetry.status).toBe(409);
    expect((await errorOf(refusedRetry)).error).toBe(P.inStatusConflict);
    const moved = await send('ADM001', 'POST', `/api/payment-batches/${batch.id}/follow-up`);
    expect(moved.status, await moved.clone().text()).toBe(201);
    const { batch: follow, skipped } = await json<FollowUpResponse>(moved);
    expect(follow.items.map((i) => i.allowance_id).sort()).toEqual(
      [failed.allowanceId, reversed.allowanceId].sort(),
    );
    expect(skipped).toEqual([
      expect.objectContaining({ allowance_id: refused.allowanceId, reason: P.inStatusConflict }),
    ]);
    const conflictId = later.batch.mismatches.find((m) => m.kind === 'status_conflict')!.id;
    const resolved = await send(
      'ADM001',
      'POST',
      `/api/payment-batches/${batch.id}/mismatches/${conflictId}/resolve`,
      {
        note: 'MTN support: the transfer failed, their statement was wrong.',
      },
    );
    expect(resolved.status, await resolved.clone().text()).toBe(200);
    expect((await send('ADM001', 'POST', retry)).status).toBe(200);
  });

  it('calls every line of a transfer shown both paid and failed a duplicate, changing nothing', async () => {
    const when = f.nextMonth();
    const s = await f.student(
      'Twice Banda',
      { provider: 'mtn_momo', scenario: 'pending_then_success' },
      when,
    );
    const batch = await f.createBatch(when);
    await f.sendPart(batch.id, 'mtn_momo');
    await f.drain(0);
    const ref = await referenceOf(batch.items[0]!.id);
    const result = await imported(
      await importStatement(
        batch.id,
        'mtn_momo',
        csv([
          [ref, 'MTN-8', '', '1000.00', 'SUCCESSFUL', ''],
          [ref, 'MTN-8', '', '1000.00', 'FAILED', ''],
        ]),
      ),
    );
    expect(result.counts).toEqual({ ...NONE, duplicate: 2 });
    expect(result.batch.items[0]!.status).toBe('pending');
    expect(await f.stageOf(s.allowanceId)).toBe('approved');
    const kept = await t.database.db
      .select()
      .from(paymentBatchMismatches)
      .where(eq(paymentBatchMismatches.batchId, batch.id));
    expect(kept.map((m) => [m.kind, m.rows])).toEqual([['duplicate_reference', [2, 3]]]);
  });
});

describe('a statement and the payout engine', () => {
  it("confirms by the item's reference a retry not sent yet, which the engine then never sends", async () => {
    const when = f.nextMonth();
    const s = await f.student('Retry Lungu', { provider: 'mtn_momo', scenario: 'refused' }, when);
    const batch = await f.createBatch(when);
    await f.sendPart(batch.id, 'mtn_momo');
    await f.drain(0);
    const [failed] = await f.payoutsOf(batch.items[0]!.id);
    const corrected = await f.correctWallet(s.studentId, 'mtn_momo');
    const retried = await send(
      'ADM001',
      'POST',
      `/api/payment-batches/${batch.id}/payouts/${failed!.id}/retry`,
    );
    expect(retried.status, await retried.clone().text()).toBe(200);
    const result = await imported(
      await importStatement(
        batch.id,
        'mtn_momo',
        csv([[batch.items[0]!.reference, 'MTN-77', '', '1000.00', 'SUCCESSFUL', '']]),
      ),
    );
    expect(result).toMatchObject({ counts: { ...NONE, matched: 1 }, paid: 1 });
    expect((await f.payoutsOf(batch.items[0]!.id)).map((p) => p.status)).toEqual(['failed', 'successful']);
    await f.drain();
    expect(f.mtn.paidTo(corrected)).toBe(0);
    expect(await f.stageOf(s.allowanceId)).toBe('paid');
  });
});

describe("the operator's own export", () => {
  it("imports the simulator's Airtel statement as XLSX: paid ones match, the ambiguous one waits for a person", async () => {
    const when = f.nextMonth();
    await f.student('Airtel One', { provider: 'airtel_money' }, when, '400.00');
    await f.student('Airtel Two', { provider: 'airtel_money' }, when, '450.25');
    const unsure = await f.student(
      'Airtel Unsure',
      { provider: 'airtel_money', scenario: 'ambiguous' },
      when,
    );
    const batch = await f.createBatch(when);
    await f.sendPart(batch.id, 'airtel_money');
    await f.drain();
    const file = await f.sim.statement('airtel', 'xlsx');
    const result = await imported(
      await importStatement(batch.id, 'airtel_money', {
        name: file.name,
        content: new Uint8Array(file.buffer),
      }),
    );
    expect(result.counts.matched).toBe(2);
    expect(result.counts.unmatched).toBe(result.lines.length - 2);
    expect(result.skipped_rows).toBeGreaterThanOrEqual(1);
    const item = result.batch.items.find((i) => i.allowance_id === unsure.allowanceId)!;
    expect(item.payout?.status).toBe('ambiguous');
    expect(result.batch.reconciliation.parts).toEqual([
      {
        channel: 'airtel_money',
        matched: { count: 2, amount: '850.25' },
        unmatched: { count: 1, amount: '1000.00' },
        total: { count: 3, amount: '1850.25' },
      },
    ]);
  });

  it("matches a part paid by the operator's portal by the item's reference, and reconciles the batch", async () => {
    const when = f.nextMonth();
    const s = await f.student('Portal Mumba', { provider: 'airtel_money' }, when, '640.00');
    const batch = await f.createBatch(when);
    t.deps.mobileMoney = { mtn_momo: f.mtn };
    try {
      expect(
        (await send('ADM001', 'GET', `/api/payment-batches/${batch.id}/export?channel=airtel_money`)).status,
      ).toBe(200);
      const result = await imported(
        await importStatement(batch.id, 'airtel_money', {
          name: 'airtel.csv',
          content: `Reference,Airtel Money ID,Amount,Status\n${batch.items[0]!.reference},AM-55,ZMW 640.00,Successful\n`,
        }),
      );
      expect(result).toMatchObject({ counts: { ...NONE, matched: 1 }, paid: 1 });
      expect(result.batch).toMatchObject({ status: 'reconciled', item_counts: { reconciled: 1 } });
      expect(result.batch.reconciliation.unmatched).toEqual({ count: 0, amount: '0.00' });
      expect(await f.stageOf(s.allowanceId)).toBe('paid');
      const done = await importStatement(batch.id, 'airtel_money', {
        name: 'other.csv',
        content: `Reference,Amount,Status\n${batch.items[0]!.reference},640.00,REVERSED\n`,
      });
      expect(done.status).toBe(409);
      expect((await errorOf(done)).error).toBe(M.alreadyReconciled);
    } finally {
      f.plugIn();
    }
  });
});

describe('statements refused', () => {
  it('answers 400 with the problems by row for a file it cannot read, and changes nothing', async () => {
    const when = f.nextMonth();
    await f.student('Refused File', { provider: 'mtn_momo' }, when);
    const batch = await f.createBatch(when);
    const before = await f.getBatch(batch.id);
    const noStatus = await importStatement(batch.id, 'mtn_momo', {
      name: 's.csv',
      content: 'External ID,Amount\nabc,100.00\n',
    });
    expect(noStatus.status).toBe(400);
    expect((await errorOf(noStatus)).error).toBe(
      OPERATOR_STATEMENT_MESSAGES.noColumns('status', 'External ID, Amount'),
    );
    const badRows = await importStatement(batch.id, 'mtn_momo', {
      name: 's.csv',
      content: `${HEADER}\nabc,,,1OO.00,SUCCESSFUL,\ndef,,,100.00,MAYBE,\n`,
    });
    expect(badRows.status).toBe(400);
    expect((await errorOf(badRows)).rows).toEqual([
      { row: 2, message: OPERATOR_STATEMENT_MESSAGES.badAmount('1OO.00') },
      { row: 3, message: OPERATOR_STATEMENT_MESSAGES.badStatus('MAYBE') },
    ]);
    const fakeXlsx = await importStatement(batch.id, 'mtn_momo', {
      name: 's.xlsx',
      content: 'not a spreadsheet',
    });
    expect(fakeXlsx.status).toBe(400);
    // A few kilobytes that unpack to 60 MB: refused before the spreadsheet reader holds them.
    const bomb = await importStatement(batch.id, 'mtn_momo', {
      name: 's.xlsx',
      content: zipOf(Buffer.alloc(60 * 1024 * 1024), 1_000),
    });
    expect(bomb.status).toBe(400);
    expect((await errorOf(bomb)).error).toBe(OPERATOR_STATEMENT_REQUEST_MESSAGES.tooLargeUnpacked);
    const pdf = await importStatement(batch.id, 'mtn_momo', { name: 's.pdf', content: 'x' });
    expect(pdf.status).toBe(400);
    const noChannel = await upload(
      t,
      `/api/payment-batches/${batch.id}/operator-statement`,
      tokens.ADM001,
      's.csv',
      `${HEADER}\nabc,,,100.00,SUCCESSFUL,\n`,
      { channel: 'bank' },
    );
    expect(noChannel.status).toBe(400);
    expect((await errorOf(noChannel)).fields?.channel).toBeTruthy();
    expect(await f.getBatch(batch.id)).toEqual(before);
  });
});
