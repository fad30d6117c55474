import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchPreview,
  CreatePaymentBatchRequest,
  FollowUpResponse,
  MarkBatchPaidResponse,
  PaymentBatchCreated,
  PaymentBatchDetail,
  PaymentBatchListResponse,
  ResolveMismatchRequest,
  ResolvePayoutRequest,
  SendPayoutsResponse,
} from '../../../contracts/payment-batches';
import type { WalletProvider } from '../../../domain/payment-channels';
import type { PaymentPart } from '../../../domain/payouts';
import { ApiError, api, errorMessage, failedCall, NETWORK_ERROR_CODE, NETWORK_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/*
 * The area's keys live under one root of their own ('payment-batches'); a change also refreshes
 * the allowances and the dashboard, whose figures paying a batch moves.
 */
const ROOT = ['payment-batches'] as const;
export const paymentBatchKeys = {
  all: ROOT,
  list: (page: number) => [...ROOT, 'list', page] as const,
  one: (id: string) => [...ROOT, 'one', id] as const,
  preview: (month: string, year: number) => [...ROOT, 'preview', month, year] as const,
};

export const PAYMENT_BATCH_PAGE_SIZE = 25;

export const batchPath = (id: string) => `/api/payment-batches/${encodeURIComponent(id)}`;
export const exportHref = (id: string) => `${batchPath(id)}/export`;
export const reconcilePath = (id: string) => `${batchPath(id)}/reconcile`;
export const operatorStatementPath = (id: string) => `${batchPath(id)}/operator-statement`;

/** The server's reason for a failure, or the product's words when it sent none. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK_MESSAGE });

export function useBatches(page: number) {
  return useQuery({
    queryKey: paymentBatchKeys.list(page),
    ...queryOf<PaymentBatchListResponse>(
      `/api/payment-batches?page=${page}&pageSize=${PAYMENT_BATCH_PAGE_SIZE}`,
    ),
    placeholderData: keepPreviousData,
  });
}

export function useBatch(id: string) {
  return useQuery({
    queryKey: paymentBatchKeys.one(id),
    ...queryOf<PaymentBatchDetail>(batchPath(id)),
    enabled: id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** What a month's batch would hold now (the New Payment Batch dialog). */
export function useBatchPreview(month: string, year: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentBatchKeys.preview(month, year),
    ...queryOf<BatchPreview>(`/api/payment-batches/preview?month=${encodeURIComponent(month)}&year=${year}`),
    enabled,
  });
}

/** Refreshes the batches, and the allowances and dashboard their payment moves. */
export function useRefreshAfterPayment() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ROOT }),
      client.invalidateQueries({ queryKey: queryKeys.allowances.all }),
      client.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
}

function useBatchMutation<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const refresh = useRefreshAfterPayment();
  return useMutation({ mutationFn: call, onSuccess: () => refresh() });
}

export const useCreateBatch = () =>
  useBatchMutation((body: CreatePaymentBatchRequest) =>
    api.post<PaymentBatchCreated>('/api/payment-batches', body),
  );

export const useMarkPaid = () =>
  useBatchMutation(({ id, paid_date }: { id: string; paid_date: string }) =>
    api.post<MarkBatchPaidResponse>(`${batchPath(id)}/mark-paid`, { paid_date }),
  );

export const useDeleteBatch = () => useBatchMutation((id: string) => api.delete<void>(batchPath(id)));

/**
 * Export for Bank: fetches the file (which marks the batch exported) and saves it under the name
 * the server gives, so the screen hears of a failure and refreshes the batch after.
 */
export const useExportBatch = () =>
  useBatchMutation(
    async ({
      id,
      allowMissingNrc,
      channel,
    }: {
      id: string;
      allowMissingNrc: boolean;
      channel?: PaymentPart;
    }) => {
      const query = new URLSearchParams();
      if (allowMissingNrc) query.set('allow_missing_nrc', 'true');
      if (channel && channel !== 'bank') query.set('channel', channel);
      const path = query.size ? `${exportHref(id)}?${query}` : exportHref(id);
      let response: Response;
      try {
        response = await fetch(path, { credentials: 'same-origin' });
      } catch {
        throw new ApiError(0, '', NETWORK_ERROR_CODE);
      }
      if (!response.ok) throw failedCall(path, response.status, await response.json().catch(() => null));
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'batch.csv';
      return { name, text: await response.text() };
    },
  );

const payoutPath = (batchId: string, payoutId: string) =>
  `${batchPath(batchId)}/payouts/${encodeURIComponent(payoutId)}`;

/** Send to MTN MoMo / Airtel Money: the server queues the payouts and sends them in the background. */
export const useSendPayouts = () =>
  useBatchMutation(({ id, provider }: { id: string; provider: WalletProvider }) =>
    api.post<SendPayoutsResponse>(`${batchPath(id)}/payouts/send`, { provider }),
  );

export const useRetryPayout = () =>
  useBatchMutation(({ batchId, payoutId }: { batchId: string; payoutId: string }) =>
    api.post<PaymentBatchDetail>(`${payoutPath(batchId, payoutId)}/retry`, {}),
  );

export const useResolvePayout = () =>
  useBatchMutation(
    ({ batchId, payoutId, ...body }: { batchId: string; payoutId: string } & ResolvePayoutRequest) =>
      api.post<PaymentBatchDetail>(`${payoutPath(batchId, payoutId)}/resolve`, body),
  );

export const useFollowUp = () =>
  useBatchMutation((id: string) => api.post<FollowUpResponse>(`${batchPath(id)}/follow-up`, {}));

export const useResolveMismatch = () =>
  useBatchMutation(
    ({ batchId, mismatchId, note }: { batchId: string; mismatchId: string } & ResolveMismatchRequest) =>
      api.post<PaymentBatchDetail>(
        `${batchPath(batchId)}/mismatches/${encodeURIComponent(mismatchId)}/resolve`,
        { note },
      ),
  );
