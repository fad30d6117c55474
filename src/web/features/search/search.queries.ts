import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../contracts/search';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/** GET /api/search?q=: what each area the user may read found; nothing is asked for an empty term. */
export function useGlobalSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: queryKeys.search(term),
    ...queryOf<SearchResponse>(`/api/search?q=${encodeURIComponent(term)}`),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
