import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { User } from '../../../contracts/auth';
import type { MyDashboardResponse } from '../../../contracts/dashboard';
import { roleTitle } from '../../../domain/roles';
import { PROGRAM_LEVEL_LABELS, PROGRAM_STATUS_LABELS } from '../../../domain/students';
import { Alert, Button, Card, CardBody, CardHeader, Skeleton } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import {
  LatestAnnouncementsCard,
  PaidAllowancesCard,
  UpcomingEventsCard,
  YearbookEntryCard,
} from './my-dashboard-cards';

/**
 * 'Your Academic Progress' (docs/product.md §2 Dashboard), the dashboard of an account without a
 * staff role (GET /api/dashboard/mine): what the account is and may ask for, the events to come and
 * the latest announcements; for a student also their own record, the allowances paid to them and
 * their yearbook entry. No programme-wide student figure reaches these accounts.
 */
export function MyDashboard({ user }: { user: User }) {
  const query = useQuery({
    queryKey: queryKeys.myDashboard,
    ...queryOf<MyDashboardResponse>('/api/dashboard/mine'),
  });
  if (query.isError)
    return (
      <Alert tone="error" title="Your dashboard could not be loaded">
        <p>{errorMessage(query.error, { failed: 'Please try again.', network: 'Please try again.' })}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const mine = query.data;
  const loading = <Skeleton className="h-32 w-full" />;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6">
        <AccountCard user={user} mine={mine} />
        {mine ? <UpcomingEventsCard events={mine.events} /> : loading}
      </div>
      <div className="space-y-6 lg:col-span-2">
        {user.role === 'student' && (
          <>
            <StudentRecordCard mine={mine} email={user.email} />
            {mine?.student && <PaidAllowancesCard allowances={mine.allowances} />}
            {mine?.student && <YearbookEntryCard entries={mine.yearbook_entries} />}
          </>
        )}
        {mine ? <LatestAnnouncementsCard announcements={mine.announcements} /> : loading}
      </div>
    </div>
  );
}

function AccountCard({ user, mine }: { user: User; mine: MyDashboardResponse | undefined }) {
  const requested = mine?.requested_role && mine.requested_role !== user.role ? mine.requested_role : null;
  return (
    <Card className="self-start">
      <CardBody className="flex gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-800">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-2 text-sm text-slate-700">
          <h2 className="text-base font-semibold text-slate-900">Your account</h2>
          <p>
            Role: <span className="font-medium text-slate-900">{roleTitle(user.role)}</span>
          </p>
          {requested ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
              Your request for the {roleTitle(requested)} role is waiting for an administrator.
            </p>
          ) : user.role === 'user' ? (
            <p>
              Student records and allowances are for programme staff. An administrator can give your account a
              staff role.
            </p>
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}

function StudentRecordCard({ mine, email }: { mine: MyDashboardResponse | undefined; email: string }) {
  const student = mine?.student;
  return (
    <Card>
      <CardHeader title="Your student record" />
      <CardBody>
        {!mine ? (
          <Skeleton className="h-24 w-full" />
        ) : !student ? (
          <p className="text-sm text-slate-700">
            We could not find a student record with your email ({email}). Please ask your program officer to
            check the email on your record.
          </p>
        ) : (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact label="Name" value={student.full_name} />
            <Fact label="CHL number" value={student.chl_number} />
            <Fact label="Category" value={PROGRAM_LEVEL_LABELS[student.program_level]} />
            <Fact label="Status" value={PROGRAM_STATUS_LABELS[student.program_status]} />
            <Fact label="Institution" value={student.institution_name} />
            <Fact label="Program" value={student.current_program} />
            <Fact label="Program officer" value={student.assigned_officer_name} />
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value || 'Not provided'}</dd>
    </div>
  );
}
