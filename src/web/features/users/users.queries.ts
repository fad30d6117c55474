import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DirectoryUser,
  RoleDecisionResponse,
  RoleRequestListResponse,
  RoleSummaryResponse,
  UserListResponse,
} from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import { ApiError, api, errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

export const userKeys = queryKeys.users;
export const roleSummaryKey = queryKeys.userRoles;
export const roleRequestKeys = queryKeys.roleRequests;

/** What a change here may alter elsewhere: the bell, and whom tasks and students can be given to. */
const CHANGED_BY_USERS = [
  userKeys.all,
  roleSummaryKey,
  roleRequestKeys.all,
  queryKeys.notifications,
  queryKeys.staff,
  queryKeys.students.officers,
] as const;

export const USERS_PAGE_SIZE = 24;
export const ROLE_REQUESTS_PAGE_SIZE = 50;

export const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;
const requestPath = (id: string) => `/api/role-requests/${encodeURIComponent(id)}`;

/** The server's reason for a failure, or the product's words when it sent none. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK_MESSAGE });

/** A refusal of the self / last-admin rules (409): said in a toast, in the server's words. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The list's API query string, in the order the server documents: q, role, status, page, pageSize. */
export function listQuery(params: { q: string; role: string; status: string; page: number }): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.role) search.set('role', params.role);
  if (params.status) search.set('status', params.status);
  search.set('page', String(params.page));
  search.set('pageSize', String(USERS_PAGE_SIZE));
  return search.toString();
}

export function useUsers(query: string) {
  return useQuery({
    queryKey: userKeys.list(query),
    ...queryOf<UserListResponse>(`/api/users?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One account, for a link (`?open=<id>`) to one not on the page shown. */
export function useUser(id: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.one(id),
    ...queryOf<DirectoryUser>(userPath(id)),
    enabled: enabled && id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** Manage Roles: each role, its permissions and how many accounts hold it. */
export function useRoleSummary() {
  return useQuery({
    queryKey: roleSummaryKey,
    ...queryOf<RoleSummaryResponse>('/api/users/roles'),
  });
}

/** The pending role requests (admins only; a deputy manager would get 403, so asks nothing). */
export function useRoleRequests(page: number, enabled: boolean) {
  const query = `status=pending&page=${page}&pageSize=${ROLE_REQUESTS_PAGE_SIZE}`;
  return useQuery({
    queryKey: roleRequestKeys.list(query),
    ...queryOf<RoleRequestListResponse>(`/api/role-requests?${query}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useUsersMutation<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(CHANGED_BY_USERS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Add User: the server makes the account without a password and emails the invitation. */
export const useInviteUser = () =>
  useUsersMutation((body: unknown) => api.post<DirectoryUser>('/api/users', body));

export const useUpdateUser = () =>
  useUsersMutation(({ id, body }: { id: string; body: unknown }) =>
    api.put<DirectoryUser>(userPath(id), body),
  );

export const useChangeRole = () =>
  useUsersMutation(({ id, role }: { id: string; role: Role }) =>
    api.post<DirectoryUser>(`${userPath(id)}/role`, { role }),
  );

/** Activate or deactivate (a deactivated account is signed out at once). */
export const useSetActive = () =>
  useUsersMutation(({ id, active }: { id: string; active: boolean }) =>
    api.post<DirectoryUser>(`${userPath(id)}/${active ? 'activate' : 'deactivate'}`),
  );

export const usePasswordReset = () =>
  useUsersMutation((id: string) => api.post<{ message: string }>(`${userPath(id)}/password-reset`));

/** Grant or decline a role request, with the admin's optional note. */
export const useDecideRoleRequest = () =>
  useUsersMutation(({ id, decision, note }: { id: string; decision: 'grant' | 'decline'; note: string }) =>
    api.post<RoleDecisionResponse>(
      `${requestPath(id)}/${decision}`,
      note.trim() ? { note: note.trim() } : {},
    ),
  );
