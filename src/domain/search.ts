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
