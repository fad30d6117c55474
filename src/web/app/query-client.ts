import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** Retry only what may succeed on a second try: network failures and 5xx, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError) return error.isNetworkError || error.status >= 500;
  return false;
}

/**
 * One QueryClient per app: data is fresh for 30 s, errors on 4xx are not retried, and every
 * successful change refreshes the bell, since any area's change may give or take someone's work.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}
