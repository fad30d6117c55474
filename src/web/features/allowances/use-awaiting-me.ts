/**
 * What the notification bell needs: GET /api/allowances/awaiting-me, polled. Kept apart from the
 * page's hooks so the top bar (loaded on every screen) does not pull in the allowances page.
 */
import { useQuery } from '@tanstack/react-query';
import type { AwaitingMeResponse } from '../../../contracts/allowances';
import { api } from '../../lib/api';
import { AWAITING_ME_POLL_MS, allowanceKeys } from './allowance-keys';

export function useAwaitingMe(enabled: boolean) {
  return useQuery({
    queryKey: allowanceKeys.awaitingMe,
    queryFn: ({ signal }) => api.get<AwaitingMeResponse>('/api/allowances/awaiting-me', signal),
    enabled,
    refetchInterval: AWAITING_ME_POLL_MS,
    staleTime: 15_000,
  });
}
