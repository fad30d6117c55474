/** Server state of Allowance Management: the list, one allowance, and the changes (TanStack Query). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  AllowanceDecisionRequest,
  AllowanceDetail,
  AllowanceListResponse,
  CreateAllowanceRequest,
} from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import type { Decision } from '../../../domain/allowances';
import { api } from '../../lib/api';
import { allowanceKeys } from './allowance-keys';
import { ALLOWANCE_PAGE_SIZE, allowanceQueryString } from './allowance-view';

export interface AllowanceListParams {
  q: string;
  stage: string;
  page: number;
}

export function useAllowanceList(params: AllowanceListParams) {
  return useQuery({
    queryKey: allowanceKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AllowanceListResponse>(
        `/api/allowances${allowanceQueryString({ ...params, pageSize: ALLOWANCE_PAGE_SIZE })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAllowanceDetail(id: string | null) {
  return useQuery({
    queryKey: allowanceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<AllowanceDetail>(`/api/allowances/${encodeURIComponent(id!)}`, signal),
    enabled: Boolean(id),
  });
}

/** Refreshes the list, the tiles, every open allowance, the bell and the dashboard figures. */
export function useRefreshAllowances() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allowanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
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
