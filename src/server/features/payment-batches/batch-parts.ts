import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { HeldAllowance, PaymentPart } from '../../../contracts/payment-batches';
import type { ChannelSummary } from '../../../contracts/payment-channels';
import { normaliseMoney } from '../../../domain/money';
import { channelHoldReason, channelShortLabel, maskedNumber } from '../../../domain/payment-channels';
import {
  isWalletPart,
  PAYMENT_PARTS,
  PAYOUT_MESSAGES,
  type PaymentPart as Part,
  partOf,
} from '../../../domain/payouts';
import type { PayoutOperators } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { paymentBatchHeld, paymentBatchItems, paymentChannels, payouts } from '../../db/schema';

/*
 * A batch split by channel (issue 49 item 3, docs/decisions/014): each item names the channel row
 * it pays to; an allowance whose student has no usable channel is held, with why.
 */

type ChannelRow = typeof paymentChannels.$inferSelect;

export interface Placed {
  channel: Part;
  paymentChannelId: string;
}

/** Each student's primary channel in use, if it may be paid now; otherwise why not. */
export async function usableChannels(
  db: DbOrTx,
  studentIds: readonly string[],
): Promise<Map<string, Placed | { reason: string }>> {
  const ids = [...new Set(studentIds)];
  const rows = ids.length
    ? await db
        .select()
        .from(paymentChannels)
        .where(
          and(
            inArray(paymentChannels.studentId, ids),
            eq(paymentChannels.isPrimary, true),
            isNull(paymentChannels.endedAt),
          ),
        )
    : [];
  const byStudent = new Map<string, ChannelRow>(rows.map((r) => [r.studentId, r]));
  const out = new Map<string, Placed | { reason: string }>();
  for (const id of ids) {
    const c = byStudent.get(id);
    const reason = c
      ? channelHoldReason({ kind: c.kind, name_check: c.nameCheck })
      : PAYOUT_MESSAGES.noUsableChannel;
    out.set(
      id,
      reason || !c
        ? { reason: reason ?? PAYOUT_MESSAGES.noUsableChannel }
        : { channel: partOf(c), paymentChannelId: c.id },
    );
  }
  return out;
}

/** Splits candidates into those placed on a channel (in part order, then as given) and those held. */
export async function splitByChannel<
  T extends { id: string; studentId: string; studentName: string; total: string },
>(db: DbOrTx, candidates: T[]): Promise<{ placed: (T & Placed)[]; held: HeldAllowance[] }> {
  const usable = await usableChannels(
    db,
    candidates.map((c) => c.studentId),
  );
  const placed: (T & Placed)[] = [];
  const held: HeldAllowance[] = [];
  for (const c of candidates) {
    const use = usable.get(c.studentId)!;
    if ('reason' in use)
      held.push({
        allowance_id: c.id,
        student_name: c.studentName,
        amount: normaliseMoney(c.total),
        reason: use.reason,
      });
    else placed.push({ ...c, ...use });
  }
  const order = (p: Part) => PAYMENT_PARTS.indexOf(p);
  placed.sort((a, b) => order(a.channel) - order(b.channel));
  return { placed, held };
}

/** Per-part counts and totals of what the candidates would make (the new-batch dialog). */
export function partsOf(placed: { channel: Part; total: string }[]) {
  return PAYMENT_PARTS.flatMap((channel) => {
    const of = placed.filter((p) => p.channel === channel);
    if (of.length === 0) return [];
    const cents = of.reduce((sum, p) => sum + toNgwee(p.total), 0n);
    return [{ channel, allowance_count: of.length, total: fromNgwee(cents) }];
  });
}

const toNgwee = (amount: string) => {
  const [whole, fraction = ''] = normaliseMoney(amount).split('.') as [string, string?];
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};
const fromNgwee = (n: bigint) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;

/**
 * The batch's parts, grouped from its items by the database in one indexed query: they cannot
 * disagree with the items (nor with the batch's kept total, the sum of the same rows), so they
 * need no second kept copy.
 */
export async function batchParts(
  db: DbOrTx,
  batchId: string,
  operators: PayoutOperators | undefined,
): Promise<PaymentPart[]> {
  const i = paymentBatchItems;
  const rows = await db
    .select({
      channel: i.channel,
      n: count(),
      total: sql<string>`coalesce(sum(${i.amount}), 0)::text`,
      // What Send would queue (payout-actions.ts): no attempt here yet, nor a live one anywhere.
      // Named in full: inside the subquery an unqualified "id" would be the payout's.
      unsent: sql<number>`count(*) filter (where ${i.status} = 'pending' and ${i.channel} <> 'bank' and ${i.amount} > 0
        and ${i.portalExportedAt} is null
        and not exists (select 1 from ${payouts} p where p.item_id = payment_batch_items.id
          and (p.status <> 'failed' or p.batch_id = payment_batch_items.batch_id)))::int`,
    })
    .from(i)
    .where(eq(i.batchId, batchId))
    .groupBy(i.channel);
  const byChannel = new Map(rows.map((r) => [r.channel, r]));
  return PAYMENT_PARTS.flatMap((channel) => {
    const r = byChannel.get(channel);
    if (!r) return [];
    return [
      {
        channel,
        allowance_count: r.n,
        total: normaliseMoney(r.total),
        can_send: isWalletPart(channel) && Boolean(operators?.[channel]),
        unsent: r.unsent,
      },
    ];
  });
}

export async function batchHeld(db: DbOrTx, batchId: string): Promise<HeldAllowance[]> {
  const h = paymentBatchHeld;
  const rows = await db.select().from(h).where(eq(h.batchId, batchId)).orderBy(asc(h.studentName), asc(h.id));
  return rows.map((r) => ({
    allowance_id: r.allowanceId,
    student_name: r.studentName,
    amount: normaliseMoney(r.amount),
    reason: r.reason,
  }));
}

/** The channels named, masked, by id (one query). */
export async function channelSummaries(
  db: DbOrTx,
  ids: readonly (string | null)[],
): Promise<Map<string, ChannelSummary>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(paymentChannels).where(inArray(paymentChannels.id, wanted));
  return new Map(
    rows.map((c) => [
      c.id,
      {
        id: c.id,
        kind: c.kind,
        provider: c.provider,
        bank_name: c.bankName,
        masked_number: maskedNumber(c.walletNumber ?? c.accountNumber ?? ''),
        label: channelShortLabel({
          kind: c.kind,
          provider: c.provider,
          bank_name: c.bankName,
          wallet_number: c.walletNumber,
          account_number: c.accountNumber,
        }),
      },
    ]),
  );
}
