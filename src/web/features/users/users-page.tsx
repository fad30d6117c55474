import { Plus, ShieldCheck, Users } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { z } from 'zod';
import { ROLES, type Role } from '../../../domain/roles';
import { canManageUsers, USER_MESSAGES, USER_STATUSES, type UserStatus } from '../../../domain/users';
import { ListError, ListSearchBox, QueryPager } from '../../components/list';
import { Button, Card, EmptyState, PageHeader, Select, Skeleton } from '../../components/ui';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useAuth, useCurrentUser } from '../../lib/session';
import { useOpenedRecord } from '../../lib/use-opened-record';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { UserCard } from './user-card';
import { UserDetailsDialog } from './user-details-dialog';
import { useUserModals } from './user-modals';
import { UserTiles } from './user-tiles';
import { listQuery, reasonOf, USERS_PAGE_SIZE, useRoleRequests, useUser, useUsers } from './users.queries';

/** Search, role, status, page and the account open, kept in the address bar. */
const ParamsSchema = listStateSchema({
  role: filterParam(ROLES),
  status: filterParam(USER_STATUSES),
  open: z.string().max(40).default(''),
  /** `requests=open`: the bell's link to the pending role requests opens Manage Roles. */
  requests: filterParam(['open']),
});

/** The role filter in the spec's order, then 'User' (accounts that registered and hold no role yet). */
const ROLE_FILTER = [
  { value: '', label: 'All Roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'program_officer', label: 'Program Officer' },
  { value: 'deputy_manager', label: 'Deputy Manager' },
  { value: 'student', label: 'Student' },
  { value: 'user', label: 'User' },
];
const STATUS_FILTER = [
  { value: '', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * /users (docs/product.md §2 User Management, D11): deputy managers and admins read the accounts;
 * admins invite, edit, change roles, activate and deactivate, send password resets and decide role
 * requests. `?open=<id>` opens one account's details.
 */
export function UsersPage() {
  const me = useCurrentUser();
  const { refresh } = useAuth();
  const canManage = canManageUsers(me.role);
  const { state: params, update } = useUrlListState(ParamsSchema);
  const list = useUsers(listQuery(params));
  const data = list.data;
  const pending = useRoleRequests(1, canManage);
  const pendingCount = pending.data?.total ?? 0;
  const { opened, open, close, linkError } = useOpenedRecord({
    list: { state: params, update },
    items: data?.items,
    useOne: useUser,
    reasonOf,
  });
  const goToPage = useCallback((page: number) => update({ page }), [update]);
  useKeepPageInRange(params.page, USERS_PAGE_SIZE, data, goToPage);

  // User Details steps aside while an action's dialog is open and comes back after, so the button
  // that first opened it is remembered here rather than by the dialog: focus goes back to it.
  const detailsOpener = useRef<HTMLElement | null>(null);
  const closeDetails = () => {
    close();
    const opener = detailsOpener.current;
    detailsOpener.current = null;
    if (opener) setTimeout(() => opener.isConnected && opener.focus(), 0);
  };

  const modals = useUserModals({
    canManage,
    selfId: me.id,
    onView: (user) => {
      const active = document.activeElement;
      detailsOpener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      open(user);
    },
    onSelfEdited: () => void refresh(),
  });
  const now = new Date();
  // The bell's link opens Manage Roles once, then leaves the address as the page's own.
  const openRolesRef = useRef(modals.openRoles);
  openRolesRef.current = modals.openRoles;
  useEffect(() => {
    if (params.requests !== 'open') return;
    openRolesRef.current();
    update({ requests: '', page: params.page });
  }, [params.requests, params.page, update]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="User Management"
        description="Manage system users and permissions"
        actions={
          <>
            <Button variant="secondary" onClick={modals.openRoles}>
              <ShieldCheck aria-hidden="true" className="size-4" />
              Manage Roles{' '}
              {canManage && pendingCount > 0 && (
                <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                  <span aria-hidden="true">{pendingCount}</span>
                  <span className="sr-only">{`${pendingCount} pending role ${pendingCount === 1 ? 'request' : 'requests'}`}</span>
                </span>
              )}
            </Button>
            {canManage && (
              <Button onClick={modals.openInvite}>
                <Plus aria-hidden="true" className="size-4" />
                Add User
              </Button>
            )}
          </>
        }
      />
      <UserTiles counts={data?.counts} role={params.role} status={params.status} onFilter={update} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <ListSearchBox
          label="Search users"
          placeholder="Search users..."
          list={{ state: params, update }}
          className="min-w-0 flex-1 sm:min-w-56"
        />
        <Select
          aria-label="Role"
          value={params.role}
          onChange={(e) => update({ role: e.target.value as Role | '' })}
          options={ROLE_FILTER}
        />
        <Select
          aria-label="Status"
          value={params.status}
          onChange={(e) => update({ status: e.target.value as UserStatus | '' })}
          options={STATUS_FILTER}
        />
      </div>

      <section aria-label="Users" aria-busy={list.isFetching || undefined} className="space-y-4">
        {list.isError && !data ? (
          <Card>
            <ListError
              title="Couldn't load the users"
              message={reasonOf(list.error)}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          </Card>
        ) : !data ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-72 w-full rounded-xl" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <Card>
            <EmptyState icon={Users} title={USER_MESSAGES.noUsers} />
          </Card>
        ) : (
          <ul
            aria-label="User list"
            className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.items.map((user) => (
              <li key={user.id}>
                <UserCard user={user} actions={modals.actions} now={now} />
              </li>
            ))}
          </ul>
        )}
        {data && data.total > data.pageSize && (
          <Card>
            <QueryPager query={list} onPage={goToPage} />
          </Card>
        )}
      </section>

      {opened && !modals.busy && (
        <UserDetailsDialog key={opened.id} user={opened} actions={modals.actions} onClose={closeDetails} />
      )}
      {linkError && (
        <p role="alert" className="text-sm text-red-700">
          {linkError}
        </p>
      )}
      {modals.dialogs}
    </div>
  );
}
