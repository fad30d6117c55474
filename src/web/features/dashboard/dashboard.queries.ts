import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/** GET /api/dashboard (staff roles only). */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dashboard,
    ...queryOf<DashboardResponse>('/api/dashboard'),
    enabled,
  });
}
