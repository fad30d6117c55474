import type { MatchCount } from '../../domain/search';

/** The page a list's query asks for (page and pageSize of PageQuerySchema). */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The rows to read for the page: LIMIT and OFFSET. */
export const pageWindow = ({ page, pageSize }: PageQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * The total a page tells by itself: one that is not full ends the list, so the total is the rows
 * before it and its own. A full page, or an empty one past the first, says nothing: count.
 */
export const totalEndingAt = (rows: number, { page, pageSize }: PageQuery): number | undefined =>
  rows < pageSize && (rows > 0 || page === 1) ? (page - 1) * pageSize + rows : undefined;

/**
 * A list's answer for the page asked for (pagedResponseSchema in contracts/common). `total` is a
 * plain count or a search's capped one (db/capped-count.ts). Past a capped count a page would
 * start after the 1,000th match, where a search no longer pages (D17): it holds nothing.
 */
export const pageOf = <T>(items: T[], total: number | MatchCount, { page, pageSize }: PageQuery) => {
  const count = typeof total === 'number' ? { total, capped: false } : total;
  const beyondCap = count.capped && (page - 1) * pageSize >= count.total;
  return {
    items: beyondCap ? [] : items,
    total: count.total,
    total_capped: count.capped,
    page,
    pageSize,
  };
};
