import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Issue, IssueComment, IssueListResponse, IssueStatusChange } from '../../../contracts/issues';
import type { OfficerOption } from '../../../contracts/students';
import type { Task, TaskListResponse } from '../../../contracts/tasks';
import type { TaskStatus } from '../../../domain/case-work';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/** The query string of a list: the set values only. */
export function listQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;
const issuePath = (id: string) => `/api/issues/${encodeURIComponent(id)}`;

export function useTasks(query: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.tasks.list(query),
    ...queryOf<TaskListResponse>(`/api/tasks?${query}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One task, for a link (the bell's) to a task not on the page shown. */
export function useTask(id: string) {
  return useQuery({
    queryKey: queryKeys.tasks.one(id),
    ...queryOf<Task>(taskPath(id)),
    enabled: id !== '',
    retry: false,
  });
}

export function useIssues(query: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.issues.list(query),
    ...queryOf<IssueListResponse>(`/api/issues?${query}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useIssue(id: string) {
  return useQuery({
    queryKey: queryKeys.issues.one(id),
    ...queryOf<Issue>(issuePath(id)),
    enabled: id !== '',
    retry: false,
  });
}

export function useIssueComments(id: string) {
  return useQuery({
    queryKey: queryKeys.issues.comments(id),
    ...queryOf<{ items: IssueComment[] }>(`${issuePath(id)}/comments`),
  });
}

/** Whom work can be assigned to: active program officers, deputy managers and admins. */
export function useStaff() {
  return useQuery({
    queryKey: queryKeys.staff,
    ...queryOf<OfficerOption[]>('/api/staff'),
    staleTime: 5 * 60_000,
  });
}

function useChange<TArgs, TResult>(root: readonly string[], call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export const useSaveTask = () =>
  useChange(queryKeys.tasks.all, ({ id, body }: { id?: string; body: unknown }) =>
    id ? api.put<Task>(taskPath(id), body) : api.post<Task>('/api/tasks', body),
  );
export const useMoveTask = () =>
  useChange(queryKeys.tasks.all, ({ id, status }: { id: string; status: TaskStatus }) =>
    api.patch<Task>(`${taskPath(id)}/status`, { status }),
  );
export const useDeleteTask = () =>
  useChange(queryKeys.tasks.all, (id: string) => api.delete<void>(taskPath(id)));

export const useSaveIssue = () =>
  useChange(queryKeys.issues.all, ({ id, body }: { id?: string; body: unknown }) =>
    id ? api.put<Issue>(issuePath(id), body) : api.post<Issue>('/api/issues', body),
  );
export const useMoveIssue = () =>
  useChange(queryKeys.issues.all, ({ id, ...change }: { id: string } & IssueStatusChange) =>
    api.post<Issue>(`${issuePath(id)}/status`, change),
  );
export const useDeleteIssue = () =>
  useChange(queryKeys.issues.all, (id: string) => api.delete<void>(issuePath(id)));
export const useAddComment = () =>
  useChange(queryKeys.issues.all, ({ id, text }: { id: string; text: string }) =>
    api.post<IssueComment>(`${issuePath(id)}/comments`, { text }),
  );
