import type { InitialDataFunction, QueryFunction } from '@tanstack/react-query';
import { api, takeEarlyAnswerIfCome } from './api';

/**
 * A GET query's fetch of `path`, for TanStack Query's options: it takes the answer asked early for
 * the same address (askEarly, app/start-early.ts), and when that answer has already come the query
 * starts with it, so the screen's first render has its data. Otherwise the first render shows the
 * loading state and the data follows in a second render, which React draws in one go, not in
 * slices (TanStack Query hands answers to React through useSyncExternalStore): as /students' 25
 * rows arrived, 100 ms of a desktop's main thread, 400 ms of a phone's (docs/decisions/009).
 */
export function queryOf<T>(path: string): {
  queryFn: QueryFunction<T>;
  /** Optional in its type, so that TanStack Query types the data as possibly not yet here. */
  initialData?: InitialDataFunction<T>;
  initialDataUpdatedAt: () => number;
} {
  let cameAt = 0;
  return {
    queryFn: ({ signal }) => api.get<T>(path, signal),
    initialData: () => {
      const early = takeEarlyAnswerIfCome<T>(path);
      if (!early) return undefined;
      cameAt = early.at;
      return early.data;
    },
    // Read by TanStack Query right after initialData: the data is as fresh as the answer.
    initialDataUpdatedAt: () => cameAt,
  };
}
