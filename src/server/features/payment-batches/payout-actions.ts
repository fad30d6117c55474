import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type {
  BatchSkip,
  PaymentBatchDetail,
  ResolvePayoutRequest,
  SendPayoutsRequest,
  SendPayoutsResponse,
} from '../../../contracts/payment-batches';
import { channelHoldReason, WALLET_PROVIDER_LABELS } from '../../../domain/payment-channels';
import { PAYOUT_MESSAGES as P } from '../../../domain/payouts';
import { plural } from '../../../domain/plural';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { paymentBatchItems, paymentChannels, payouts } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { usableChannels } from './batch-parts';
import { batchDetail, findBatch, inStatusConflict, pendingItemsOf, recordBatchSent } from './batch-records';
import { recordSuccess, recordUnpaid } from './payout-outcome';
import { payoutReference } from './payout-records';

/*
 * What a person does with a batch's wallet parts (issue 49 items 5 and 6): Send (queues one payout
 * per item; the engine sends them), retry a failed one (a new attempt, a new reference), resolve an
 * unknown one by hand, move failed ones to a follow-up batch. Admins only, like Mark as Paid (the
 * router's door). Each is one transaction that first locks the batch, with its audit entry.
 */

const audit = areaAudit('payment_batch', 'payment_batch');

/** A wallet channel's row, or null when the item names none. */
async function channelRow(tx: Tx, id: string | null) {
  if (!id) return null;
  const [row] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, id));
  return row ?? null;
}

/**
 * Send to MTN MoMo / Airtel Money: one queued payout for each pending item of that part that has
 * no attempt in this batch yet (a failed one is retried by a person). 409 when the operator is not
 * configured here (its part is exported as a CSV instead) or nothing waits.
 */
