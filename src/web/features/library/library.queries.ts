import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Resource, ResourceListResponse } from '../../../contracts/library';
import { ApiError, api, errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

const keys = queryKeys.library;

export const LIBRARY_PAGE_SIZE = 20;

export const resourcePath = (id: string) => `/api/library/${encodeURIComponent(id)}`;
/** The uploaded file (GET plays or reads it; POST uploads or replaces it). */
export const resourceFileHref = (id: string) => `${resourcePath(id)}/file`;

/** The server's reason for a failure, or the product's words when it sent none. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK_MESSAGE });

/** The list's API query string, in the order the server documents: q, type, category, page, pageSize. */
export function listQuery(params: { q: string; type: string; category: string; page: number }): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type) search.set('type', params.type);
  if (params.category) search.set('category', params.category);
  search.set('page', String(params.page));
  search.set('pageSize', String(LIBRARY_PAGE_SIZE));
  return search.toString();
}

export function useResources(query: string) {
  return useQuery({
    queryKey: keys.list(query),
    ...queryOf<ResourceListResponse>(`/api/library?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One resource, for a link (`?open=<id>`, the search) to one not on the page shown. */
export function useResource(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.one(id),
    ...queryOf<Resource>(resourcePath(id)),
    enabled: enabled && id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

function useLibraryMutation<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useSaveResource = () =>
  useLibraryMutation(({ id, body }: { id?: string; body: unknown }) =>
    id ? api.put<Resource>(resourcePath(id), body) : api.post<Resource>('/api/library', body),
  );

export const useDeleteResource = () => useLibraryMutation((id: string) => api.delete<void>(resourcePath(id)));

/**
 * A resource's link followed (Read Now / Play Now or Open link): the server counts each user once
 * a day. A file counts as the server hands it over; its details never count.
 */
export const useOpenResource = () =>
  useLibraryMutation((id: string) => api.post<{ downloads: number }>(`${resourcePath(id)}/open`));

export const useRateResource = () =>
  useLibraryMutation(({ id, stars }: { id: string; stars: number }) =>
    api.put<{ rating_average: number; rating_count: number; my_rating: number }>(
      `${resourcePath(id)}/rating`,
      { stars },
    ),
  );

/** Refreshes every library list and resource (after an upload, or a file read that counted). */
export function useRefreshLibrary() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

/** The list, one resource and Delete, as the list kit's `useRecordScreen` asks for them. */
export const RESOURCE_QUERIES = {
  useList: useResources,
  listQuery,
  pageSize: LIBRARY_PAGE_SIZE,
  useOne: useResource,
  useDelete: useDeleteResource,
  reasonOf,
};
