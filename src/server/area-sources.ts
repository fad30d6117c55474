import { count, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { NotificationItem } from '../contracts/notifications';
import type { SearchItem } from '../contracts/search';
import type { SearchMode } from '../domain/search';
import type { AppDeps, SessionUser } from './app-env';
import type { DbOrTx } from './db/client';

/*
 * What an area plugs into the bell and the top bar's search. An area declares a source in its
 * service file; features/notifications and features/search list the sources, so a new area adds
 * one line there (docs/adding-an-area.md).
 */

/** Whom the bell (or the daily digest) is for: a request's user, or an account the digest reads. */
export type Recipient = Pick<SessionUser, 'id' | 'role'>;

/** What waits for a user in one area: the whole count and the latest items. */
export interface NotificationSource {
  area: string;
  label: string;
  /** Must answer `{ count: 0, items: [] }` for a user who may not act in the area. */
  waitingFor(deps: AppDeps, user: Recipient): Promise<{ count: number; items: NotificationItem[] }>;
  /** The System Settings switch that turns the area off in the bell and the email (D16), if any. */
  switch?: 'allowanceReminders' | 'taskDeadlines' | 'systemUpdates';
  /**
   * What the daily email lists for the area when it differs from the bell (tasks: only those
   * overdue or due today); without it the email lists what the bell does.
   */
  digest?: Pick<NotificationSource, 'label' | 'waitingFor'>;
}

/** How many of an area's waiting records the bell lists; its count says how many wait in all. */
export const BELL_ITEMS = 20;

/**
 * What waits in one area, for a NotificationSource: how many records of `table` are `waiting`,
 * and the first BELL_ITEMS of `inOrder` (the same records, with what their items show, in the
 * bell's order), each made an item by `item`.
 */
export async function waitingRecords<Row>(
  db: DbOrTx,
  table: PgTable,
  waiting: SQL | undefined,
  inOrder: { limit(n: number): PromiseLike<Row[]> },
  item: (row: Row) => NotificationItem,
): Promise<{ count: number; items: NotificationItem[] }> {
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(table).where(waiting),
    inOrder.limit(BELL_ITEMS),
  ]);
  return { count: counted?.n ?? 0, items: rows.map(item) };
}

/** The term as the search matched it: its text and the D17 mode. */
export interface SearchTerm {
  text: string;
  mode: SearchMode;
}

/** One area's part of the top bar's search. */
export interface SearchSource {
  area: string;
  label: string;
  /** Whether the user may read the area at all; the search asks nothing of areas they may not. */
  readableBy(user: SessionUser): boolean;
  /** At most `limit` records in the user's scope, best first. */
  search(deps: AppDeps, user: SessionUser, term: SearchTerm, limit: number): Promise<SearchItem[]>;
}

/** Who asked the top bar's search, for a source whose scope or items depend on them or on the day. */
export interface SearchAsker {
  deps: AppDeps;
  user: SessionUser;
}

type FoundQuery = PgSelect & PromiseLike<{ id: string }[]>;
type FoundRow<Query extends FoundQuery> = Awaited<Query>[number];

/**
 * What is an area's own in its part of the top bar's search; searchSource adds what every area
 * does the same: the scope and the match, best first, at most `limit`, each row an item.
 */
export interface SearchSourceParts<Query extends FoundQuery>
  extends Pick<SearchSource, 'area' | 'label' | 'readableBy'> {
  /**
   * What the item shows (never the whole record), `id` among it, from the area's table and its
   * joins: `db.select({...}).from(table).$dynamic()`.
   */
  rows(db: AppDeps['db']): Query;
  /** The records in the user's scope that the term matches (D11, D17). */
  matching(term: SearchTerm, asker: SearchAsker): SQL | undefined;
  /** Best first: the order of the area's own list. */
  order: readonly (AnyPgColumn | SQL)[];
  /** How a found record reads in the top bar. */
  item(row: FoundRow<Query>, asker: SearchAsker): Pick<SearchItem, 'title' | 'detail'>;
  /** The address that opens it: `opensOn('/tasks')` for a screen that reads `?open=<id>`. */
  opens(row: FoundRow<Query>, asker: SearchAsker): string;
}

/** The address of a screen that opens a record from `?open=<id>`, as the top bar links it. */
export const opensOn =
  (page: string) =>
  (row: { id: string }): string =>
    `${page}?${new URLSearchParams({ open: row.id })}`;

/** An area's SearchSource, from what is its own (docs/adding-an-area.md, row 11). */
export function searchSource<Query extends FoundQuery>(parts: SearchSourceParts<Query>): SearchSource {
  return {
    area: parts.area,
    label: parts.label,
    readableBy: parts.readableBy,
    async search(deps, user, term, limit) {
      const asker = { deps, user };
      const rows: FoundRow<Query>[] = await parts
        .rows(deps.db)
        .where(parts.matching(term, asker))
        .orderBy(...parts.order)
        .limit(limit);
      return rows.map((row) => ({ id: row.id, ...parts.item(row, asker), href: parts.opens(row, asker) }));
    },
  };
}
