import type { ReactNode } from 'react';
import type { DirectoryUser } from '../../../contracts/users';
import { roleLabel } from '../../../domain/roles';
import { Avatar, Dialog } from '../../components/ui';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { DetailsTabs } from '../audit';
import { SmsMessagesTab } from '../sms';
import { AdminButtonActions, type UserActions } from './user-actions';
import { initialsOf, RoleBadge, StatusBadges, signInLabel } from './user-ui';

const NOT_PROVIDED = 'Not provided';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Label / value pairs; a missing value reads 'Not provided'. */
function Facts({ rows }: { rows: Array<[string, string | null, string?]> }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value, extra]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className={cn('min-w-0 break-words text-slate-900', extra)}>
            {value ?? <span className="text-slate-500 italic">{NOT_PROVIDED}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'User Details' (docs/product.md §2 User Management): who the account is, how to reach them in an
 * emergency, what the system knows of it, what its role may do, and the admin's actions.
 */
export function UserDetailsDialog({
  user,
  actions,
  onClose,
}: {
  user: DirectoryUser;
  actions: UserActions;
  onClose: () => void;
}) {
  const footer = actions.canManage ? <AdminButtonActions user={user} actions={actions} /> : undefined;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="User Details"
      size="lg"
      footer={footer}
      textOnly
    >
      <div className="space-y-5">
        <div className="flex items-center gap-3">
          <Avatar photoUrl={null} initials={initialsOf(user.name)} size="lg" />
          <div className="min-w-0">
            <p className="text-lg font-semibold break-words text-slate-900">{user.name}</p>
            <div className="mt-1 flex flex-wrap gap-1.5">
              <RoleBadge role={user.role} />
              <StatusBadges user={user} />
            </div>
            {user.pending_role_request && (
              <p className="mt-1 text-xs text-amber-900">
                Requested: {roleLabel(user.pending_role_request.role)} (asked on{' '}
                {formatDate(user.pending_role_request.created_at)})
              </p>
            )}
          </div>
        </div>
        {actions.canManage ? (
          <DetailsTabs
            record={{ kind: 'account', id: user.id }}
            extra={[
              { value: 'sms', label: 'Text messages', content: <SmsMessagesTab of={{ user_id: user.id }} /> },
            ]}
          >
            <AccountFacts user={user} />
          </DetailsTabs>
        ) : (
          <AccountFacts user={user} />
        )}
      </div>
    </Dialog>
  );
}

/** The account's sections: personal, emergency contact, system information, permissions. */
function AccountFacts({ user }: { user: DirectoryUser }) {
  const hasEmergency =
    user.emergency_contact_name || user.emergency_contact_phone || user.emergency_contact_relationship;
  return (
    <div className="space-y-5">
      <Section title="Personal Information">
        <Facts
          rows={[
            ['Phone', user.phone_number],
            ['Address', user.address],
            ['Date of Birth', user.date_of_birth && formatDate(user.date_of_birth)],
            ['Department', user.department],
          ]}
        />
      </Section>
      <Section title="Emergency Contact">
        {hasEmergency ? (
          <Facts
            rows={[
              ['Name', user.emergency_contact_name],
              ['Phone', user.emergency_contact_phone],
              ['Relationship', user.emergency_contact_relationship],
            ]}
          />
        ) : (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">No emergency contact provided</p>
        )}
      </Section>
      <Section title="System Information">
        <Facts
          rows={[
            ['User ID', user.id, 'font-mono text-xs break-all'],
            ['Staff ID', user.staff_id ?? (user.sign_in === 'google' ? 'None (Google sign-in)' : null)],
            ['Email', user.email, 'break-all'],
            ['Signs in with', signInLabel(user)],
            ['Created', formatDateTime(user.created_at)],
            ['Created by', user.created_by_name ?? 'Not recorded'],
            ['Last updated', formatDateTime(user.updated_at)],
            ['Last login', user.last_login ? formatDateTime(user.last_login) : 'Never'],
          ]}
        />
      </Section>
      <Section title={`Permissions (${user.permissions.length})`}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          {user.permissions.map((permission) => (
            <li key={permission}>{permission}</li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
