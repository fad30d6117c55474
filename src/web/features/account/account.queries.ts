import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyProfile, ProfileInput } from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../../lib/session';

/** The signed-in user's own profile: one root, so every change here refreshes it. */
export const myProfileKey = queryKeys.myProfile;

const PROFILE_PATH = '/api/me/profile';

/** GET /api/me/profile: the account's fields, permissions and latest role request. */
export function useMyProfile() {
  return useQuery({
    queryKey: myProfileKey,
    queryFn: ({ signal }) => api.get<MyProfile>(PROFILE_PATH, signal),
  });
}

/**
 * A change that answers with the new profile: it replaces the cached one, and the session is asked
 * again, since the top bar shows the account's department and requested role.
 */
function useProfileChange<TArgs>(call: (args: TArgs) => Promise<MyProfile>) {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: call,
    onSuccess: (profile) => {
      queryClient.setQueryData(myProfileKey, profile);
      void refresh();
    },
  });
}

/** PUT /api/me/profile: contact details and emergency contact. */
export const useSaveProfile = () =>
  useProfileChange((body: ProfileInput) => api.put<MyProfile>(PROFILE_PATH, body));

/** POST /api/me/role-request: a new request replaces a pending one. */
export const useRequestRole = () =>
  useProfileChange((role: Role) => api.post<MyProfile>('/api/me/role-request', { role }));

/** POST /api/me/password: the account's other sessions end; this one stays. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      api.post<{ message: string }>('/api/me/password', body),
  });
