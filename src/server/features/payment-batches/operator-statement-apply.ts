import { and, eq, sql } from 'drizzle-orm';
import type { MatchedLine, PartPaymentToMatch } from '../../../domain/operator-statements';
import { type Mismatch, referenceKey } from '../../../domain/payment-batches';
import { WALLET_PROVIDER_LABELS, type WalletProvider } from '../../../domain/payment-channels';
import { plural } from '../../../domain/plural';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { allowances, paymentBatches, paymentBatchItems, payouts, students } from '../../db/schema';
import { programmeDate } from '../../programme-time';
import { areaAudit, recordAudit } from '../audit/audit.service';
import { queueAllowancePaidSms } from '../sms/sms.service';
import type { BatchRow } from './batch-records';
import { keepStatement } from './batch-settlement';
import { payAllowancesOfBatch } from './pay-allowances';
import type { PayoutRow } from './payout-records';

/*
 * What an operator's statement changes, inside the import's transaction (the batch's row locked):
 * matched lines reconcile their payments (confirming a payout still with the operator, which pays
 * its allowance as the engine's success would); failed lines fail a payout not final yet, as the
 * engine would; reversed lines put the payout back to failed and the allowance back to approved,
 * as if its payout had failed. Every payout write is conditional on the state it was read in, so a
 * payout engine pass working on the same row meanwhile changes nothing (docs/decisions/014).
 */

const audit = areaAudit('payment_batch', 'payment_batch');

/** A part's payment as matching needs it, with the rows the apply step changes. */
export interface PartPayment extends PartPaymentToMatch {
  allowance_id: string;
  portal_exported: boolean;
  rows: PayoutRow[];
}

type Line = MatchedLine<PartPayment>;

/** The attempt row a line names, as read in this transaction. */
const rowOf = (m: Line): PayoutRow | undefined => m.payment?.rows.find((r) => r.id === m.attempt?.id);

const NOT_FINAL = ['queued', 'sending', 'unconfirmed', 'pending', 'ambiguous'] as const;
const isNotFinal = (row: PayoutRow | undefined): row is PayoutRow =>
  row !== undefined && (NOT_FINAL as readonly string[]).includes(row.status);

/**
 * A payout moved by the statement, only from the state it was read in. One still queued and never
 * sent (named by its item's reference) is recorded as gone out now: the operator's word settles it,
 * and the engine must not send it after.
 */
async function setPayout(tx: Tx, row: PayoutRow, values: Partial<typeof payouts.$inferInsert>) {
  await tx
    .update(payouts)
    .set({ ...values, sentAt: row.sentAt ?? values.updatedAt, claimedUntil: null })
    .where(and(eq(payouts.id, row.id), eq(payouts.status, row.status)));
}

/** Applies the matched lines; returns how many allowances were marked paid. */
export async function applyOperatorLines(
  deps: AppDeps,
  tx: Tx,
  user: SessionUser,
  batch: BatchRow,
  channel: WalletProvider,
  matched: Line[],
  contentHash: string,
): Promise<number> {
  const now = deps.clock.now();
  const operator = WALLET_PROVIDER_LABELS[channel];
  const of = (outcome: Line['outcome']) => matched.filter((m) => m.outcome === outcome && m.payment);

  const confirming = of('matched');
  for (const m of confirming) {
    const row = rowOf(m);
    if (isNotFinal(row))
      await setPayout(tx, row, {
        status: 'successful',
        operatorTransactionId: m.line.transaction_id || `${operator} statement row ${m.line.row}`,
        finishedAt: now,
        updatedAt: now,
      });
  }
  const paidIds = await payAllowancesOfBatch(
    tx,
    user,
    confirming.filter((m) => m.payment!.item_status === 'pending').map((m) => m.payment!.allowance_id),
    programmeDate(now),
    `${batch.reference} (${operator} statement)`,
    now,
  );
  await queueAllowancePaidSms(tx, deps.config, [...paidIds], operator, now);
  for (const m of confirming)
    await tx
      .update(paymentBatchItems)
      .set({
        status: 'reconciled',
        reconciledAt: now,
        paidAt: sql`coalesce(${paymentBatchItems.paidAt}, ${now.toISOString()}::timestamptz)`,
        transactionId: sql`coalesce(${paymentBatchItems.transactionId}, ${m.line.transaction_id || null})`,
      })
      .where(eq(paymentBatchItems.id, m.payment!.item_id));

  for (const m of of('failed')) {
    const row = rowOf(m);
    if (isNotFinal(row))
      await setPayout(tx, row, {
        status: 'failed',
        reason: `Failed on ${operator}'s statement (row ${m.line.row})`,
        finishedAt: now,
        updatedAt: now,
      });
  }
  const reversed = await reverse(tx, user, now, operator, of('reversed'));

  const mismatches = mismatchesOf(matched);
  const kept = await keepStatement(tx, user, batch.id, contentHash, now, {
    matched: confirming.length,
    mismatches,
    settledKeys: confirming.map((m) => referenceKey(m.payment!.reference)),
  });
  const status = await settleBatch(tx, user, batch, now, confirming.length > 0);
  const counts = `${plural(confirming.length, 'payment')} matched${reversed ? `, ${reversed} reversed` : ''}${mismatches.length ? `; ${plural(mismatches.length, 'mismatch', 'mismatches')} left for follow-up` : ''}`;
  await audit(
    tx,
    user,
    now,
    batch.id,
    'operator_statement',
    `${user.name} imported ${operator}'s statement for payment batch ${batch.reference}: ${counts}${paidIds.size ? ` (${plural(paidIds.size, 'allowance')} marked paid)` : ''}`,
    { status: batch.status },
    {
      status,
      reconciled: confirming.map((m) => m.payment!.reference),
      reversed: of('reversed').map((m) => m.payment!.reference),
      mismatches: mismatches.map((m) => `${m.kind} ${m.reference}`),
      mismatches_recorded: kept.recorded,
      mismatches_settled: kept.settled,
      statement: contentHash,
    },
  );
  return paidIds.size;
}

