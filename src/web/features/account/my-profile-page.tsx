import type { ReactNode } from 'react';
import type { MyProfile } from '../../../contracts/users';
import { initialsOf } from '../../../domain/names';
import { roleTitle } from '../../../domain/roles';
import { lastLoginLabel } from '../../../domain/users';
import { ListError } from '../../components/list';
import { Avatar, Badge, Card, CardBody, PageHeader, Skeleton } from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useAuth } from '../../lib/session';
import { MyTextMessages } from '../sms';
import { useMyProfile } from './account.queries';
import { DelegationCard } from './delegation-card';
import { PasswordCard } from './password-card';
import { ProfileForm } from './profile-form';
import { RoleRequestCard } from './role-request-card';
import { TwoFactorCard } from './two-factor-card';

/** /account: the signed-in user's own details, emergency contact, password, role and the texts sent to them. */
export function MyProfilePage() {
  const profile = useMyProfile();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="My Profile" description="Your contact details, emergency contact and password" />
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <Card>
          <ListError
            title="Couldn't load your profile"
            message={errorMessage(profile.error, {
              failed: 'Failed to load profile',
              network: NETWORK_MESSAGE,
            })}
            onRetry={() => void profile.refetch()}
            retrying={profile.isFetching}
          />
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="space-y-6">
            <ProfileSummary profile={profile.data} />
            <RoleRequestCard profile={profile.data} />
            <DelegationCard />
            <MyTextMessages userId={profile.data.id} />
          </div>
          <div className="space-y-6">
            <ProfileForm key={profile.data.id} profile={profile.data} />
            {profile.data.sign_in === 'staff' && (
              <>
                <PasswordCard />
                <TwoFactorCard />
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="grid gap-6 lg:grid-cols-3">
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-96 rounded-xl lg:col-span-2" />
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-slate-500">{term}</dt>
      <dd className="min-w-0 break-words text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Who the account is: initials, name, role, staff ID, email, department, last login, permissions. */
function ProfileSummary({ profile }: { profile: MyProfile }) {
  const { user } = useAuth();
  const photoUrl = user?.id === profile.id ? user.photo_url : null;
  return (
    <Card aria-label="Account summary">
      <CardBody className="space-y-4">
        <div className="flex items-center gap-4">
          <Avatar photoUrl={photoUrl} initials={initialsOf(profile.name)} size="lg" />
          <div className="min-w-0">
            <h2 className="break-words text-lg font-semibold text-slate-900">{profile.name}</h2>
            <Badge tone="primary">{roleTitle(profile.role)}</Badge>
          </div>
        </div>
        <dl className="divide-y divide-slate-100 text-sm">
          <Detail term="Staff ID">{profile.staff_id ?? '—'}</Detail>
          <Detail term="Email">{profile.email}</Detail>
          <Detail term="Department">{profile.department ?? '—'}</Detail>
          <Detail term="Last Login">{lastLoginLabel(profile.last_login, new Date(), formatDate)}</Detail>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Permissions ({profile.permissions.length})</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {profile.permissions.map((permission) => (
              <li key={permission}>{permission}</li>
            ))}
          </ul>
        </div>
      </CardBody>
    </Card>
  );
}
