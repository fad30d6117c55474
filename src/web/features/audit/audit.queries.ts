import { useQuery } from '@tanstack/react-query';
import type { RecordHistoryResponse } from '../../../contracts/audit';
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
