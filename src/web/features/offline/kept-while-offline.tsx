import { use } from 'react';
import type { Task } from '../../../contracts/tasks';
import { Alert } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { KEPT_AT_KEY } from '../../lib/offline/kept-records';
import { OFFLINE_MESSAGES as M } from '../../lib/offline/messages';
import type { KeptStudent } from '../../lib/offline/offline-db';
import { OfflineContext, type OfflineWork, useOfflineReach } from './offline-provider';
import { useLive } from './use-live';

/**
 * The offline work when a screen should show what the phone keeps instead of the server's list
 * (issue 48 item 2): the browser is offline (its requests wait, paused), or the list itself could
 * not reach the server. Null otherwise, and outside the signed-in app: the list decides, not the
 * last sync, so a list that loads is shown even if a sync failed earlier.
 */
export function useKeptWhileOffline(listError: unknown): OfflineWork | null {
  const reach = useOfflineReach();
  if (!reach) return null;
  const unreachable = listError instanceof ApiError && listError.isNetworkError;
  if (reach.networkUp && !unreachable) return null;
  // Read (and so followed) only while the phone's list is shown: a screen showing the server's
  // list is not drawn again whenever the outbox or the sync moves (OfflineReach).
  return use(OfflineContext);
}

/** The account's open tasks as last kept, soonest due first (null while they are read). */
export function useKeptTasks(work: OfflineWork): Task[] | null {
  return useLive<Task[] | null>(
    async () => {
      const tasks = await work.db.tasks.toArray();
      const due = (task: Task) => task.due_date ?? '9999';
      return tasks.sort((a, b) => due(a).localeCompare(due(b)) || a.title.localeCompare(b.title));
    },
    `${work.db.name}/tasks`,
    null,
  );
}

/** The account's own students as last kept, by name (null while they are read). */
export function useKeptStudents(work: OfflineWork): KeptStudent[] | null {
  return useLive<KeptStudent[] | null>(
    () => work.db.students.orderBy('full_name').toArray(),
    `${work.db.name}/students`,
    null,
  );
}

/**
 * Says the screen shows the phone's copy, and since when: nothing on it can be changed until the
 * network is back (the server decides every change).
 */
export function KeptNotice({ work, what }: { work: OfflineWork; what: 'tasks' | 'students' }) {
  const keptAt = useLive(
    async () => (await work.db.kept.get(KEPT_AT_KEY))?.value as number | undefined,
    `${work.db.name}/${KEPT_AT_KEY}`,
    undefined,
  );
  return (
    <Alert tone="info" title={M.showingKept(what)}>
      {keptAt ? `As last synced, ${formatDateTime(new Date(keptAt))}. ` : ''}
      {M.readOnlyOffline}
    </Alert>
  );
}
