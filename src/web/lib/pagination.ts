/** Paging arithmetic shared by every paged list, so all lists count pages and word ranges alike. */

/** How many pages `total` records fill at `pageSize` a page; an empty list still has page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 'Showing 26–50 of 140' for page 2 of 25; 'Showing 0 of N' when the page holds nothing. */
export function showingRange(page: number, pageSize: number, total: number): string {
  const first = (page - 1) * pageSize + 1;
  if (total <= 0 || first > total) return `Showing 0 of ${Math.max(total, 0)}`;
  const last = Math.min(page * pageSize, total);
  return `Showing ${first}–${last} of ${total}`;
}