/**
 * The money came back: the attempt is failed, and when it was the one that paid, the item is
 * pending again and its allowance approved again (no longer paid), as a failed payout leaves them,
 * so a person may try again or move it to a follow-up batch. Returns how many payments it undid.
 */
async function reverse(tx: Tx, user: SessionUser, now: Date, operator: string, lines: Line[]) {
  let undone = 0;
  for (const m of lines) {
    const row = rowOf(m);
    const payment = m.payment!;
    const paidByIt = row ? row.status === 'successful' : payment.item_status !== 'pending';
    if (row && row.status !== 'failed')
      await setPayout(tx, row, {
        status: 'failed',
        reason: `Reversed by ${operator} (statement row ${m.line.row})`,
        finishedAt: now,
        updatedAt: now,
      });
    if (!paidByIt) continue;
    undone++;
    await tx
      .update(paymentBatchItems)
      .set({ status: 'pending', paidAt: null, reconciledAt: null, transactionId: null })
      .where(eq(paymentBatchItems.id, payment.item_id));
    const [was] = await tx
      .update(allowances)
      .set({ approvalStage: 'approved', paidBy: null, paidById: null, paidDate: null, updatedAt: now })
      .where(and(eq(allowances.id, payment.allowance_id), eq(allowances.approvalStage, 'paid')))
      .returning({ id: allowances.id, name: allowances.studentName, studentId: allowances.studentId });
    if (!was) continue;
    const [student] = await tx
      .select({ officerId: students.assignedOfficerId })
      .from(students)
      .where(eq(students.id, was.studentId));
    await recordAudit(tx, [
      {
        actor: { id: user.id, name: user.name },
        officerId: student?.officerId ?? null,
        entityType: 'allowance',
        entityId: was.id,
        action: 'allowance.payment_reversed',
        summary: `${operator}'s statement shows the payment to ${was.name} (${payment.reference}) reversed: the allowance is approved again, not paid`,
        at: now,
        before: { approval_stage: 'paid' },
        after: { approval_stage: 'approved' },
      },
    ]);
  }
  return undone;
}

/** The lines kept on the batch's list of mismatches, named by the batch's reference where known. */
function mismatchesOf(matched: Line[]): Mismatch[] {
  const kinds = {
    different_amount: 'different_amount',
    conflict: 'status_conflict',
    unmatched: 'unknown_reference',
  } as const;
  const out: Mismatch[] = [];
  const repeated = new Set<string>();
  for (const m of matched) {
    const about = m.payment
      ? {
          reference: m.payment.reference,
          expected_amount: m.payment.amount,
          student_name: m.payment.student_name,
        }
      : { reference: m.line.reference };
    if (m.outcome === 'duplicate') {
      // Only a transfer the file shows in contradicting lines is work to do: the same line again,
      // or a payment another statement reconciled, changes nothing and needs nobody.
      const ofIt = matched.filter((x) => x.payment === m.payment && x.attempt === m.attempt);
      if (repeated.has(about.reference) || ofIt.some((x) => x.outcome !== 'duplicate')) continue;
      if (m.payment?.item_status === 'reconciled') continue;
      repeated.add(about.reference);
      out.push({
        kind: 'duplicate_reference',
        ...about,
        paid_amount: m.line.amount,
        rows: ofIt.map((x) => x.line.row),
      });
    } else if (m.outcome in kinds)
      out.push({
        kind: kinds[m.outcome as keyof typeof kinds],
        ...about,
        paid_amount: m.line.amount,
        rows: [m.line.row],
      });
  }
  return out;
}

/**
 * The batch after the statement: paid once anything of it is (the first time), reconciled once
 * every item is. Returns its status now.
 */
async function settleBatch(tx: Tx, user: SessionUser, batch: BatchRow, now: Date, anyPaid: boolean) {
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentBatchItems)
    .where(and(eq(paymentBatchItems.batchId, batch.id), sql`${paymentBatchItems.status} <> 'reconciled'`));
  const everyItem = (left?.n ?? 1) === 0;
  const payment =
    anyPaid && !batch.paidAt
      ? {
          paidAt: now,
          paidDate: programmeDate(now),
          paidBy: user.name,
          paidById: user.id,
          status: 'paid' as const,
        }
      : {};
  const status = everyItem ? ('reconciled' as const) : (payment.status ?? batch.status);
  if (status !== batch.status || anyPaid)
    await tx
      .update(paymentBatches)
      .set({ ...payment, status, ...(everyItem ? { reconciledAt: now } : {}), updatedAt: now })
      .where(eq(paymentBatches.id, batch.id));
  return status;
}
