import { useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '../../../contracts/auth';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Which sign-in options the server offers: { googleEnabled, devMode }. */
export function useAuthConfig() {
  return useQuery({
    queryKey: queryKeys.authConfig,
    queryFn: ({ signal }) => api.get<AuthConfigResponse>('/api/auth/config', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
