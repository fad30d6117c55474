import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type PaymentBatchCreated,
  type PaymentBatchDetail,
  PaymentBatchListResponseSchema,
} from '../../../contracts/payment-batches';
import { MONTHS } from '../../../domain/dates';
import { paymentBatches } from '../../db/schema';
import { json, makeAllowance, makeStudent, upload } from '../../testing/factories';
import { giveChannel } from '../../testing/payment-channel-factory';
import { fileTestContext } from '../../testing/test-file';

/*
 * The list's items are written by PostgreSQL (batch-page.ts), one batch by batchDto: the two must
 * answer the same, field for field, in every state a batch goes through, and the list's total
 * (the tally kept in row_tallies) must be what a fresh count finds.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001'],
  clockAt: new Date('2026-03-16T08:00:00.123Z'),
});
const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: tokens.ADM001, body });

let made = 0;
/** Approved allowances, one per amount, each of its own student, in a month of their own. */
async function approved(amounts: string[]) {
  const month = MONTHS[made % 12]!;
  const ids: string[] = [];
  for (const [i, stipend] of amounts.entries()) {
    const student = await makeStudent(t, { name: `Batched${made}x${i} Zulu` });
    await giveChannel(t, student.id);
    const id = await makeAllowance(t, student, {
      stage: 'approved',
      month,
      monthNumber: MONTHS.indexOf(month) + 1,
      year: 2025,
      stipend,
    });
    ids.push(id);
  }
  made++;
  return { month, year: 2025, ids };
}

async function create(body: unknown): Promise<PaymentBatchCreated> {
  const res = await send('POST', '/api/payment-batches', body);
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1234);
  return json<PaymentBatchCreated>(res);
}

/**
 * A batch as GET /:id answers it, without its items, parts, held list and reconciliation (the list
 * does not carry them).
 */
async function one(id: string) {
  const {
    items: _,
    mismatches: _m,
    parts: _p,
    held: _h,
    reconciliation: _r,
    ...batch
  } = await json<PaymentBatchDetail>(await send('GET', `/api/payment-batches/${id}`));
  return batch;
}

async function list(query: string) {
  const res = await send('GET', `/api/payment-batches?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return PaymentBatchListResponseSchema.strict().parse(await res.json());
}

describe('the payment batches list', () => {
  it('answers each batch as GET does, in every state, with the total a fresh count finds', async () => {
    const open = await create((({ month, year }) => ({ month, year }))(await approved(['1500.5', '200'])));
    const selection = await create({ allowance_ids: (await approved(['99.99'])).ids });
    expect(
      (await send('GET', `/api/payment-batches/${selection.id}/export?allow_missing_nrc=true`)).status,
    ).toBe(200);
    const partly = await create((({ month, year }) => ({ month, year }))(await approved(['700', '800'])));
    // One of its allowances is paid on its own first: the batch pays the other one.
    const single = await send('POST', `/api/allowances/${partly.items[1]!.allowance_id}/pay`, {
      expected_stage: 'approved',
    });
    expect(single.status).toBe(200);
    const paid = await send('POST', `/api/payment-batches/${partly.id}/mark-paid`, {
      paid_date: '2026-03-16',
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const settled = await create((({ month, year }) => ({ month, year }))(await approved(['640', '360'])));
    const statement = settled.items.map((i) => `${i.reference},${i.amount}`).join('\n');
    const reconciled = await upload(
      t,
      `/api/payment-batches/${settled.id}/reconcile`,
      tokens.ADM001,
      's.csv',
      `ref,value\n${statement}`,
    );
    expect(reconciled.status, await reconciled.clone().text()).toBe(200);

    const [fresh] = await t.database.db.select({ n: count() }).from(paymentBatches);
    const page = await list('page=1&pageSize=25');
    expect(page).toMatchObject({ total: fresh!.n, total_capped: false, page: 1, pageSize: 25 });
    expect(page.items.map((b) => b.id)).toEqual([settled.id, partly.id, selection.id, open.id]);
    for (const batch of page.items) expect(batch).toEqual(await one(batch.id));
    expect(page.items.map((b) => [b.status, b.item_counts, b.total, b.month])).toEqual([
      ['reconciled', { pending: 0, paid: 0, reconciled: 2 }, '1000.00', 'April'],
      ['paid', { pending: 1, paid: 1, reconciled: 0 }, '1500.00', 'March'],
      ['exported', { pending: 1, paid: 0, reconciled: 0 }, '99.99', null],
      ['open', { pending: 2, paid: 0, reconciled: 0 }, '1700.50', 'January'],
    ]);

    // Any other page is planned for its values: the same items, paged.
    const pages = [await list('page=1&pageSize=3'), await list('page=2&pageSize=3')];
    expect(pages.flatMap((p) => p.items)).toEqual(page.items);
    expect(pages[1]).toMatchObject({ total: 4, page: 2, pageSize: 3 });

    // A deletion leaves the tally equal to a fresh count.
    expect((await send('DELETE', `/api/payment-batches/${open.id}`)).status).toBe(204);
    const [after] = await t.database.db.select({ n: count() }).from(paymentBatches);
    expect((await list('pageSize=25')).total).toBe(after!.n);
    expect(await list('page=9&pageSize=25')).toEqual({
      items: [],
      total: after!.n,
      total_capped: false,
      page: 9,
      pageSize: 25,
    });
  });
});
