import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailDigestSetting,
  NotificationsResponse,
  SmsDigestSetting,
} from '../../../contracts/notifications';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import { useDocumentVisible } from '../../lib/use-document-visible';

/** The bell asks again this often while its page is on screen (D16: no more than every 30 s). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * GET /api/notifications, polled every 30 s, and not at all while the tab is hidden: the query is
 * switched off then, so neither the poll nor a focus or invalidation refetch sends a request.
 * Showing the tab again refetches what went stale meanwhile.
 */
export function useNotifications() {
  const visible = useDocumentVisible();
  return useQuery({
    queryKey: queryKeys.notifications,
    ...queryOf<NotificationsResponse>('/api/notifications'),
    enabled: visible,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    staleTime: 15_000,
  });
}

/** PUT /api/notifications/email-digest: the user's daily email on or off. */
export function useSetEmailDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.put<EmailDigestSetting>('/api/notifications/email-digest', { email_digest: on }),
    onSuccess: ({ email_digest }) =>
      queryClient.setQueryData<NotificationsResponse>(queryKeys.notifications, (old) =>
        old ? { ...old, email_digest } : old,
      ),
  });
}

/** PUT /api/notifications/sms-digest: the staff member's morning text on or off. */
export function useSetSmsDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.put<SmsDigestSetting>('/api/notifications/sms-digest', { sms_digest: on }),
    onSuccess: ({ sms_digest }) =>
      queryClient.setQueryData<NotificationsResponse>(queryKeys.notifications, (old) =>
        old ? { ...old, sms_digest } : old,
      ),
  });
}
