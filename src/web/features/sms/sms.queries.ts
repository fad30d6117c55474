import { useQuery } from '@tanstack/react-query';
import type { SmsMessageList, SmsMonthSummary } from '../../../contracts/sms';
import { queryOf } from '../../lib/query-of';

/** Whose messages: a student's or a user's. */
export type SmsRecipient = { student_id: string } | { user_id: string };

export function useSmsMonthSummary() {
  return useQuery({
    queryKey: ['sms', 'summary'],
    ...queryOf<SmsMonthSummary>('/api/sms/summary'),
  });
}

export function useSmsMessages(of: SmsRecipient, page: number) {
  const query = new URLSearchParams({ ...of, page: String(page), pageSize: '20' }).toString();
  return useQuery({
    queryKey: ['sms', 'messages', query],
    ...queryOf<SmsMessageList>(`/api/sms/messages?${query}`),
  });
}
