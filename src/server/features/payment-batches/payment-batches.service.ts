import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import {
  type BatchPreview,
  type BatchSkip,
  type CreatePaymentBatchInput,
  MISSING_NRC_CODE,
  PAYMENT_EXPORT_COLUMNS,
  type PaymentBatchCreated,
  type PaymentBatchDetail,
  paymentExportFilename,
} from '../../../contracts/payment-batches';
import { toCsv } from '../../../csv/to-csv';
import { monthNumber } from '../../../domain/allowance-rows';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import type { Month } from '../../../domain/dates';
import { formatZmw, normaliseMoney, parseMoney, sumMoney, toMoneyString } from '../../../domain/money';
import {
  batchReference,
  canDeleteBatch,
  itemReference,
  itemsWithoutNrc,
  PAYMENT_BATCH_MESSAGES as M,
  PAYMENT_BATCH_MAX_ITEMS,
} from '../../../domain/payment-batches';
import { PAYMENT_PART_LABELS, PAYOUT_MESSAGES } from '../../../domain/payouts';
import { plural } from '../../../domain/plural';
import type { AppDeps, SessionUser } from '../../app-env';
import { insertByArrays } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { answeringConstraints } from '../../db/constraint-errors';
import { allowances, paymentBatches, paymentBatchHeld, paymentBatchItems, payouts } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import type { PageQuery } from '../../http/paging';
import { programmeDate } from '../../programme-time';
import { areaAudit } from '../audit/audit.service';
import { batchPage } from './batch-page';
import { partsOf, splitByChannel } from './batch-parts';
import {
  batchDetail,
  batchedAllowances,
  batchItems,
  findBatch,
  nextNumber,
  recordBatchSent,
} from './batch-records';

export { markBatchPaid, reconcileBatch, resolveMismatch } from './batch-settlement';
export { followUpBatch } from './follow-up-batch';
export { importOperatorStatement } from './operator-statement';
export { resolvePayout, retryPayout, sendPayouts } from './payout-actions';
export { exportWalletPart } from './wallet-export';

/*
 * Payment Batches (docs/product.md D20), admins only (the router's door): approved allowances
 * gathered for one bank transfer, exported for the bank, paid, and reconciled against the bank's
 * statement (batch-settlement.ts). Every change is one transaction with its audit entry (D15).
 */

const audit = areaAudit('payment_batch', 'payment_batch');

/** The largest total numeric(14,2) holds, in ngwee. */
const TOTAL_MAX = 99_999_999_999_999n;

/** Approved, and in no batch. */
const batchable = and(
  eq(allowances.approvalStage, 'approved'),
  notExists(sql`(select 1 from ${paymentBatchItems} i where i.allowance_id = ${allowances.id})`),
);

const ofMonth = (month: Month, year: number) =>
  and(eq(allowances.year, year), eq(allowances.monthNumber, monthNumber(month)));

/**
 * What a month's batch would hold now, for the dialog to show before it is made: per channel, and
 * the allowances that would be held for want of a usable channel, with why.
 */
export async function previewBatch(deps: AppDeps, month: Month, year: number): Promise<BatchPreview> {
  const rows = await deps.db
    .select(candidateColumns)
    .from(allowances)
    .where(and(batchable, ofMonth(month, year)))
    .orderBy(asc(allowances.studentName), asc(allowances.id))
    .limit(PAYMENT_BATCH_MAX_ITEMS + 1);
  const { placed, held } = await splitByChannel(deps.db, rows);
  const total = sumMoney(placed.map((c) => parseMoney(c.total) ?? 0n));
  return {
    month,
    year,
    allowance_count: placed.length,
    total: normaliseMoney(toMoneyString(total)),
    parts: partsOf(placed),
    held,
  };
}

/** A page of payment batches, newest first (batch-page.ts). */
export const listBatches = (deps: AppDeps, query: PageQuery) => batchPage(deps.db, query);

export const getBatch = (deps: AppDeps, id: string): Promise<PaymentBatchDetail> =>
  batchDetail(deps.db, id, deps.mobileMoney);

const candidateColumns = {
  id: allowances.id,
  total: allowances.total,
  studentName: allowances.studentName,
  studentId: allowances.studentId,
  year: allowances.year,
  monthNumber: allowances.monthNumber,
};

interface Candidate {
  id: string;
  total: string;
  studentName: string;
  studentId: string;
  year: number;
  monthNumber: number;
}