export async function sendPayouts(
  deps: AppDeps,
  user: SessionUser,
  batchId: string,
  input: SendPayoutsRequest,
): Promise<SendPayoutsResponse> {
  const now = deps.clock.now();
  const { provider } = input;
  const { queued, skipped } = await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, batchId, true);
    if (!deps.mobileMoney?.[provider]) throw conflict(P.operatorNotConfigured(provider));
    if (batch.status === 'reconciled') throw conflict(P.batchReconciled);
    const i = paymentBatchItems;
    const waiting = await pendingItemsOf(
      tx,
      batch.id,
      eq(i.channel, provider),
      sql`${i.amount} > 0`,
      sql`not exists (select 1 from ${payouts} p where p.item_id = payment_batch_items.id and (p.status <> 'failed' or p.batch_id = ${batch.id}))`,
    );
    const skipped: BatchSkip[] = [];
    const rows: (typeof payouts.$inferInsert)[] = [];
    for (const { item, studentName } of waiting) {
      let channel = await channelRow(tx, item.paymentChannelId);
      let changedAway: string | null = null;
      if (channel?.endedAt) {
        // The wallet was changed since the batch was made (corrected after a failed payout, say):
        // pay the one in use now if it is still this operator's, never the number it replaced.
        const use = (await usableChannels(tx, [item.studentId])).get(item.studentId)!;
        changedAway =
          'reason' in use ? use.reason : use.channel !== provider ? P.retryChannelNotWallet : null;
        channel = changedAway || 'reason' in use ? null : await channelRow(tx, use.paymentChannelId);
        if (channel) await tx.update(i).set({ paymentChannelId: channel.id }).where(eq(i.id, item.id));
      }
      // The wallet's holder check may have changed since the batch was made.
      const held = item.portalExportedAt
        ? P.exportedForPortal
        : channel
          ? channelHoldReason({ kind: channel.kind, name_check: channel.nameCheck })
          : null;
      if (!channel?.walletNumber || held) {
        skipped.push({
          allowance_id: item.allowanceId,
          student_name: studentName,
          reference: item.reference,
          reason: held ?? changedAway ?? P.noUsableChannel,
        });
        continue;
      }
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${payouts.attempt}), 0)::int` })
        .from(payouts)
        .where(eq(payouts.itemId, item.id));
      const attempt = (last?.n ?? 0) + 1;
      rows.push({
        batchId: batch.id,
        itemId: item.id,
        attempt,
        reference: payoutReference(item.id, attempt),
        provider,
        paymentChannelId: channel.id,
        msisdn: channel.walletNumber,
        amount: item.amount,
        startedById: user.id,
        createdAt: now,
        dueAt: now,
        updatedAt: now,
      });
    }
    if (rows.length === 0 && skipped.length === 0) throw conflict(P.nothingToSend(provider));
    if (rows.length > 0) await tx.insert(payouts).values(rows);
    await recordBatchSent(
      tx,
      user,
      batch,
      now,
      'payouts_sent',
      `${user.name} sent ${plural(rows.length, 'payment')} of payment batch ${batch.reference} to ${WALLET_PROVIDER_LABELS[provider]}${skipped.length ? `; ${skipped.length} held` : ''}`,
      {
        payouts: rows.map((r) => r.reference),
        held: skipped.map((s) => `${s.student_name}: ${s.reason}`),
      },
    );
    return { queued: rows.length, skipped };
  });
  return { queued, skipped, batch: await batchDetail(deps.db, batchId, deps.mobileMoney) };
}

/** The batch's payout, or 404. */
async function findPayout(tx: Tx, batchId: string, payoutId: string) {
  const [row] = isUuid(payoutId)
    ? await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.id, payoutId), eq(payouts.batchId, batchId)))
    : [];
  if (!row) throw notFound(P.notFound);
  return row;
}

/**
 * Tries a failed payout again: a new attempt, under a new reference, to the student's primary
 * channel now (corrected, perhaps), which must be a usable wallet of the same operator.
 */
export async function retryPayout(
  deps: AppDeps,
  user: SessionUser,
  batchId: string,
  payoutId: string,
): Promise<PaymentBatchDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, batchId, true);
    const row = await findPayout(tx, batch.id, payoutId);
    if (row.status !== 'failed') throw conflict(P.retryOnlyFailed);
    const [later] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.itemId, row.itemId), sql`${payouts.attempt} > ${row.attempt}`))
      .limit(1);
    if (later) throw conflict(P.retryNotLatest);
    const [item] = await tx.select().from(paymentBatchItems).where(eq(paymentBatchItems.id, row.itemId));
    if (item?.status !== 'pending' || item.batchId !== batch.id) throw conflict(P.retryNotLatest);
    if ((await inStatusConflict(tx, batch.id, [item.reference])).size) throw conflict(P.inStatusConflict);
    const use = (await usableChannels(tx, [item.studentId])).get(item.studentId)!;
    if ('reason' in use) throw conflict(P.retryChannelHeld(use.reason));
    if (use.channel !== row.provider) throw conflict(P.retryChannelNotWallet);
    const channel = (await channelRow(tx, use.paymentChannelId))!;
    const attempt = row.attempt + 1;
    const reference = payoutReference(item.id, attempt);
    await tx
      .update(paymentBatchItems)
      .set({ paymentChannelId: channel.id })
      .where(eq(paymentBatchItems.id, item.id));
    await tx.insert(payouts).values({
      batchId: batch.id,
      itemId: item.id,
      attempt,
      reference,
      provider: row.provider,
      paymentChannelId: channel.id,
      msisdn: channel.walletNumber!,
      amount: item.amount,
      startedById: user.id,
      createdAt: now,
      dueAt: now,
      updatedAt: now,
    });
    await audit(
      tx,
      user,
      now,
      batch.id,
      'payout_retried',
      `${user.name} tried the ${WALLET_PROVIDER_LABELS[row.provider]} payment of ${item.reference} again (attempt ${attempt})`,
      { payout: row.reference, payout_status: 'failed', reason: row.reason },
      { payout: reference, payout_status: 'queued' },
    );
  });
  return batchDetail(deps.db, batchId, deps.mobileMoney);
}

/** Settles an ambiguous payout by hand: paid (with the operator's transaction id) or failed, with a note. */
export async function resolvePayout(
  deps: AppDeps,
  user: SessionUser,
  batchId: string,
  payoutId: string,
  input: ResolvePayoutRequest,
): Promise<PaymentBatchDetail> {
  const batch = await findBatch(deps.db, batchId);
  const row = await deps.db.transaction((tx) => findPayout(tx, batch.id, payoutId));
  if (row.status !== 'ambiguous') throw conflict(P.resolveOnlyAmbiguous);
  const by = { actor: { id: user.id, name: user.name }, note: input.note };
  const stillAmbiguous = eq(payouts.status, 'ambiguous');
  const done =
    input.outcome === 'successful'
      ? await recordSuccess(deps, row, stillAmbiguous, input.transaction_id!, by)
      : await recordUnpaid(deps, row, stillAmbiguous, 'failed', row.reason ?? 'Unknown outcome', by);
  if (!done) throw conflict(P.resolveOnlyAmbiguous);
  return batchDetail(deps.db, batchId, deps.mobileMoney);
}
