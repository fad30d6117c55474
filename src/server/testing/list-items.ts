/**
 * What the tests of a list written by PostgreSQL share (docs/decisions/002, docs/adding-an-area.md):
 * each item held equal to its record's own answer or DTO, field for field and in the same order,
 * each page the one a fresh select orders, and the totals a fresh count.
 */
import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { json } from './factories';
import type { TestContext } from './test-app';
import type { SendAs } from './test-file';

/** A page's keys in the order the API always sent them; an area's figures follow. */
export const PAGE_KEYS = ['items', 'total', 'total_capped', 'page', 'pageSize'] as const;

/**
 * Each item equal to its record (`recordOf`: GET's answer, or the DTO of its row), its keys in the
 * record's order or, given `keys`, in the contract's; `also` checks more of each pair.
 */
export async function expectItemsAreRecords<I, R>(
  items: readonly I[],
  recordOf: (item: I) => Promise<R>,
  options: { keys?: string[]; label?: (item: I) => string; also?: (item: I, record: R) => void } = {},
): Promise<void> {
  for (const item of items) {
    const record = await recordOf(item);
    expect(item, options.label?.(item)).toEqual(record);
    expect(Object.keys(item as object)).toEqual(options.keys ?? Object.keys(record as object));
    options.also?.(item, record);
  }
}

/** The record of an item as GET `path`/{id} answers it to `as`. */
export function answeredBy<R>(send: SendAs, as: string, path: string) {
  return async (item: { id: string }) => json<R>(await send(as, 'GET', `${path}/${item.id}`));
}

/**
 * The list at `path`?`query` as `as` sees it: 200, read by the strict contract (`parse`), its keys
 * (and its tiles', given `countKeys`) in the API's order, each item the record GET answers `as`.
 */
export async function listOfRecords<L extends { items: Array<{ id: string }> }>(
  send: SendAs,
  as: string,
  path: string,
  query: string,
  options: {
    parse: (body: unknown) => L;
    keys: readonly string[];
    countKeys?: string[];
    also?: (item: L['items'][number], record: L['items'][number]) => void;
  },
): Promise<L> {
  const res = await send(as, 'GET', `${path}?${query}`);
  expect(res.status).toBe(200);
  const list = options.parse(await res.json());
  expect(Object.keys(list)).toEqual(options.keys);
  if (options.countKeys)
    expect(Object.keys((list as { counts?: object }).counts ?? {})).toEqual(options.countKeys);
  await expectItemsAreRecords(list.items, answeredBy<L['items'][number]>(send, as, path), {
    also: options.also,
  });
  return list;
}

/** A list's answer as sent: 200 in JSON, its keys in the API's order. */
export async function listAnswer<T extends object>(res: Response, keys: readonly string[], label: string) {
  expect(res.status, label).toBe(200);
  expect(res.headers.get('content-type'), label).toContain('application/json');
  const body = await json<T>(res);
  expect(Object.keys(body), label).toEqual(keys);
  return body;
}

/** The page `body` is of `ids` (all that match, in the list's order), its total theirs. */
export function expectPageOf(
  body: { items: Array<{ id: string }>; page: number; pageSize: number; total: number },
  ids: string[],
  label: string,
) {
  const offset = (body.page - 1) * body.pageSize;
  expect(
    body.items.map((i) => i.id),
    label,
  ).toEqual(ids.slice(offset, offset + body.pageSize));
  expect(body.total, label).toBe(ids.length);
}

/** The ids of `table`'s rows where `where`, in `order` (SQL), the first `limit` if given. */
export async function idsWhere(t: TestContext, table: string, where: SQL, order: string, limit?: number) {
  const { rows } = await t.database.db.execute<{ id: string }>(
    sql`select id from ${sql.identifier(table)} where ${where} order by ${sql.raw(order)}${
      limit === undefined ? sql`` : sql` limit ${limit}`
    }`,
  );
  return rows.map((r) => r.id);
}

/** A fresh count of the rows of `from` (a table, or tables joined) where `where`. */
export async function countWhere(t: TestContext, from: SQL, where: SQL): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${from} where ${where}`,
  );
  return rows[0]!.n;
}
