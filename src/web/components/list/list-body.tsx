import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card, EmptyState, Skeleton } from '../ui';
import { ListError } from './list-error';
import type { PagedQuery } from './paged-query';
import { QueryPager } from './pager';

/** How a list that could not be loaded is named, and the reason read from its error. */
export interface ListFailure {
  title: string;
  message: (error: unknown) => string;
}

/** A table of records (a `DataTable` or the page's own) with the pager under it, in one card. */
export function ListTable<T>({
  query,
  onPage,
  children,
}: {
  query: PagedQuery<T>;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <Card>
      {children}
      <QueryPager query={query} onPage={onPage} />
    </Card>
  );
}

const LAYOUTS = {
  grid: 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3',
  stack: 'space-y-4',
} as const;

/**
 * One page of records as cards (a grid, or a stack of wide cards): skeletons until the first page
 * arrives, the previous page faded while the next loads, the error with Retry when there is
 * nothing to show, the page's own words when nothing matches, and the pager. `table` (the List
 * view) stands in for the cards.
 */
export function CardList<T>({
  label,
  listLabel,
  query,
  onPage,
  failure,
  empty,
  layout,
  skeletonClassName,
  itemKey,
  renderItem,
  table,
}: {
  /** Names the whole list for screen readers ('Events'). */
  label: string;
  /** Names the cards ('Event list'). */
  listLabel: string;
  query: PagedQuery<T>;
  onPage: (page: number) => void;
  failure: ListFailure;
  empty: { title: string; icon?: LucideIcon };
  layout: keyof typeof LAYOUTS;
  /** A placeholder card's height ('h-80'). */
  skeletonClassName: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  table?: ReactNode;
}) {
  const data = query.data;
  return (
    <section aria-label={label} aria-busy={query.isFetching || undefined} className="space-y-4">
      {table ? (
        <Card>{table}</Card>
      ) : query.isError && !data ? (
        <Card>
          <ListError
            title={failure.title}
            message={failure.message(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : !data ? (
        <div className={LAYOUTS[layout]}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className={cn('w-full rounded-xl', skeletonClassName)} />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState icon={empty.icon} title={empty.title} />
        </Card>
      ) : (
        <ul aria-label={listLabel} className={cn(LAYOUTS[layout], query.isPlaceholderData && 'opacity-60')}>
          {data.items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {data && data.total > 0 && (
        <Card>
          <QueryPager query={query} onPage={onPage} />
        </Card>
      )}
    </section>
  );
}