/** The selection's allowances that may be batched, and why each other one may not. */
async function selectionCandidates(
  tx: DbOrTx,
  ids: string[],
): Promise<{ candidates: Candidate[]; skipped: BatchSkip[] }> {
  const wanted = [...new Set(ids)];
  const wellFormed = wanted.filter(isUuid);
  const rows = wellFormed.length
    ? await tx
        .select({ ...candidateColumns, stage: allowances.approvalStage })
        .from(allowances)
        .where(sql`${allowances.id} = any(${sql.param(wellFormed)}::uuid[])`)
        .orderBy(
          asc(allowances.studentName),
          asc(allowances.year),
          asc(allowances.monthNumber),
          asc(allowances.id),
        )
        .for('share')
    : [];
  const batched = await batchedAllowances(
    tx,
    rows.map((r) => r.id),
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const skipped: BatchSkip[] = [];
  for (const id of wanted) {
    const row = found.get(id);
    if (!row)
      skipped.push({ allowance_id: id, student_name: null, reference: null, reason: M.notFoundAllowance });
    else if (batched.has(id))
      skipped.push({
        allowance_id: id,
        student_name: row.studentName,
        reference: batched.get(id)!,
        reason: M.alreadyBatched(batched.get(id)!),
      });
    else if (row.stage !== 'approved')
      skipped.push({
        allowance_id: id,
        student_name: row.studentName,
        reference: null,
        reason: M.notApprovedToBatch(APPROVAL_STAGE_LABELS[row.stage]),
      });
  }
  const candidates = rows.filter((r) => r.stage === 'approved' && !batched.has(r.id));
  return { candidates, skipped };
}

async function monthCandidates(tx: DbOrTx, month: Month, year: number): Promise<Candidate[]> {
  const rows = await tx
    .select(candidateColumns)
    .from(allowances)
    .where(and(batchable, ofMonth(month, year)))
    .orderBy(asc(allowances.studentName), asc(allowances.id))
    .limit(PAYMENT_BATCH_MAX_ITEMS + 1)
    .for('share');
  if (rows.length > PAYMENT_BATCH_MAX_ITEMS) {
    const [all] = await tx
      .select({ n: count() })
      .from(allowances)
      .where(and(batchable, ofMonth(month, year)));
    throw conflict(M.tooMany(all?.n ?? rows.length));
  }
  return rows;
}

/**
 * New Payment Batch: the approved allowances of a month that are in no batch, or those of a
 * selection (the rest are listed as skipped). 409 when none qualify. The batch's total and count
 * are written by the database from its items.
 */
export async function createBatch(
  deps: AppDeps,
  user: SessionUser,
  input: CreatePaymentBatchInput,
): Promise<PaymentBatchCreated> {
  const now = deps.clock.now();
  const byMonth = input.month !== undefined && input.year !== undefined;
  const [todayYear, todayMonth] = programmeDate(now).split('-').map(Number) as [number, number];
  const year = byMonth ? input.year! : todayYear;
  const monthNo = byMonth ? monthNumber(input.month!) : todayMonth;
  const what = byMonth ? `for ${input.month} ${input.year}` : 'in this selection';

  const { id, skipped } = await answeringConstraints(
    {
      unique: {
        payment_batch_items_allowance_key: M.takenMeanwhile,
        payment_batch_items_student_month_key: M.takenMeanwhile,
      },
    },
    () =>
      deps.db.transaction(async (tx) => {
        const sequence = await nextNumber(tx, `${year}-${String(monthNo).padStart(2, '0')}`);
        const chosen = byMonth
          ? { candidates: await monthCandidates(tx, input.month!, input.year!), skipped: [] }
          : await selectionCandidates(tx, input.allowance_ids!);
        const { skipped } = chosen;
        if (chosen.candidates.length === 0) throw conflict(M.noneQualify(what));
        // Split by channel; those without a usable one are held, listed on the batch with why.
        const { placed: candidates, held } = await splitByChannel(tx, chosen.candidates);
        if (candidates.length === 0) throw conflict(PAYOUT_MESSAGES.allHeld(held.length));
        const total = sumMoney(candidates.map((c) => parseMoney(c.total) ?? TOTAL_MAX + 1n));
        if (total > TOTAL_MAX) throw conflict(M.totalTooLarge);

        const reference = batchReference(year, monthNo, sequence);
        const [batch] = await tx
          .insert(paymentBatches)
          .values({
            reference,
            month: byMonth ? input.month! : null,
            year: byMonth ? input.year! : null,
            createdBy: user.name,
            createdById: user.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: paymentBatches.id });
        await insertByArrays(
          tx,
          paymentBatchItems,
          candidates.map((c, i) => ({
            batchId: batch!.id,
            allowanceId: c.id,
            line: i + 1,
            amount: c.total,
            reference: itemReference(reference, i + 1),
            studentId: c.studentId,
            year: c.year,
            monthNumber: c.monthNumber,
            channel: c.channel,
            paymentChannelId: c.paymentChannelId,
          })),
        );
        if (held.length > 0)
          await tx.insert(paymentBatchHeld).values(
            held.map((h) => ({
              batchId: batch!.id,
              allowanceId: h.allowance_id,
              studentName: h.student_name,
              amount: h.amount,
              reason: h.reason,
            })),
          );
        const parts = partsOf(candidates);
        await audit(
          tx,
          user,
          now,
          batch!.id,
          'created',
          `${user.name} created payment batch ${reference} ${what}: ${plural(candidates.length, 'allowance')}, ${formatZmw(toMoneyString(total))} (${parts.map((p) => `${PAYMENT_PART_LABELS[p.channel]} ${p.allowance_count}`).join(', ')})${held.length ? `; ${held.length} held without a usable payment channel` : ''}`,
          null,
          {
            reference,
            month: byMonth ? input.month : null,
            year: byMonth ? input.year : null,
            allowance_count: candidates.length,
            total: toMoneyString(total),
            parts: parts.map((p) => `${p.channel}: ${p.allowance_count}, ${p.total}`),
            held: held.map((h) => `${h.student_name}: ${h.reason}`),
          },
        );
        return { id: batch!.id, skipped };
      }),
  );
  return { ...(await batchDetail(deps.db, id, deps.mobileMoney)), skipped };
}

/** A batch not paid yet is deleted; its allowances may go into another batch. */
export async function deleteBatch(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, id, true);
    if (!canDeleteBatch(batch.status)) throw conflict(M.deleteOnlyUnpaid);
    // Its payouts keep their items (restrict): once anything was sent, the batch is the record.
    const [sent] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.batchId, batch.id))
      .limit(1);
    if (sent) throw conflict(PAYOUT_MESSAGES.deleteAfterSend);
    await tx.delete(paymentBatches).where(eq(paymentBatches.id, batch.id));
    await audit(
      tx,
      user,
      now,
      batch.id,
      'deleted',
      `${user.name} deleted payment batch ${batch.reference} (${plural(batch.allowanceCount, 'allowance')}, ${formatZmw(batch.total)})`,
      {
        reference: batch.reference,
        status: batch.status,
        allowance_count: batch.allowanceCount,
        total: batch.total,
      },
      null,
    );
  });
}

