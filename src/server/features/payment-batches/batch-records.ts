import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type {
  BatchMismatch,
  PaymentBatch,
  PaymentBatchDetail,
  PaymentBatchItem,
} from '../../../contracts/payment-batches';
import { normaliseMoney } from '../../../domain/money';
import {
  PAYMENT_BATCH_MESSAGES as M,
  type PaymentItemStatus,
  referenceKey,
} from '../../../domain/payment-batches';
import type { PayoutOperators, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import {
  allowances,
  paymentBatches,
  paymentBatchItems,
  paymentBatchMismatches,
  paymentBatchNumbers,
  students,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { primaryChannelSummaries } from '../payment-channels/payment-channels.service';
import { batchHeld, batchParts, channelSummaries } from './batch-parts';
import { batchReconciliation } from './batch-reconciliation';
import { latestPayouts } from './payout-records';

/*
 * Reading payment batches (docs/product.md D20): the batch as the API answers it, with how many of
 * its items are pending, paid and reconciled, and its items with the student's name and NRC.
 */

export type BatchRow = typeof paymentBatches.$inferSelect;
type ItemCounts = PaymentBatch['item_counts'];

const NO_ITEMS: ItemCounts = { pending: 0, paid: 0, reconciled: 0 };

/** The item counts of each batch named, by status. */
export async function itemCountsOf(db: DbOrTx, batchIds: string[]): Promise<Map<string, ItemCounts>> {
  const counts = new Map<string, ItemCounts>();
  if (batchIds.length === 0) return counts;
  const rows = await db
    .select({ batchId: paymentBatchItems.batchId, status: paymentBatchItems.status, n: count() })
    .from(paymentBatchItems)
    .where(inArray(paymentBatchItems.batchId, batchIds))
    .groupBy(paymentBatchItems.batchId, paymentBatchItems.status);
  for (const row of rows) {
    const of = counts.get(row.batchId) ?? { ...NO_ITEMS };
    of[row.status as PaymentItemStatus] = row.n;
    counts.set(row.batchId, of);
  }
  return counts;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function batchDto(row: BatchRow, counts: ItemCounts = NO_ITEMS): PaymentBatch {
  return {
    id: row.id,
    reference: row.reference,
    month: row.month,
    year: row.year,
    status: row.status,
    allowance_count: row.allowanceCount,
    total: normaliseMoney(row.total),
    item_counts: counts,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    exported_at: iso(row.exportedAt),
    paid_at: iso(row.paidAt),
    paid_date: row.paidDate,
    paid_by: row.paidBy,
    reconciled_at: iso(row.reconciledAt),
  };
}

/** The batch's items in line order, with the allowance's student, period and stage now. */
export async function batchItems(db: DbOrTx, batchId: string): Promise<PaymentBatchItem[]> {
  const rows = await db
    .select({
      id: paymentBatchItems.id,
      allowanceId: paymentBatchItems.allowanceId,
      amount: paymentBatchItems.amount,
      reference: paymentBatchItems.reference,
      status: paymentBatchItems.status,
      studentId: allowances.studentId,
      allowanceName: allowances.studentName,
      studentName: students.fullName,
      nrc: students.nrcNumber,
      month: allowances.month,
      year: allowances.year,
      stage: allowances.approvalStage,
      channel: paymentBatchItems.channel,
      paymentChannelId: paymentBatchItems.paymentChannelId,
      transactionId: paymentBatchItems.transactionId,
    })
    .from(paymentBatchItems)
    .innerJoin(allowances, eq(allowances.id, paymentBatchItems.allowanceId))
    .leftJoin(students, eq(students.id, allowances.studentId))
    .where(eq(paymentBatchItems.batchId, batchId))
    .orderBy(asc(paymentBatchItems.line));
  // Items batched before channels existed show the student's primary channel now.
  const channels = await primaryChannelSummaries(
    db,
    rows.filter((r) => !r.paymentChannelId).map((r) => r.studentId),
  );
  const paidTo = await channelSummaries(
    db,
    rows.map((r) => r.paymentChannelId),
  );
  const attempts = await latestPayouts(db, batchId);
  return rows.map((r) => ({
    id: r.id,
    allowance_id: r.allowanceId,
    student_id: r.studentId,
    student_name: r.studentName ?? r.allowanceName,
    nrc_number: r.nrc,
    month: r.month,
    year: r.year,
    amount: normaliseMoney(r.amount),
    reference: r.reference,
    status: r.status,
    approval_stage: r.stage,
    payment_channel:
      (r.paymentChannelId ? paidTo.get(r.paymentChannelId) : channels.get(r.studentId)) ?? null,
    channel: r.channel,
    transaction_id: r.transactionId,
    payout: attempts.get(r.id) ?? null,
  }));
}

/** The batch, or 404; `lock` takes its row for the transaction (every change to a batch does first). */
export async function findBatch(db: DbOrTx, id: string, lock = false): Promise<BatchRow> {
  if (!isUuid(id)) throw notFound(M.notFound);
  const query = db.select().from(paymentBatches).where(eq(paymentBatches.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * The batch's items still pending that also meet `conditions`, with their students' names, in
 * line order: what a follow-up batch or a payout run looks through.
 */
export function pendingItemsOf(db: DbOrTx, batchId: string, ...conditions: SQL[]) {
  const i = paymentBatchItems;
  return db
    .select({ item: i, studentName: students.fullName })
    .from(i)
    .innerJoin(students, eq(students.id, i.studentId))
    .where(and(eq(i.batchId, batchId), eq(i.status, 'pending'), ...conditions))
    .orderBy(asc(i.line));
}

const audit = areaAudit('payment_batch', 'payment_batch');

/**
 * Records a part of the batch going out (the bank's file, a wallet part's portal file, its payouts
 * sent): an open batch is marked exported, as the status check needs the moment it went out, and
 * the audit entry `action` gives the batch's status before and after, with `after`'s details.
 */
export async function recordBatchSent(
  tx: DbOrTx,
  user: SessionUser,
  batch: BatchRow,
  now: Date,
  action: string,
  summary: string,
  after: Record<string, unknown> = {},
): Promise<void> {
  if (batch.status === 'open')
    await tx
      .update(paymentBatches)
      .set({ status: 'exported', exportedAt: now, updatedAt: now })
      .where(eq(paymentBatches.id, batch.id));
  const status = batch.status === 'open' ? 'exported' : batch.status;
  await audit(tx, user, now, batch.id, action, summary, { status: batch.status }, { status, ...after });
}

export async function batchDetail(
  db: DbOrTx,
  id: string,
  operators?: PayoutOperators,
): Promise<PaymentBatchDetail> {
  const row = await findBatch(db, id);
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const counts = await itemCountsOf(db, [row.id]);
  const parts = await batchParts(db, row.id, operators);
  const held = await batchHeld(db, row.id);
  const items = await batchItems(db, row.id);
  const mismatches = await batchMismatches(db, row.id);
  const reconciliation = await batchReconciliation(db, row.id);
  return { ...batchDto(row, counts.get(row.id)), parts, held, items, mismatches, reconciliation };
}

/** The batch's mismatches: open ones first, each group in the order they were found. */
export async function batchMismatches(db: DbOrTx, batchId: string): Promise<BatchMismatch[]> {
  const m = paymentBatchMismatches;
  const rows = await db
    .select()
    .from(m)
    .where(eq(m.batchId, batchId))
    .orderBy(sql`${m.resolvedAt} is not null`, asc(m.foundAt), asc(m.rows), asc(m.reference));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    reference: r.reference,
    ...(r.expectedAmount === null ? {} : { expected_amount: normaliseMoney(r.expectedAmount) }),
    ...(r.paidAmount === null ? {} : { paid_amount: normaliseMoney(r.paidAmount) }),
    ...(r.studentName === null ? {} : { student_name: r.studentName }),
    ...(r.rows.length > 0 ? { rows: r.rows } : {}),
    found_at: r.foundAt.toISOString(),
    resolved_at: iso(r.resolvedAt),
    resolved_by: r.resolvedBy,
    resolution_note: r.resolutionNote,
  }));
}

/**
 * Of the batch's item references, those an operator's statement shows with a status that
 * contradicts ours, not resolved yet (docs/decisions/014): such a payment is neither tried again
 * nor moved until a person has found out, since the operator may have paid it already.
 */
export async function inStatusConflict(
  db: DbOrTx,
  batchId: string,
  references: string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const m = paymentBatchMismatches;
  const rows = await db
    .select({ key: m.referenceKey })
    .from(m)
    .where(
      and(
        eq(m.batchId, batchId),
        eq(m.kind, 'status_conflict'),
        isNull(m.resolvedAt),
        inArray(m.referenceKey, references.map(referenceKey)),
      ),
    );
  const open = new Set(rows.map((r) => r.key));
  return new Set(references.filter((r) => open.has(referenceKey(r))));
}

/** Allowances already in a batch, with that batch's reference. */
export async function batchedAllowances(db: DbOrTx, allowanceIds: string[]): Promise<Map<string, string>> {
  if (allowanceIds.length === 0) return new Map();
  const rows = await db
    .select({ allowanceId: paymentBatchItems.allowanceId, reference: paymentBatches.reference })
    .from(paymentBatchItems)
    .innerJoin(paymentBatches, eq(paymentBatches.id, paymentBatchItems.batchId))
    .where(and(sql`${paymentBatchItems.allowanceId} = any(${sql.param(allowanceIds)}::uuid[])`));
  return new Map(rows.map((r) => [r.allowanceId, r.reference]));
}

/** The next number of the period, never given before (the row also makes two creations take turns). */
export async function nextNumber(tx: DbOrTx, period: string): Promise<number> {
  const [row] = await tx
    .insert(paymentBatchNumbers)
    .values({ period, last: 1 })
    .onConflictDoUpdate({
      target: paymentBatchNumbers.period,
      set: { last: sql`${paymentBatchNumbers.last} + 1` },
    })
    .returning({ last: paymentBatchNumbers.last });
  return row!.last;
}
