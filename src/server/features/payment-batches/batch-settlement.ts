import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type ErrorResponse, isUuid } from '../../../contracts/common';
import type {
  BatchSkip,
  MarkBatchPaidRequest,
  MarkBatchPaidResponse,
  PaymentBatchDetail,
  PaymentBatchItem,
  ReconcileResponse,
  ResolveMismatchRequest,
} from '../../../contracts/payment-batches';
import { parseBankStatement } from '../../../csv/bank-statement';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import {
  canReconcileBatch,
  PAYMENT_BATCH_MESSAGES as M,
  MISMATCH_KIND_LABELS,
  type Mismatch,
  matchStatement,
  referenceKey,
  statementContentKey,
} from '../../../domain/payment-batches';
import { plural } from '../../../domain/plural';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import {
  paymentBatches,
  paymentBatchItems,
  paymentBatchMismatches,
  paymentBatchStatements,
} from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { programmeDate, programmeDay } from '../../programme-time';
import { areaAudit } from '../audit/audit.service';
import { PAID_CHANNELS, queueAllowancePaidSms } from '../sms/sms.service';
import { type BatchRow, batchDetail, batchItems, findBatch } from './batch-records';
import { payAllowancesOfBatch } from './pay-allowances';

/*
 * Paying a batch and reconciling it with the bank's statement (docs/product.md D20). Each is one
 * transaction that first locks the batch's row, so two of them on one batch take turns; the
 * allowances are paid by the approval chain's own rule (pay-allowances.ts).
 */

const audit = areaAudit('payment_batch', 'payment_batch');

/** A reconciliation, or the 400 of a statement that cannot be read, with its problems by row. */
export type ReconcileOutcome = { ok: true; result: ReconcileResponse } | { ok: false; error: ErrorResponse };

/**
 * The batch's payment fields the first time it is paid: Mark as Paid with the bank's day, or a
 * statement showing payments (today).
 */
const firstPayment = (batch: BatchRow, user: SessionUser, paidDate: string, now: Date) =>
  batch.paidAt
    ? {}
    : { paidAt: now, paidDate, paidBy: user.name, paidById: user.id, status: 'paid' as const };

async function setItems(tx: Tx, ids: string[], values: Partial<typeof paymentBatchItems.$inferInsert>) {
  if (ids.length > 0)
    await tx.update(paymentBatchItems).set(values).where(inArray(paymentBatchItems.id, ids));
}

/**
 * Mark as Paid: the allowance of every pending item is paid on `paid_date` (not after today, not
 * before the batch was made). An item whose allowance someone else moved meanwhile is left
 * pending and reported; the batch becomes paid.
 */
export async function markBatchPaid(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: MarkBatchPaidRequest,
): Promise<MarkBatchPaidResponse> {
  const now = deps.clock.now();
  const today = programmeDate(now);
  const { paid, skipped } = await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, id, true);
    if (!canReconcileBatch(batch.status)) throw conflict(M.alreadyReconciled);
    const created = programmeDate(batch.createdAt);
    if (input.paid_date > today) throw badRequest(M.paidDateFuture, { paid_date: M.paidDateFuture });
    if (input.paid_date < created) {
      const message = M.paidDateBeforeBatch(programmeDay(created));
      throw badRequest(message, { paid_date: message });
    }
    // The bank part only: a wallet item is paid when its operator says the money arrived (payout-engine.ts).
    const pending = (await batchItems(tx, batch.id)).filter(
      (item) => item.status === 'pending' && item.channel === 'bank',
    );
    if (pending.length === 0) throw conflict(M.nothingToPay);

    const paidIds = await payAllowancesOfBatch(
      tx,
      user,
      pending.map((item) => item.allowance_id),
      input.paid_date,
      batch.reference,
      now,
    );
    await queueAllowancePaidSms(tx, deps.config, [...paidIds], PAID_CHANNELS.bank, now);
    const paidItems = pending.filter((item) => paidIds.has(item.allowance_id));
    await setItems(
      tx,
      paidItems.map((item) => item.id),
      { status: 'paid', paidAt: now },
    );
    const skipped = await leftPending(tx, batch.id, pending, paidIds);
    await tx
      .update(paymentBatches)
      .set({ ...firstPayment(batch, user, input.paid_date, now), status: 'paid', updatedAt: now })
      .where(eq(paymentBatches.id, batch.id));
    await audit(
      tx,
      user,
      now,
      batch.id,
      'paid',
      `${user.name} marked payment batch ${batch.reference} as paid on ${programmeDay(input.paid_date)}: ${plural(paidItems.length, 'allowance')} paid${skipped.length ? `, ${skipped.length} left as ${skipped.length === 1 ? 'it was' : 'they were'}` : ''}`,
      { status: batch.status, paid_date: batch.paidDate },
      { status: 'paid', paid_date: batch.paidDate ?? input.paid_date, allowances_paid: paidItems.length },
    );
    return { paid: paidItems.length, skipped };
  });
  return { paid, skipped, batch: await batchDetail(deps.db, id, deps.mobileMoney) };
}

