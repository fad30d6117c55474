import { createHash } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Payout } from '../../../contracts/payment-batches';
import type { DbOrTx } from '../../db/client';
import { paymentBatchItems, payouts } from '../../db/schema';

/** Reading payouts as the API answers them, and their references. */

export type PayoutRow = typeof payouts.$inferSelect;

/**
 * The fixed namespace of payout references (a UUID v4 chosen once for this programme): never
 * change it, or a retry after the change would carry a new reference and could pay twice.
 */
const PAYOUT_NAMESPACE = '6f1d2c9e-4b7a-4e58-9c3d-2a8b5e0f7c41';

/**
 * The reference of an item's attempt: a UUID v5 (RFC 9562 §5.5, SHA-1 over the namespace and the
 * name) of the item's id and the attempt number. The same attempt always carries the same
 * reference, so the operator refuses a second transfer under it.
 */
export function payoutReference(itemId: string, attempt: number): string {
  const namespace = Buffer.from(PAYOUT_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(`${itemId}/${attempt}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function payoutDto(r: PayoutRow): Payout {
  return {
    id: r.id,
    attempt: r.attempt,
    reference: r.reference,
    provider: r.provider,
    status: r.status,
    operator_transaction_id: r.operatorTransactionId,
    reason: r.reason,
    sent_at: iso(r.sentAt),
    finished_at: iso(r.finishedAt),
    resolved_by: r.resolvedBy,
    resolution_note: r.resolutionNote,
  };
}

/** Each item's latest attempt, by item id (an item moved to a follow-up batch keeps its attempts). */
export async function latestPayouts(db: DbOrTx, batchId: string): Promise<Map<string, Payout>> {
  const items = db
    .select({ id: paymentBatchItems.id })
    .from(paymentBatchItems)
    .where(eq(paymentBatchItems.batchId, batchId));
  const rows = await db
    .selectDistinctOn([payouts.itemId])
    .from(payouts)
    .where(inArray(payouts.itemId, items))
    .orderBy(payouts.itemId, desc(payouts.attempt));
  return new Map(rows.map((r) => [r.itemId, payoutDto(r)]));
}
