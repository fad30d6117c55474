import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../contracts/common';
import { YEARBOOK_MESSAGES as M, type YearbookStatus, yearbookVisibleTo } from '../../../domain/yearbook';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { runWithValues } from '../../db/prepared';
import { yearbooks } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { notFound } from '../../http/errors';
import type { PageQuery } from '../../http/paging';

/*
 * What the yearbook's list pages share (entry-list-page.ts, memory-wall-page.ts, graduates-page.ts):
 * each is one statement after the session look-up, answering one row (docs/decisions/002). A list
 * of a yearbook reads the yearbook's status in that same row, where visibleYearbook would have
 * sent a statement of its own, and answers 404 from it as visibleYearbook does.
 */

export type { PageWindow };

/** The yearbook a list is of: the placeholder `yearbookId` of its statement. */
export const listedYearbookId: SQL = sql`${sql.placeholder('yearbookId')}`;

const listedYearbook = alias(yearbooks, 'listed_yearbook');

/** The yearbook's status as a column (null: there is none), its id the placeholder `yearbookId`. */
export const yearbookStatusColumn = sql<YearbookStatus | null>`(select ${listedYearbook.status}
  from ${yearbooks} ${listedYearbook} where ${listedYearbook.id} = ${listedYearbookId})`;

/** A yearbook id that cannot name one answers 404 before any statement, as visibleYearbook does. */
export function requireYearbookId(id: string): void {
  if (!isUuid(id)) throw notFound(M.yearbookNotFound);
}

/** 404 when the yearbook is missing or not the caller's to see (visibleYearbook's answer). */
export function requireVisibleYearbook(user: SessionUser, status: unknown): void {
  if (typeof status !== 'string' || !yearbookVisibleTo(user.role, status as YearbookStatus))
    throw notFound(M.yearbookNotFound);
}

const namedPage = namedPageStatements();

/**
 * Runs a page's statement: the first page of a size in `named.sizes`, of a shape without a search,
 * as the named first page `area_list_page:<key>.<size>` (db/statements-by-shape.ts); any other
 * page planned for its values. `key` comes from a fixed set of shapes.
 */
export async function runListPage(
  db: DbOrTx,
  page: PageQuery,
  named: { key: string; sizes: ReadonlySet<number> } | null,
  build: (db: DbOrTx, window: PageWindow) => { prepare(name: string): unknown },
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const limit = page.pageSize;
  const offset = (page.page - 1) * page.pageSize;
  const all = { ...values, limit, offset };
  const [row] =
    named && offset === 0 && named.sizes.has(limit)
      ? await namedPage(named.key, limit, build)(db, all)
      : await runWithValues(build(db, PLACEHOLDERS), all);
  return row ?? {};
}