/** Why each pending item's allowance was not paid: where it stands now, read after the payment. */
async function leftPending(
  tx: Tx,
  batchId: string,
  pending: PaymentBatchItem[],
  paid: Set<string>,
): Promise<BatchSkip[]> {
  const left = pending.filter((item) => !paid.has(item.allowance_id));
  if (left.length === 0) return [];
  const stages = new Map((await batchItems(tx, batchId)).map((item) => [item.id, item.approval_stage]));
  return left.map((item) => ({
    allowance_id: item.allowance_id,
    student_name: item.student_name,
    reference: item.reference,
    reason: M.notApprovedNow(APPROVAL_STAGE_LABELS[stages.get(item.id) ?? item.approval_stage]),
  }));
}

/** The 409 code of a statement imported again for the same batch. */
export const STATEMENT_ALREADY_RECONCILED = 'statement_already_reconciled';

/** What a later statement's reconciliation says of the mismatches it settled. */
const SETTLED_BY_STATEMENT = 'Settled: a later bank statement showed this payment made in full.';

/**
 * Reconciles the batch with the bank's statement (CSV text). The file is read first: one it
 * cannot read answers 400 with its problems and changes nothing; one already imported for this
 * batch (the same payments, whatever the layout) answers 409 and changes nothing. Each item the
 * statement shows paid in full, once, is reconciled, its allowance paid today if it was still
 * approved (the statement is the proof the bank paid). Mismatches (missing, different amount,
 * unknown or repeated reference) change no payment: they are kept on the batch as a list to work
 * through, and a later statement that reconciles an item settles the open ones about it. The
 * bank's fees and charges are listed apart. A batch all of whose items are reconciled is
 * reconciled; one that had not been marked paid becomes paid when anything is.
 */
export async function reconcileBatch(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  text: string,
): Promise<ReconcileOutcome> {
  await findBatch(deps.db, id);
  const statement = parseBankStatement(text);
  if (!statement.ok)
    return { ok: false, error: { error: statement.error, code: 'invalid_statement', rows: statement.rows } };
  const contentHash = createHash('sha256').update(statementContentKey(statement.lines)).digest('hex');
  const now = deps.clock.now();
  const today = programmeDate(now);
  const outcome = await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, id, true);
    await refuseStatementSeenBefore(tx, batch.id, contentHash);
    if (!canReconcileBatch(batch.status)) throw conflict(M.alreadyReconciled);
    // The bank's statement shows the bank part; the wallet parts have their operators' (issue 49 item 7).
    const all = await batchItems(tx, batch.id);
    const items = all.filter((item) => item.channel === 'bank');
    const match = matchStatement(items, statement.lines);
    const fresh = match.toReconcile;
    const pending = fresh.filter((item) => item.status === 'pending');
    const paidIds = await payAllowancesOfBatch(
      tx,
      user,
      pending.map((item) => item.allowance_id),
      today,
      batch.reference,
      now,
    );
    await queueAllowancePaidSms(tx, deps.config, [...paidIds], PAID_CHANNELS.bank, now);
    // Reconciled whatever its allowance's stage: the bank paid it. One paid elsewhere stays as it is.
    await setItems(
      tx,
      pending.map((item) => item.id),
      { status: 'reconciled', reconciledAt: now, paidAt: now },
    );
    await setItems(
      tx,
      fresh.filter((item) => item.status === 'paid').map((item) => item.id),
      { status: 'reconciled', reconciledAt: now },
    );
    const everyItem = all.every(
      (item) => item.status === 'reconciled' || fresh.some((f) => f.id === item.id),
    );
    const payment = fresh.length > 0 ? firstPayment(batch, user, today, now) : {};
    if (fresh.length > 0)
      await tx
        .update(paymentBatches)
        .set({
          ...payment,
          ...(everyItem ? { status: 'reconciled' as const, reconciledAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(paymentBatches.id, batch.id));
    const kept = await keepStatement(tx, user, batch.id, contentHash, now, {
      matched: fresh.length + match.alreadyReconciled.length,
      mismatches: match.mismatches,
      settledKeys: fresh.map((item) => referenceKey(item.reference)),
    });
    const status = fresh.length > 0 && everyItem ? 'reconciled' : (payment.status ?? batch.status);
    const mismatches = match.mismatches.length;
    const charges = match.charges.length;
    await audit(
      tx,
      user,
      now,
      batch.id,
      'reconciled',
      `${user.name} reconciled ${fresh.length} ${fresh.length === 1 ? 'payment' : 'payments'} of payment batch ${batch.reference} with a bank statement${paidIds.size ? ` (${plural(paidIds.size, 'allowance')} marked paid)` : ''}${mismatches ? `; ${mismatches} ${mismatches === 1 ? 'mismatch' : 'mismatches'} left for follow-up` : ''}${charges ? `; ${charges} bank ${charges === 1 ? 'charge' : 'charges'}` : ''}`,
      { status: batch.status },
      {
        status,
        reconciled: fresh.map((item) => item.reference),
        mismatches: match.mismatches.map((m) => `${m.kind} ${m.reference}`),
        mismatches_recorded: kept.recorded,
        mismatches_settled: kept.settled,
        charges: match.charges.map((c) => `row ${c.row}: ${c.description} ${c.amount}`),
        statement: contentHash,
      },
    );
    return {
      matched: fresh.length + match.alreadyReconciled.length,
      paid: paidIds.size,
      mismatches: match.mismatches,
      charges: match.charges,
    };
  });
  return {
    ok: true,
    result: {
      ...outcome,
      skipped_rows: statement.skipped.length,
      batch: await batchDetail(deps.db, id, deps.mobileMoney),
    },
  };
}

