import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDelegationRequest,
  Delegation,
  DelegationListResponse,
  EligibleDelegatesResponse,
} from '../../../contracts/delegations';
import { api } from '../../lib/api';
import { queryOf } from '../../lib/query-of';

/*
 * Delegation of approvals (docs/product.md D21). One root for the area's queries, so a change
 * refreshes every list of them (the bell is refreshed by any successful change, query-client.ts).
 */
const ROOT = ['delegations'] as const;
const PATH = '/api/delegations';

/** Mine given and received, current (active or upcoming). */
export function useMyDelegations() {
  return useQuery({
    queryKey: [...ROOT, 'mine'],
    ...queryOf<DelegationListResponse>(`${PATH}?scope=mine&status=current&pageSize=50`),
  });
}

/** Every active delegation (admins), a page at a time. */
export function useEveryActiveDelegation(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'everyone', page],
    ...queryOf<DelegationListResponse>(`${PATH}?scope=everyone&status=active&page=${page}&pageSize=10`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The stages the user would hand over and who may receive them. */
export function useEligibleDelegates(enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'delegates'],
    ...queryOf<EligibleDelegatesResponse>(`${PATH}/delegates`),
    enabled,
  });
}

function useDelegationChange<TArgs>(call: (args: TArgs) => Promise<Delegation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** POST /api/delegations. */
export const useCreateDelegation = () =>
  useDelegationChange((body: CreateDelegationRequest) => api.post<Delegation>(PATH, body));

/** POST /api/delegations/:id/revoke: it stops at once. */
export const useRevokeDelegation = () =>
  useDelegationChange((id: string) => api.post<Delegation>(`${PATH}/${encodeURIComponent(id)}/revoke`));
