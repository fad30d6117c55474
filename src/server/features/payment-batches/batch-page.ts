import { desc, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, jsonObject, onPage, PAGE_ALIAS } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { tallyCount } from '../../db/row-tallies';
import { paymentBatches as b, paymentBatchItems } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import type { PageQuery } from '../../http/paging';

/*
 * A page of payment batches as the list answers it, in one statement after the session look-up
 * (docs/decisions/002): one row holding the page's items as JSON text written by PostgreSQL, each
 * with its items counted by status in a scalar subquery (payment_batch_items_line_key leads with
 * batch_id), and how many batches there are, from the tally kept in row_tallies. The first page of
 * the screen's size is a statement of its own, its LIMIT written in.
 */

/** Payment Batches' page size, also the API's default. */
const SCREEN_PAGE_SIZE = 25;

/** The page's rows are read in a subquery of this name; the items are written from it. */

/** item_counts: {pending, paid, reconciled}, as itemCountsOf gives them (0 for none). */
const itemCounts = sql`(select json_build_object(
    'pending', count(*) filter (where ${qualified(paymentBatchItems.status)} = 'pending'),
    'paid', count(*) filter (where ${qualified(paymentBatchItems.status)} = 'paid'),
    'reconciled', count(*) filter (where ${qualified(paymentBatchItems.status)} = 'reconciled'))
  from ${paymentBatchItems} where ${qualified(paymentBatchItems.batchId)} = ${onPage(b.id)})`;

/** A batch as batchDto (batch-records.ts) answers it, its fields in the same order. */
const ITEM: SQL<string> = jsonObject({
  id: onPage(b.id),
  reference: onPage(b.reference),
  month: onPage(b.month),
  year: onPage(b.year),
  status: onPage(b.status),
  allowance_count: onPage(b.allowanceCount),
  // numeric(14,2) as text has its two decimals, as normaliseMoney writes them.
  total: sql`${onPage(b.total)}::text`,
  item_counts: itemCounts,
  created_by: onPage(b.createdBy),
  created_at: isoTimestamp(onPage(b.createdAt)),
  exported_at: isoTimestamp(onPage(b.exportedAt)),
  paid_at: isoTimestamp(onPage(b.paidAt)),
  paid_date: sql`${onPage(b.paidDate)}::text`,
  paid_by: onPage(b.paidBy),
  reconciled_at: isoTimestamp(onPage(b.reconciledAt)),
});

/** The one statement: the page's rows off the newest-first index, their items, and the tally. */
function pageStatement(db: DbOrTx, window: PageWindow) {
  const page = db
    .select()
    .from(b)
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(window.limit)
    .offset(window.offset)
    .as(PAGE_ALIAS);
  return db
    .select({
      items: itemsArray(ITEM, sql`${onPage(b.createdAt)} desc, ${onPage(b.id)} desc`).as('items'),
      total: tallyCount('payment_batches').as('total'),
    })
    .from(page);
}

const namedFirstPage = namedPageStatements();

/** The list's answer (PaymentBatchListResponse) as JSON text. */
export async function batchPageJson(db: DbOrTx, query: PageQuery): Promise<string> {
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const [row] =
    offset === 0 && limit === SCREEN_PAGE_SIZE
      ? await namedFirstPage('payment_batches', SCREEN_PAGE_SIZE, pageStatement)(db)
      : await runWithValues(pageStatement(db, PLACEHOLDERS), { limit, offset });
  return pageJsonText(String(row?.items ?? '[]'), { total: Number(row?.total ?? 0), capped: false }, query);
}
