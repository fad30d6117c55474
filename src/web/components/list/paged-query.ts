/** What the list kit reads of a TanStack Query answer for one page of a list. */
export interface PagedQuery<T> {
  data?: { items: T[]; total: number; total_capped?: boolean; page: number; pageSize: number };
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A DataTable's rows, busy and error state from a list query: skeletons until the first page
 * arrives, the previous page faded while the next loads, and the error (with Retry) only when
 * there is nothing to show.
 */
export function tableStateOf<T>(
  query: PagedQuery<T>,
  failure: { title: string; message: (error: unknown) => string },
) {
  return {
    rows: query.data?.items,
    busy: query.isFetching,
    dimmed: query.isPlaceholderData,
    error:
      query.isError && !query.data
        ? {
            title: failure.title,
            message: failure.message(query.error),
            onRetry: () => void query.refetch(),
            retrying: query.isFetching,
          }
        : null,
  };
}
