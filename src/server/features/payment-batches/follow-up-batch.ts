import { eq, sql } from 'drizzle-orm';
import type { BatchSkip, FollowUpResponse } from '../../../contracts/payment-batches';
import { monthNumber } from '../../../domain/allowance-rows';
import { batchReference, itemReference } from '../../../domain/payment-batches';
import { PAYOUT_MESSAGES as P } from '../../../domain/payouts';
import { plural } from '../../../domain/plural';
import type { AppDeps, SessionUser } from '../../app-env';
import { paymentBatches, paymentBatchItems, payouts } from '../../db/schema';
import { conflict } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { areaAudit } from '../audit/audit.service';
import { usableChannels } from './batch-parts';
import { batchDetail, findBatch, inStatusConflict, nextNumber, pendingItemsOf } from './batch-records';

const audit = areaAudit('payment_batch', 'payment_batch');

/**
 * Moves the items whose last payout failed into a new batch of the same month, each placed on its
 * student's usable channel now (which may be another operator or the bank). Their attempts stay
 * recorded against this batch; one without a usable channel now stays here, listed.
 */
export async function followUpBatch(
  deps: AppDeps,
  user: SessionUser,
  batchId: string,
): Promise<FollowUpResponse> {
  const now = deps.clock.now();
  const { id, skipped } = await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, batchId, true);
    const i = paymentBatchItems;
    const failed = await pendingItemsOf(
      tx,
      batch.id,
      sql`exists (select 1 from ${payouts} p where p.item_id = payment_batch_items.id)`,
      sql`not exists (select 1 from ${payouts} p where p.item_id = payment_batch_items.id and p.status <> 'failed')`,
    );
    const usable = await usableChannels(
      tx,
      failed.map((f) => f.item.studentId),
    );
    const disputed = await inStatusConflict(
      tx,
      batch.id,
      failed.map((f) => f.item.reference),
    );
    const skipped: BatchSkip[] = [];
    const moving = failed.flatMap(({ item, studentName }) => {
      const use = usable.get(item.studentId)!;
      const reason = disputed.has(item.reference) ? P.inStatusConflict : 'reason' in use ? use.reason : null;
      if (!reason && !('reason' in use)) return [{ item, use }];
      skipped.push({
        allowance_id: item.allowanceId,
        student_name: studentName,
        reference: item.reference,
        reason: reason!,
      });
      return [];
    });
    if (moving.length === 0) throw conflict(skipped.length ? skipped[0]!.reason : P.nothingToFollowUp);
    // The same month as the batch it follows; a selection's follow-up is numbered in this month.
    const [todayYear, todayMonth] = programmeDate(now).split('-').map(Number) as [number, number];
    const year = batch.year ?? todayYear;
    const monthNo = batch.month ? monthNumber(batch.month) : todayMonth;
    const sequence = await nextNumber(tx, `${year}-${String(monthNo).padStart(2, '0')}`);
    const reference = batchReference(year, monthNo, sequence);
    const [created] = await tx
      .insert(paymentBatches)
      .values({
        reference,
        month: batch.month,
        year: batch.year,
        createdBy: user.name,
        createdById: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: paymentBatches.id });
    for (const [n, { item, use }] of moving.entries())
      await tx
        .update(i)
        .set({
          batchId: created!.id,
          line: n + 1,
          reference: itemReference(reference, n + 1),
          channel: use.channel,
          paymentChannelId: use.paymentChannelId,
        })
        .where(eq(i.id, item.id));
    const moved = moving.map((m) => m.item.reference);
    await audit(
      tx,
      user,
      now,
      batch.id,
      'followed_up',
      `${user.name} moved ${plural(moving.length, 'failed payment')} of payment batch ${batch.reference} to ${reference}`,
      { payments: moved },
      { follow_up: reference },
    );
    await audit(
      tx,
      user,
      now,
      created!.id,
      'created',
      `${user.name} created payment batch ${reference} to follow up ${plural(moving.length, 'failed payment')} of ${batch.reference}`,
      null,
      { reference, follow_up_of: batch.reference, payments: moved },
    );
    return { id: created!.id, skipped };
  });
  return { batch: await batchDetail(deps.db, id, deps.mobileMoney), skipped };
}
