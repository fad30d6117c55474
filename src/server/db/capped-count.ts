import { type SQLWrapper, sql } from 'drizzle-orm';
import { capCount, type MatchCount, SEARCH_COUNT_CAP } from '../../domain/search';
import type { DbOrTx } from './client';

/*
 * How many rows a list's filters match, for its pager. A search stops counting after
 * SEARCH_COUNT_CAP + 1 matches (D17: "1,000+"): a term found in most records (an email domain, an
 * institution) then costs about what a narrow one does, where counting every match read them all
 * (10-90 ms on 50,000 students). A list without a search keeps its exact count.
 */

/** A select of the matching rows (Drizzle's builder, no order or limit): only its rows are counted. */
type MatchesSelect = SQLWrapper & { limit(limit: number): SQLWrapper };

/**
 * The select counting the matches: `select count(*) from (<matches> limit 1001) matches` for a
 * search, without the limit otherwise. A builder, so that a caller running statements with
 * placeholders (runWithValues) can prepare it.
 */
export function countSelect(db: DbOrTx, matches: MatchesSelect, searched: boolean) {
  const rows = searched ? matches.limit(SEARCH_COUNT_CAP + 1) : matches;
  return db.select({ n: sql<number>`count(*)::int`.as('n') }).from(sql`${rows} as matches`);
}

/** A count as countSelect gives it, read: past the cap (searches only) it is the cap, capped. */
export function matchCountOf(counted: number, searched: boolean): MatchCount {
  return searched ? capCount(counted) : { total: counted, capped: false };
}

/**
 * How many rows `matches` finds; capped when `searched` (the list's search box holds text).
 * Pass a select of a constant (`db.select({ one: sql`1` }).from(...).where(...)`): the count
 * needs no columns.
 */
export async function countMatches(
  db: DbOrTx,
  matches: MatchesSelect,
  searched: boolean,
): Promise<MatchCount> {
  const [row] = await countSelect(db, matches, searched);
  return matchCountOf(Number(row?.n ?? 0), searched);
}
