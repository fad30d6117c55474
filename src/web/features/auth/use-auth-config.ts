import { useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '../../../contracts/auth';
import { api } from '../../lib/api';

/** Which sign-in options the server offers: { googleEnabled, devMode }. */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: ({ signal }) => api.get<AuthConfigResponse>('/api/auth/config', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
