import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementListResponse } from '../../../contracts/announcements';
import { ApiError, api, errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

const keys = queryKeys.announcements;

export const ANNOUNCEMENTS_PAGE_SIZE = 20;

export const announcementPath = (id: string) => `/api/announcements/${encodeURIComponent(id)}`;
export const attachmentsPath = (id: string) => `${announcementPath(id)}/attachments`;
/** The stored file, sent by the server as an attachment (a download). */
export const attachmentHref = (id: string, attachmentId: string) =>
  `${attachmentsPath(id)}/${encodeURIComponent(attachmentId)}`;

/** The server's reason for a failure, or the product's words when it sent none. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK_MESSAGE });

/** The list's API query string, in the order the server documents: q, type, priority, page, pageSize. */
export function listQuery(params: { q: string; type: string; priority: string; page: number }): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type) search.set('type', params.type);
  if (params.priority) search.set('priority', params.priority);
  search.set('page', String(params.page));
  search.set('pageSize', String(ANNOUNCEMENTS_PAGE_SIZE));
  return search.toString();
}

export function useAnnouncements(query: string) {
  return useQuery({
    queryKey: keys.list(query),
    ...queryOf<AnnouncementListResponse>(`/api/announcements?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One announcement, for a link (`?open=<id>`, the bell) to one not on the page shown. */
export function useAnnouncement(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.one(id),
    ...queryOf<Announcement>(announcementPath(id)),
    enabled: enabled && id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

function useAnnouncementsMutation<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useSaveAnnouncement = () =>
  useAnnouncementsMutation(({ id, body }: { id?: string; body: unknown }) =>
    id
      ? api.put<Announcement>(announcementPath(id), body)
      : api.post<Announcement>('/api/announcements', body),
  );

export const useDeleteAnnouncement = () =>
  useAnnouncementsMutation((id: string) => api.delete<void>(announcementPath(id)));

/** Read More: counts the reader once (the server ignores a second read), so 'Read by N' moves. */
export const useMarkRead = () =>
  useAnnouncementsMutation((id: string) => api.post<{ read_count: number }>(`${announcementPath(id)}/read`));

export const useDeleteAttachment = () =>
  useAnnouncementsMutation(({ id, attachmentId }: { id: string; attachmentId: string }) =>
    api.delete<void>(attachmentHref(id, attachmentId)),
  );

/** After an upload (sent with progress outside TanStack Query), the lists show the new name. */
export function useRefreshAnnouncements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

/** The list, one announcement and Delete, as the list kit's `useRecordScreen` asks for them. */
export const ANNOUNCEMENT_QUERIES = {
  useList: useAnnouncements,
  listQuery,
  pageSize: ANNOUNCEMENTS_PAGE_SIZE,
  useOne: useAnnouncement,
  useDelete: useDeleteAnnouncement,
  reasonOf,
};
