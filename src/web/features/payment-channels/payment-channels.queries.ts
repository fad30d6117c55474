import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentChannelChange,
  PaymentChannelCreate,
  PaymentChannelSaved,
  PaymentChannelsResponse,
} from '../../../contracts/payment-channels';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

const path = (studentId: string) => `/api/students/${encodeURIComponent(studentId)}/payment-channels`;

export function useStudentChannels(studentId: string) {
  return useQuery({
    queryKey: queryKeys.students.paymentChannels(studentId),
    ...queryOf<PaymentChannelsResponse>(path(studentId)),
  });
}

/** A saved channel refreshes the student's channels, history and anything showing the primary one (allowances). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allowances.all }),
    ]);
}

export function useAddChannel(studentId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PaymentChannelCreate) => api.post<PaymentChannelSaved>(path(studentId), body),
    onSuccess: () => refresh(),
  });
}

export function useChangeChannel(studentId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ channelId, body }: { channelId: string; body: PaymentChannelChange }) =>
      api.put<PaymentChannelSaved>(`${path(studentId)}/${encodeURIComponent(channelId)}`, body),
    onSuccess: () => refresh(),
  });
}

export function useMakePrimary(studentId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (channelId: string) =>
      api.post<PaymentChannelSaved>(`${path(studentId)}/${encodeURIComponent(channelId)}/primary`),
    onSuccess: () => refresh(),
  });
}

export function useConfirmWallet(studentId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ channelId, note }: { channelId: string; note: string }) =>
      api.post<PaymentChannelSaved>(`${path(studentId)}/${encodeURIComponent(channelId)}/confirm`, { note }),
    onSuccess: () => refresh(),
  });
}
