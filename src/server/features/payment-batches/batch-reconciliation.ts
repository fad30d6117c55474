import { count, eq, sql } from 'drizzle-orm';
import type { BatchReconciliation } from '../../../contracts/payment-batches';
import { parseMoney, toMoneyString } from '../../../domain/money';
import { PAYMENT_PARTS } from '../../../domain/payouts';
import type { DbOrTx } from '../../db/client';
import { paymentBatchHeld, paymentBatchItems } from '../../db/schema';

/*
 * The batch against its statements (issue 49 item 7): per part, matched (a statement showed it
 * paid: the item is reconciled) and unmatched (everything else), and the allowances held out of
 * the batch. Grouped from the items and held rows by the database, summed in ngwee: the parts
 * cannot disagree with the items, so "matched + unmatched + held = the batch" holds to the ngwee.
 */

type Figure = { count: number; amount: string };

const figure = (n: number, ngwee: bigint): Figure => ({ count: n, amount: toMoneyString(ngwee) });
const ngweeOf = (text: string) => parseMoney(text) ?? 0n;

export async function batchReconciliation(db: DbOrTx, batchId: string): Promise<BatchReconciliation> {
  const i = paymentBatchItems;
  const rows = await db
    .select({
      channel: i.channel,
      matched: sql<boolean>`${i.status} = 'reconciled'`,
      n: count(),
      amount: sql<string>`coalesce(sum(${i.amount}), 0)::text`,
    })
    .from(i)
    .where(eq(i.batchId, batchId))
    .groupBy(i.channel, sql`${i.status} = 'reconciled'`);
  const [held] = await db
    .select({ n: count(), amount: sql<string>`coalesce(sum(${paymentBatchHeld.amount}), 0)::text` })
    .from(paymentBatchHeld)
    .where(eq(paymentBatchHeld.batchId, batchId));
  const sums = { matched: { n: 0, ngwee: 0n }, unmatched: { n: 0, ngwee: 0n } };
  const parts = PAYMENT_PARTS.flatMap((channel) => {
    const of = rows.filter((r) => r.channel === channel);
    if (of.length === 0) return [];
    const side = (matched: boolean) => {
      const r = of.find((x) => Boolean(x.matched) === matched);
      const n = r?.n ?? 0;
      const ngwee = r ? ngweeOf(r.amount) : 0n;
      const sum = matched ? sums.matched : sums.unmatched;
      sum.n += n;
      sum.ngwee += ngwee;
      return { n, ngwee };
    };
    const m = side(true);
    const u = side(false);
    return [
      {
        channel,
        matched: figure(m.n, m.ngwee),
        unmatched: figure(u.n, u.ngwee),
        total: figure(m.n + u.n, m.ngwee + u.ngwee),
      },
    ];
  });
  const heldNgwee = ngweeOf(held?.amount ?? '0');
  const heldCount = held?.n ?? 0;
  return {
    parts,
    matched: figure(sums.matched.n, sums.matched.ngwee),
    unmatched: figure(sums.unmatched.n, sums.unmatched.ngwee),
    held: figure(heldCount, heldNgwee),
    total: figure(
      sums.matched.n + sums.unmatched.n + heldCount,
      sums.matched.ngwee + sums.unmatched.ngwee + heldNgwee,
    ),
  };
}
