/**
 * How a search term matches (docs/product.md D17): one or two characters match the start of a
 * name or number ("ba" finds Banda, not Mbaya); three or more match anywhere in it.
 */
export type SearchMode = 'prefix' | 'anywhere';

export const SEARCH_TEXT_MAX = 100;

/** Results each area gives the top bar's search: enough to choose from, few enough to read. */
export const SEARCH_RESULTS_PER_AREA = 6;

export function searchMode(term: string): SearchMode {
  return [...term.trim()].length <= 2 ? 'prefix' : 'anywhere';
}

/**
 * A searched list counts its matches up to here and no further (D17): past it the count reads
 * "1,000+", so a broad search costs no more than a narrow one.
 */
export const SEARCH_COUNT_CAP = 1000;

/** How many match: exact, or (capped) more than `total`, which is then SEARCH_COUNT_CAP. */
export interface MatchCount {
  total: number;
  capped: boolean;
}

/** A count taken over at most SEARCH_COUNT_CAP + 1 rows, as a list answers it. */
export function capCount(counted: number): MatchCount {
  return counted > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, capped: true }
    : { total: counted, capped: false };
}

/** A count as the screen shows it: '1,000+' when it is only known to be more than the cap. */
export function formatCount(n: number, capped = false): string {
  return capped ? `${SEARCH_COUNT_CAP.toLocaleString('en-US')}+` : String(n);
}
