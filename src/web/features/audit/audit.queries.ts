import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListResponse, RecordHistoryResponse } from '../../../contracts/audit';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The records that have a History tab, and where their history is read. */
export type HistoryOf = { kind: 'student'; id: string } | { kind: 'allowance'; id: string };

function historyKey(record: HistoryOf) {
  return record.kind === 'student'
    ? queryKeys.students.history(record.id)
    : queryKeys.allowances.history(record.id);
}

export function useRecordHistory(record: HistoryOf, enabled: boolean) {
  const path = `/api/${record.kind === 'student' ? 'students' : 'allowances'}/${encodeURIComponent(record.id)}/history`;
  return useQuery({
    queryKey: historyKey(record),
    queryFn: ({ signal }) => api.get<RecordHistoryResponse>(path, signal),
    enabled: enabled && Boolean(record.id),
  });
}

/** One page of the Activity Log; `query` is the API query string (filters and page). */
export function useAuditLog(query: string) {
  return useQuery({
    queryKey: queryKeys.auditLog(query),
    queryFn: ({ signal }) => api.get<AuditListResponse>(`/api/audit${query}`, signal),
    placeholderData: keepPreviousData,
  });
}
