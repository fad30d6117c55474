/**
 * Server state of Allowance Management (TanStack Query): the list, one allowance, what awaits the
 * user's decision (the top bar's bell), and the changes.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  AllowanceDecisionRequest,
  AllowanceDetail,
  AllowanceListResponse,
  AllowanceView,
  BulkDecisionRequest,
  BulkDecisionResponse,
  CreateAllowanceRequest,
} from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import type { Decision } from '../../../domain/allowances';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import { ALLOWANCE_PAGE_SIZE, type AllowanceListParams, allowanceQueryString } from './allowance-view';

const keys = queryKeys.allowances;

/** The bell polls this often (ms). */

export function useAllowanceList(params: AllowanceListParams) {
  return useQuery({
    queryKey: keys.list(params),
    ...queryOf<AllowanceListResponse>(
      `/api/allowances${allowanceQueryString({ ...params, pageSize: ALLOWANCE_PAGE_SIZE })}`,
    ),
    placeholderData: keepPreviousData,
  });
}

export function useAllowanceDetail(id: string | null) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    ...queryOf<AllowanceView>(`/api/allowances/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
  });
}

/** Refreshes the list, the tiles, every open allowance and the dashboard figures (the bell refreshes after any change). */
export function useRefreshAllowances() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
    [queryClient],
  );
}

export function useCreateAllowance() {
  const refresh = useRefreshAllowances();
  return useMutation({
    mutationFn: (body: CreateAllowanceRequest) => api.post<AllowanceDetail>('/api/allowances', body),
    onSuccess: () => refresh(),
  });
}

export interface DecisionInput {
  id: string;
  decision: Decision;
  comment: string;
  /** The stage the screen showed: the server answers 409 if the allowance moved meanwhile. */
  expectedStage: ApprovalStage;
}

export function useDecideAllowance() {
  const refresh = useRefreshAllowances();
  return useMutation({
    mutationFn: ({ id, decision, comment, expectedStage }: DecisionInput) =>
      api.post<AllowanceDetail>(`/api/allowances/${encodeURIComponent(id)}/decision`, {
        decision,
        comment,
        expected_stage: expectedStage,
      } satisfies AllowanceDecisionRequest),
    // Also after a failure: a 409 means someone else moved it, so the screen must reload it.
    onSettled: () => refresh(),
  });
}

export function usePayAllowance() {
  const refresh = useRefreshAllowances();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      api.post<AllowanceDetail>(`/api/allowances/${encodeURIComponent(id)}/pay`, {
        expected_stage: 'approved',
      }),
    onSettled: () => refresh(),
  });
}

/** Approve or deny many allowances at one stage (the ids ticked, or everything the filter matches). */
export function useBulkDecision() {
  const refresh = useRefreshAllowances();
  return useMutation({
    mutationFn: (body: BulkDecisionRequest) =>
      api.post<BulkDecisionResponse>('/api/allowances/bulk-decision', body),
    // Also after a failure: some chunks may have been decided before it.
    onSettled: () => refresh(),
  });
}
