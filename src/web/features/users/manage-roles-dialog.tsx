import { roleTitle } from '../../../domain/roles';
import { ListError } from '../../components/list';
import { Dialog, Skeleton } from '../../components/ui';
import { PendingRoleRequests } from './role-requests';
import { reasonOf, useRoleSummary } from './users.queries';

const accountsLine = (accounts: number, active: number) =>
  `${accounts} ${accounts === 1 ? 'account' : 'accounts'} (${active} active)`;

/**
 * Manage Roles: each role with how many accounts hold it and what it may do; for admins, the
 * pending role requests to grant or decline. A deputy manager reads the roles only.
 */
export function ManageRolesDialog({ canManage, onClose }: { canManage: boolean; onClose: () => void }) {
  const summary = useRoleSummary();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Manage Roles"
      description={
        canManage
          ? 'What each role may do, and the role requests waiting for a decision.'
          : 'What each role may do. Only an admin can change roles or decide role requests.'
      }
      size="lg"
    >
      <div className="space-y-6">
        <section aria-labelledby="roles-heading" className="space-y-3">
          <h3 id="roles-heading" className="text-base font-semibold text-slate-900">
            Roles
          </h3>
          {summary.isError && !summary.data ? (
            <ListError
              title="Couldn't load the roles"
              message={reasonOf(summary.error)}
              onRetry={() => void summary.refetch()}
              retrying={summary.isFetching}
            />
          ) : !summary.data ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <ul aria-label="Roles" className="space-y-2">
              {summary.data.roles.map((r) => (
                <li key={r.role} className="rounded-lg border border-slate-200 p-3">
                  <details>
                    <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-md focus-visible:outline-2 focus-visible:outline-primary">
                      <span className="font-medium text-slate-900">{roleTitle(r.role)}</span>
                      <span className="text-sm text-slate-600">
                        {accountsLine(r.accounts, r.active_accounts)}
                      </span>
                    </summary>
                    <p className="mt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      Permissions ({r.permissions.length})
                    </p>
                    <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
                      {r.permissions.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
        {canManage && <PendingRoleRequests />}
      </div>
    </Dialog>
  );
}
