import { desc, sql } from 'drizzle-orm';
import type { PaymentBatchListResponse } from '../../../contracts/payment-batches';
import type { DbOrTx } from '../../db/client';
import { tallyCount } from '../../db/row-tallies';
import { paymentBatches as b } from '../../db/schema';
import { type PageQuery, pageOf, pageWindow } from '../../http/paging';
import { batchDto, itemCountsOf } from './batch-records';

/*
 * A page of payment batches, newest first, each as batchDto answers it with its items counted by
 * status (one statement for the page's batches), and how many batches there are from the tally
 * kept in row_tallies.
 */
export async function batchPage(db: DbOrTx, query: PageQuery): Promise<PaymentBatchListResponse> {
  const { limit, offset } = pageWindow(query);
  const rows = await db.select().from(b).orderBy(desc(b.createdAt), desc(b.id)).limit(limit).offset(offset);
  const counts = await itemCountsOf(
    db,
    rows.map((r) => r.id),
  );
  const [tally] = await db.select({ n: tallyCount('payment_batches') }).from(sql`(select 1) as one`);
  return pageOf(
    rows.map((r) => batchDto(r, counts.get(r.id))),
    Number(tally?.n ?? 0),
    query,
  );
}
