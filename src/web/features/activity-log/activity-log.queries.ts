import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListResponse } from '../../../contracts/audit';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/** One page of the Activity Log; `query` is the API query string (filters and page). */
export function useAuditLog(query: string) {
  return useQuery({
    queryKey: queryKeys.auditLog(query),
    ...queryOf<AuditListResponse>(`/api/audit${query}`),
    placeholderData: keepPreviousData,
  });
}
