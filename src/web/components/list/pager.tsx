import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, showingRange } from '../../lib/pagination';
import { Button } from '../ui';
import type { PagedQuery } from './paged-query';

/** 'Showing 1–25 of N', Previous / Next and 'Page X of Y' under a paged list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy,
  refreshFailed,
}: {
  page: number;
  pageSize: number;
  total: number;
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
        {showingRange(page, pageSize, total)}
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
      busy={query.isPlaceholderData}
      refreshFailed={query.isError}
      onPage={onPage}
    />
  );
}
