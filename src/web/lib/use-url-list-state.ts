import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type ListStateSchema, parseListState, serialiseListState } from './list-state';
import { pageCount } from './pagination';

/**
 * `state` read from the URL, and `update(changes)` to change it. A change that is not a page
 * change (a new search, filter or sort) goes back to the first page. URL changes replace the
 * history entry, so Back leaves the list rather than stepping through every keystroke.
 */
export function useUrlListState<S extends ListStateSchema>(schema: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(schema, searchParams), [schema, searchParams]);
  // Two changes in one event (a search box committing on blur as a filter is clicked) must both
  // land: the router's `prev` is the address before either, so the later would undo the earlier.
  // Each change builds on the one before until the address has caught up.
  const pending = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address catching up is the event
  useEffect(() => {
    pending.current = null;
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<z.output<S>>) => {
      setSearchParams(
        (prev) => {
          const base = pending.current ?? prev;
          const current = parseListState(schema, base);
          const firstPage = 'page' in schema.shape && !('page' in changes) ? { page: 1 } : {};
          const next = serialiseListState(schema, { ...current, ...firstPage, ...changes }, base);
          pending.current = next;
          return next;
        },
        { replace: true },
      );
    },
    [schema, setSearchParams],
  );

  return { state, update };
}

/**
 * A page past the end (the last rows were deleted or moved elsewhere meanwhile): go to the last
 * page there is, instead of showing an empty page of a list that has records.
 */
export function useKeepPageInRange(
  page: number,
  pageSize: number,
  data: { items: unknown[]; total: number } | undefined,
  goToPage: (page: number) => void,
) {
  useEffect(() => {
    if (!data || data.items.length > 0 || data.total === 0) return;
    const last = pageCount(data.total, pageSize);
    // Only while past the end: the previous answer stays on screen until the last page arrives.
    if (page > last) goToPage(last);
  }, [data, page, pageSize, goToPage]);
}
