import { formatCount } from '../../domain/search';

/** Paging arithmetic shared by every paged list, so all lists count pages and word ranges alike. */

/** How many pages `total` records fill at `pageSize` a page; an empty list still has page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * 'Showing 26–50 of 140' for page 2 of 25; 'Showing 0 of N' when the page holds nothing. A capped
 * total (a search past 1,000, D17) reads 'of 1,000+', and the page ends where its `shown` rows do.
 */
export function showingRange(
  page: number,
  pageSize: number,
  total: number,
  capped?: { shown: number },
): string {
  const first = (page - 1) * pageSize + 1;
  const of = formatCount(Math.max(total, 0), capped !== undefined);
  if (total <= 0 || first > total || capped?.shown === 0) return `Showing 0 of ${of}`;
  // Past a capped total the page may run on beyond it: its rows say where it ends.
  const last = capped ? first + Math.min(capped.shown, pageSize) - 1 : Math.min(page * pageSize, total);
  return `Showing ${first}–${last} of ${of}`;
}
