import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TwoFactorConfirmResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '../../../contracts/two-factor';
import type { MyProfile, ProfileInput } from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import { useAuth } from '../../lib/session';

/** The signed-in user's own profile: one root, so every change here refreshes it. */
export const myProfileKey = queryKeys.myProfile;

const PROFILE_PATH = '/api/me/profile';

/** GET /api/me/profile: the account's fields, permissions and latest role request. */
export function useMyProfile() {
  return useQuery({
    queryKey: myProfileKey,
    ...queryOf<MyProfile>(PROFILE_PATH),
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

const TWO_FACTOR_PATH = '/api/me/two-factor';

/** GET /api/me/two-factor: on or off, since when, recovery codes left, and whether it is required. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactor,
    ...queryOf<TwoFactorStatus>(TWO_FACTOR_PATH),
  });
}

/** A change to the authenticator: the status is read again afterwards. */
function useTwoFactorChange<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

/** POST /api/me/two-factor/setup: a new secret, pending until a code from it confirms it. */
export const useBeginTwoFactorSetup = () =>
  useMutation({ mutationFn: () => api.post<TwoFactorSetupResponse>(`${TWO_FACTOR_PATH}/setup`) });

/** POST /api/me/two-factor/confirm: on, with ten recovery codes answered once. */
export const useConfirmTwoFactor = () =>
  useTwoFactorChange((code: string) =>
    api.post<TwoFactorConfirmResponse>(`${TWO_FACTOR_PATH}/confirm`, { code }),
  );

/** POST /api/me/two-factor/disable: off, with the password (refused while System Settings require it). */
export const useDisableTwoFactor = () =>
  useTwoFactorChange((password: string) =>
    api.post<{ message: string }>(`${TWO_FACTOR_PATH}/disable`, { password }),
  );
