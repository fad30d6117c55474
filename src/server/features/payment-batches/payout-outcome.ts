import { and, eq, type SQL } from 'drizzle-orm';
import { WALLET_PROVIDER_LABELS } from '../../../domain/payment-channels';
import { PAYOUT_STATUS_LABELS } from '../../../domain/payouts';
import type { AppDeps } from '../../app-env';
import type { Tx } from '../../db/client';
import { allowances, paymentBatches, paymentBatchItems, payouts, users } from '../../db/schema';
import { programmeDate } from '../../programme-time';
import { areaAudit } from '../audit/audit.service';
import { queueAllowancePaidSms } from '../sms/sms.service';
import { findBatch } from './batch-records';
import { payAllowancesOfBatch } from './pay-allowances';
import type { PayoutRow } from './payout-records';

/*
 * A payout's final outcome, recorded in one transaction with what follows from it (issue 49 item
 * 6): a success pays the allowance through the batch's paying code (pay-allowances.ts: its stage,
 * comment, audit entry and SMS, as Mark as Paid does), with the operator's transaction id; a
 * failure or an unknown outcome is recorded with the operator's reason, on the batch's history.
 */

const audit = areaAudit('payment_batch', 'payment_batch');

/** Who a payout's outcome is recorded as: a person resolving it, or the admin who sent it. */
export type PayoutActor = { id: string; name: string };

/** The admin who started the payout: the payment is made on their order. */
export async function starterOf(tx: Tx, row: PayoutRow): Promise<PayoutActor> {
  const [user] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, row.startedById));
  return user!;
}

/**
 * The operator (or a person) says the money arrived. Only a row still as `expected` (the caller's
 * claim, or `ambiguous` for a person) changes, so two processes never record it twice. The
 * allowance is paid today, on the authority of the admin who sent it: only admins reach Send (the
 * router's door), and the operator's confirmation completes that order even if their role changed
 * since. Returns false when the row had moved on.
 */
export async function recordSuccess(
  deps: AppDeps,
  row: PayoutRow,
  expected: SQL,
  transactionId: string,
  by?: { actor: PayoutActor; note: string },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, row.batchId, true);
    const [done] = await tx
      .update(payouts)
      .set({
        status: 'successful',
        operatorTransactionId: transactionId,
        finishedAt: now,
        claimedUntil: null,
        updatedAt: now,
        ...(by ? { resolvedById: by.actor.id, resolvedBy: by.actor.name, resolutionNote: by.note } : {}),
      })
      .where(and(eq(payouts.id, row.id), expected))
      .returning({ id: payouts.id });
    if (!done) return false;
    const starter = await starterOf(tx, row);
    const actor = by?.actor ?? starter;
    const [item] = await tx
      .select({ allowanceId: paymentBatchItems.allowanceId, reference: paymentBatchItems.reference })
      .from(paymentBatchItems)
      .where(eq(paymentBatchItems.id, row.itemId));
    const operator = WALLET_PROVIDER_LABELS[row.provider];
    const today = programmeDate(now);
    const paid = await payAllowancesOfBatch(
      tx,
      { ...actor, role: 'admin' },
      [item!.allowanceId],
      today,
      `${batch.reference} (${operator} transaction ${transactionId})`,
      now,
    );
    await queueAllowancePaidSms(tx, deps.config, [...paid], operator, now);
    await tx
      .update(paymentBatchItems)
      .set({ status: 'paid', paidAt: now, transactionId })
      .where(and(eq(paymentBatchItems.id, row.itemId), eq(paymentBatchItems.status, 'pending')));
    if (!batch.paidAt)
      await tx
        .update(paymentBatches)
        .set({
          paidAt: now,
          paidDate: today,
          paidBy: starter.name,
          paidById: starter.id,
          status: batch.status === 'reconciled' ? 'reconciled' : 'paid',
          updatedAt: now,
        })
        .where(eq(paymentBatches.id, batch.id));
    const [allowance] = await tx
      .select({ stage: allowances.approvalStage, name: allowances.studentName })
      .from(allowances)
      .where(eq(allowances.id, item!.allowanceId));
    const already = paid.size === 0 ? ` (the allowance was already ${allowance?.stage ?? 'moved'})` : '';
    await audit(
      tx,
      actor,
      now,
      batch.id,
      by ? 'payout_resolved' : 'payout_successful',
      `${by ? `${actor.name} resolved by hand: ` : ''}${operator} paid ${allowance?.name ?? 'the student'} ${row.amount} for ${item!.reference} (transaction ${transactionId})${already}${by ? `: ${by.note}` : ''}`,
      { payout: row.reference, payout_status: row.status },
      { payout: row.reference, payout_status: 'successful', transaction_id: transactionId },
    );
    return true;
  });
}

/**
 * A final failure, or an outcome only a person can settle (`ambiguous`): recorded with the
 * operator's reason and on the batch's history. The allowance stays approved, its item pending:
 * it may be retried (a new attempt) or moved to a follow-up batch.
 */
export async function recordUnpaid(
  deps: AppDeps,
  row: PayoutRow,
  expected: SQL,
  status: 'failed' | 'ambiguous',
  reason: string,
  by?: { actor: PayoutActor; note: string },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(payouts)
      .set({
        status,
        reason,
        claimedUntil: null,
        updatedAt: now,
        ...(status === 'failed' ? { finishedAt: now } : {}),
        ...(by ? { resolvedById: by.actor.id, resolvedBy: by.actor.name, resolutionNote: by.note } : {}),
      })
      .where(and(eq(payouts.id, row.id), expected))
      .returning({ id: payouts.id });
    if (!done) return false;
    const actor = by?.actor ?? (await starterOf(tx, row));
    const [item] = await tx
      .select({ reference: paymentBatchItems.reference })
      .from(paymentBatchItems)
      .where(eq(paymentBatchItems.id, row.itemId));
    await audit(
      tx,
      actor,
      now,
      row.batchId,
      by ? 'payout_resolved' : `payout_${status}`,
      `${by ? `${actor.name} resolved by hand: ` : ''}${WALLET_PROVIDER_LABELS[row.provider]} payout of ${item!.reference}: ${PAYOUT_STATUS_LABELS[status].toLowerCase()} (${reason})${by ? `: ${by.note}` : ''}`,
      { payout: row.reference, payout_status: row.status },
      { payout: row.reference, payout_status: status, reason },
    );
    return true;
  });
}
