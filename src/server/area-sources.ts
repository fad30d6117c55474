import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