/**
 * The file for the bank: one row per allowance (student, NRC, amount, reference), then the total
 * on a line without a reference (a statement reader skips it). Formulas are written as text
 * (docs/decisions/006). The first export marks an open batch exported. While an allowance has no
 * NRC the file is refused (409 missing_nrc, naming them) unless the caller says to make it anyway.
 */
export async function exportBatch(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  allowMissingNrc = false,
): Promise<{ csv: string; filename: string }> {
  const now = deps.clock.now();
  const detail = await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, id, true);
    // The bank may refuse a payment without an NRC: the file is made only once the user has seen which.
    if (!allowMissingNrc) {
      const items = (await batchItems(tx, batch.id)).filter((item) => item.channel === 'bank');
      const without = itemsWithoutNrc(items);
      if (without.length > 0)
        throw new HttpError(
          409,
          `${M.missingNrc(without.length, items.length)} Without NRC: ${without.map((i) => i.student_name).join(', ')}.`,
          { code: MISSING_NRC_CODE },
        );
    }
    if (batch.status === 'open') {
      const summary = `${user.name} exported payment batch ${batch.reference} for the bank`;
      await recordBatchSent(tx, user, batch, now, 'exported', summary);
    }
    return batchDetail(tx, batch.id);
  });
  // The bank's file holds the bank part only; a wallet part has its own (wallet-export.ts).
  const bankItems = detail.items.filter((item) => item.channel === 'bank');
  const bankTotal = toMoneyString(sumMoney(bankItems.map((item) => parseMoney(item.amount) ?? 0n)));
  const n = bankItems.length;
  const rows: unknown[][] = bankItems.map((item) => [
    item.student_name,
    item.nrc_number ?? '',
    item.amount,
    item.reference,
  ]);
  rows.push([`Total (${n} ${n === 1 ? 'payment' : 'payments'})`, '', bankTotal, '']);
  return { csv: toCsv([...PAYMENT_EXPORT_COLUMNS], rows), filename: paymentExportFilename(detail.reference) };
}
