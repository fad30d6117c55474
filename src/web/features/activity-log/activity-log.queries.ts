import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListResponse } from '../../../contracts/audit';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** One page of the Activity Log; `query` is the API query string (filters and page). */
export function useAuditLog(query: string) {
  return useQuery({
    queryKey: queryKeys.auditLog(query),
    queryFn: ({ signal }) => api.get<AuditListResponse>(`/api/audit${query}`, signal),
    placeholderData: keepPreviousData,
  });
}