/** 409, changing nothing, when this batch has already had a statement with the same payments. */
export async function refuseStatementSeenBefore(
  tx: Tx,
  batchId: string,
  contentHash: string,
  message: (when: string, by: string) => string = M.statementAlreadyImported,
): Promise<void> {
  const s = paymentBatchStatements;
  const [seen] = await tx
    .select({ at: s.importedAt, by: s.importedBy })
    .from(s)
    .where(and(eq(s.batchId, batchId), eq(s.contentHash, contentHash)));
  if (seen)
    throw new HttpError(409, message(programmeDay(programmeDate(seen.at)), seen.by), {
      code: STATEMENT_ALREADY_RECONCILED,
    });
}

/**
 * Records the statement, keeps its mismatches on the batch (one open mismatch per kind and
 * reference: a repeat adds nothing) and settles the open ones about the items it reconciled.
 */
export async function keepStatement(
  tx: Tx,
  user: SessionUser,
  batchId: string,
  contentHash: string,
  now: Date,
  found: { matched: number; mismatches: Mismatch[]; settledKeys: string[] },
): Promise<{ recorded: number; settled: number }> {
  const [statementRow] = await tx
    .insert(paymentBatchStatements)
    .values({
      batchId,
      contentHash,
      matched: found.matched,
      importedAt: now,
      importedBy: user.name,
      importedById: user.id,
    })
    .returning({ id: paymentBatchStatements.id });
  const m = paymentBatchMismatches;
  const settled =
    found.settledKeys.length === 0
      ? []
      : await tx
          .update(m)
          .set({
            resolvedAt: now,
            resolvedBy: user.name,
            resolvedById: user.id,
            resolutionNote: SETTLED_BY_STATEMENT,
          })
          .where(
            and(eq(m.batchId, batchId), isNull(m.resolvedAt), inArray(m.referenceKey, found.settledKeys)),
          )
          .returning({ id: m.id });
  const recorded =
    found.mismatches.length === 0
      ? []
      : await tx
          .insert(m)
          .values(
            found.mismatches.map((mismatch) => ({
              batchId,
              statementId: statementRow!.id,
              kind: mismatch.kind,
              reference: mismatch.reference,
              referenceKey: referenceKey(mismatch.reference),
              expectedAmount: mismatch.expected_amount ?? null,
              paidAmount: mismatch.paid_amount ?? null,
              studentName: mismatch.student_name ?? null,
              rows: mismatch.rows ?? [],
              foundAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: m.id });
  return { recorded: recorded.length, settled: settled.length };
}

/** Marks one of the batch's open mismatches resolved, with the note saying how. */
export async function resolveMismatch(
  deps: AppDeps,
  user: SessionUser,
  batchId: string,
  mismatchId: string,
  input: ResolveMismatchRequest,
): Promise<PaymentBatchDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, batchId, true);
    const m = paymentBatchMismatches;
    const [mismatch] = isUuid(mismatchId)
      ? await tx
          .select()
          .from(m)
          .where(and(eq(m.id, mismatchId), eq(m.batchId, batch.id)))
      : [];
    if (!mismatch) throw notFound(M.mismatchNotFound);
    if (mismatch.resolvedAt) throw conflict(M.mismatchAlreadyResolved);
    await tx
      .update(m)
      .set({ resolvedAt: now, resolvedBy: user.name, resolvedById: user.id, resolutionNote: input.note })
      .where(eq(m.id, mismatch.id));
    await audit(
      tx,
      user,
      now,
      batch.id,
      'mismatch_resolved',
      `${user.name} resolved the mismatch ${MISMATCH_KIND_LABELS[mismatch.kind].toLowerCase()} ${mismatch.reference} of payment batch ${batch.reference}: ${input.note}`,
      { mismatch_id: mismatch.id, kind: mismatch.kind, reference: mismatch.reference, resolved_at: null },
      { mismatch_id: mismatch.id, resolved_at: now.toISOString(), resolution_note: input.note },
    );
  });
  return batchDetail(deps.db, batchId, deps.mobileMoney);
}
