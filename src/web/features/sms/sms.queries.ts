import { useQuery } from '@tanstack/react-query';
import type { SmsMessageList, SmsMonthSummary } from '../../../contracts/sms';
import { api } from '../../lib/api';

/** Whose messages: a student's or a user's. */
export type SmsRecipient = { student_id: string } | { user_id: string };

export function useSmsMonthSummary() {
  return useQuery({
    queryKey: ['sms', 'summary'],
    queryFn: ({ signal }) => api.get<SmsMonthSummary>('/api/sms/summary', signal),
  });
}

export function useSmsMessages(of: SmsRecipient, page: number) {
  const query = new URLSearchParams({ ...of, page: String(page), pageSize: '20' }).toString();
  return useQuery({
    queryKey: ['sms', 'messages', query],
    queryFn: ({ signal }) => api.get<SmsMessageList>(`/api/sms/messages?${query}`, signal),
  });
}
