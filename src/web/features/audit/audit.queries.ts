import { useQuery } from '@tanstack/react-query';
import type { RecordHistoryResponse } from '../../../contracts/audit';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/** The records that have a History tab, and where their history is read. */
export type HistoryOf = { kind: 'student' | 'allowance' | 'task' | 'issue' | 'form' | 'account'; id: string };

/** Each kind's history lives under its area's root key, so a change there refreshes it. */
const HISTORY = {
  student: { path: 'students', key: queryKeys.students.history },
  allowance: { path: 'allowances', key: queryKeys.allowances.history },
  task: { path: 'tasks', key: queryKeys.tasks.history },
  issue: { path: 'issues', key: queryKeys.issues.history },
  form: { path: 'forms', key: queryKeys.forms.history },
  account: { path: 'users', key: queryKeys.users.history },
} as const;

function historyKey(record: HistoryOf) {
  return HISTORY[record.kind].key(record.id);
}

export function useRecordHistory(record: HistoryOf, enabled: boolean) {
  const path = `/api/${HISTORY[record.kind].path}/${encodeURIComponent(record.id)}/history`;
  return useQuery({
    queryKey: historyKey(record),
    ...queryOf<RecordHistoryResponse>(path),
    enabled: enabled && Boolean(record.id),
  });
}
