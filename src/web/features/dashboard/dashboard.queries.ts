import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** GET /api/dashboard (staff roles only). */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api.get<DashboardResponse>('/api/dashboard', signal),
    enabled,
  });
}
