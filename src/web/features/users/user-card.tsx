import { Calendar, Clock, Eye, IdCard, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DirectoryUser } from '../../../contracts/users';
import { lastLoginLabel } from '../../../domain/users';
import { Avatar, Button } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { AdminIconActions, type UserActions } from './user-actions';
import { initialsOf, permissionCount, RoleBadge, requestedLabel, StatusBadges } from './user-ui';

function Line({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/**
 * One account as the spec's grid shows it: initials, name, department, role, status, contact,
 * last login, permissions, created date and ID; the eye opens its details, and admins get the
 * account's actions beside it.
 */
export function UserCard({ user, actions, now }: { user: DirectoryUser; actions: UserActions; now: Date }) {
  const requested = requestedLabel(user);
  return (
    <article
      aria-labelledby={`user-${user.id}`}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Avatar photoUrl={null} initials={initialsOf(user.name)} />
        <div className="min-w-0 flex-1">
          <h2 id={`user-${user.id}`} className="text-base font-semibold break-words text-slate-900">
            {user.name}
          </h2>
          {user.department && <p className="text-sm break-words text-slate-600">{user.department}</p>}
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <RoleBadge role={user.role} />
            <StatusBadges user={user} />
          </div>
        </div>
      </div>
      {requested && (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900 capitalize">{requested}</p>
      )}
      <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
        <Line icon={Mail} label="Email">
          <span className="break-all">{user.email}</span>
        </Line>
        {user.phone_number && (
          <Line icon={Phone} label="Phone">
            {user.phone_number}
          </Line>
        )}
        {user.address && (
          <Line icon={MapPin} label="Address">
            {user.address}
          </Line>
        )}
        <Line icon={Clock} label="Last login">
          Last login: {lastLoginLabel(user.last_login, now, formatDate)}
        </Line>
        <Line icon={ShieldCheck} label="Permissions">
          {permissionCount(user.permissions.length)}
        </Line>
      </ul>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="flex flex-col text-xs text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-3.5" />
            Created {formatDate(user.created_at)}
          </span>
          <span className="inline-flex items-center gap-1">
            <IdCard aria-hidden="true" className="size-3.5" />
            ID: {user.staff_id ?? 'none (Google sign-in)'}
          </span>
        </div>
        <div className="-mr-2 flex flex-wrap items-center">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`View details of ${user.name}`}
            title={`View details of ${user.name}`}
            onClick={() => actions.onView(user)}
            className="px-2"
          >
            <Eye aria-hidden="true" className="size-4" />
          </Button>
          <AdminIconActions user={user} actions={actions} />
        </div>
      </div>
    </article>
  );
}
