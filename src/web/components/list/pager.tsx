import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, showingRange } from '../../lib/pagination';
import { Button } from '../ui';
import type { PagedQuery } from './paged-query';

/** Under a capped list's last page: the pages stop at the 1,000th match (docs/product.md D17). */
export const CAPPED_LAST_PAGE_HINT = 'Narrow the search to see more.';

/**
 * 'Showing 1–25 of N', Previous / Next and 'Page X of Y' under a paged list. A search past 1,000
 * (`capped`) reads 'of 1,000+' and pages up to the 1,000th match, where it says to narrow it.
 */
export function Pager({
  page,
  pageSize,
  total,
  capped,
  onPage,
  busy,
  refreshFailed,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** total is 1,000 standing for more, and `shown` rows are on this page. */
  capped?: { shown: number };
  onPage: (page: number) => void;
  /** The next page is on its way: the buttons wait for it. */
  busy?: boolean;
  /** The list on screen is an older answer: a background refresh failed. */
  refreshFailed?: boolean;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {showingRange(page, pageSize, total, capped)}
        {capped && page >= pages && <span className="ml-2">{CAPPED_LAST_PAGE_HINT}</span>}
        {refreshFailed && <span className="ml-2 text-red-700">Couldn't refresh the list.</span>}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <span className="text-sm text-slate-600 tabular-nums">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** The Pager of a list query, once it has records: the buttons wait while the next page loads. */
export function QueryPager<T>({ query, onPage }: { query: PagedQuery<T>; onPage: (page: number) => void }) {
  const data = query.data;
  if (!data || data.total === 0) return null;
  return (
    <Pager
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      capped={data.total_capped ? { shown: data.items.length } : undefined}
      busy={query.isPlaceholderData}
      refreshFailed={query.isError}
      onPage={onPage}
    />
  );
}
