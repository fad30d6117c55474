import { CalendarDays } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { User } from '../../../contracts/auth';
import { isStaffRole } from '../../../domain/roles';
import { Skeleton } from '../../components/ui';
import { dayOf, formatLongDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useDashboard } from './dashboard.queries';
import { roleSubtitle } from './role-subtitle';

// The banner comes first, with the page's own small file; the figures, charts and cards below it
// (a dozen more files of icons, labels and UI parts) and their data are asked for once it has
// painted: on a phone's network that puts the welcome and the layout on screen a second sooner
// (issue 22).
const StaffDashboard = lazy(() => import('./staff-dashboard').then((m) => ({ default: m.StaffDashboard })));
const MyDashboard = lazy(() => import('./my-dashboard').then((m) => ({ default: m.MyDashboard })));

/** / and /dashboard: welcome banner, then figures for staff, or an account's own dashboard. */
export function DashboardPage() {
  const user = useCurrentUser();
  const staff = isStaffRole(user.role);
  const painted = useAfterFirstPaint();
  // Asked beside the figures' code, rather than once that code has arrived.
  useDashboard(staff && painted);
  return (
    <div className="space-y-6">
      <WelcomeBanner user={user} />
      {painted ? (
        <Suspense fallback={<DashboardLoading />}>
          {staff ? <StaffDashboard officer={user.role === 'program_officer'} /> : <MyDashboard user={user} />}
        </Suspense>
      ) : (
        <DashboardLoading />
      )}
    </div>
  );
}

function DashboardLoading() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 2xl:grid-cols-6">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} className="h-24 w-full rounded-xl" />
      ))}
    </div>
  );
}

function WelcomeBanner({ user }: { user: User }) {
  const now = new Date();
  return (
    <section className="keep-light-palette relative overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-700 via-emerald-600 to-teal-600 px-6 py-6 text-white shadow-sm sm:px-8">
      <div aria-hidden="true" className="absolute -top-16 -right-10 size-56 rounded-full bg-white/10" />
      <div
        aria-hidden="true"
        className="absolute -right-24 -bottom-24 size-64 rounded-full bg-amber-300/15"
      />
      <div className="relative flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome back, {user.name}</h1>
          <p className="mt-1 text-emerald-50">{roleSubtitle(user.role)}</p>
        </div>
        <p className="flex items-center gap-2 text-sm text-emerald-50">
          <CalendarDays aria-hidden="true" className="size-4" />
          <time dateTime={dayOf(now)}>{formatLongDate(now)}</time>
        </p>
      </div>
    </section>
  );
}
