import { useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '../../../contracts/auth';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/** Which sign-in options the server offers: { googleEnabled, devMode }. */
export function useAuthConfig() {
  return useQuery({
    queryKey: queryKeys.authConfig,
    ...queryOf<AuthConfigResponse>('/api/auth/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
