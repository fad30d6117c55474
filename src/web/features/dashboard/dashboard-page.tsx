import {
  Banknote,
  CalendarDays,
  GraduationCap,
  Hourglass,
  Rocket,
  School,
  Table2,
  Users,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { User } from '../../../contracts/auth';
import { isStaffRole } from '../../../domain/roles';
import { Alert, Button, Card, CardBody, CardHeader, Skeleton, StatCard } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { currencyLabel, dayOf, formatLongDate, formatMoney } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { MonthlyAllowancesTable, StudentProgressTable, StudentsByCategoryTable } from './chart-tables';
import { useDashboard } from './dashboard.queries';
// Hand-drawn SVG, a few KB: loaded with the page rather than after it, so no second request waits.
import { MonthlyAllowancesChart, StudentProgressChart, StudentsByCategoryChart } from './dashboard-charts';
import { MyDashboard } from './my-dashboard';
import { PerformanceMetrics } from './performance-metrics';
import { RecentActivity } from './recent-activity';
import { roleSubtitle } from './role-subtitle';

/** / and /dashboard: welcome banner, then figures for staff, or an account's own dashboard. */
export function DashboardPage() {
  const user = useCurrentUser();
  const staff = isStaffRole(user.role);
  return (
    <div className="space-y-6">
      <WelcomeBanner user={user} />
      {staff ? <StaffDashboard officer={user.role === 'program_officer'} /> : <MyDashboard user={user} />}
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

/** Staff figures, scoped by the server: a program officer's count only their own students. */
function StaffDashboard({ officer }: { officer: boolean }) {
  const { data, isPending, isError, error, refetch, isFetching } = useDashboard(true);

  if (isError) {
    return (
      <Card>
        <CardBody className="space-y-4">
          <Alert tone="error" title="Couldn't load the dashboard">
            {errorMessage(error, {
              failed: 'The server could not provide the dashboard figures.',
              network: 'The server could not be reached. Check your connection.',
            })}
          </Alert>
          <Button
            variant="secondary"
            onClick={() => refetch()}
            loading={isFetching}
            loadingText="Retrying..."
          >
            Retry
          </Button>
        </CardBody>
      </Card>
    );
  }

  const counts = data?.student_counts;
  return (
    <>
      <section
        aria-label="Key figures"
        className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 2xl:grid-cols-6"
      >
        <StatCard
          label="Total Students"
          value={counts?.total}
          icon={Users}
          tone="emerald"
          loading={isPending}
        />
        <StatCard
          label="University"
          value={counts?.university}
          icon={GraduationCap}
          tone="sky"
          loading={isPending}
        />
        <StatCard
          label="College/Diploma"
          value={counts?.diploma}
          icon={School}
          tone="violet"
          loading={isPending}
        />
        <StatCard
          label="Launch Year"
          value={counts?.launch_year}
          icon={Rocket}
          tone="amber"
          loading={isPending}
        />
        <StatCard
          label="Awaiting Your Decision"
          value={data?.allowances.awaiting_my_decision}
          icon={Hourglass}
          tone="rose"
          loading={isPending}
        />
        <StatCard
          label="Paid This Month"
          hint={officer ? 'Your students' : undefined}
          value={
            data ? (
              <span className="text-lg sm:text-xl">{formatMoney(data.allowances.paid_this_month)}</span>
            ) : null
          }
          icon={Banknote}
          tone="emerald"
          loading={isPending}
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <ChartCard
          title="Students by Category"
          loading={isPending}
          chart={data && <StudentsByCategoryChart data={data.students_by_category} />}
          table={data && <StudentsByCategoryTable data={data.students_by_category} />}
        />
        <ChartCard
          title="Student Progress by Year"
          description="By start year and programme status"
          className="lg:col-span-2"
          loading={isPending}
          chart={data && <StudentProgressChart data={data.student_progress_by_year} />}
          table={data && <StudentProgressTable data={data.student_progress_by_year} />}
        />
        <ChartCard
          title="Monthly Allowances"
          description={`Submitted, approved and paid totals${officer ? ' of your students' : ''}, last 12 months (${currencyLabel()})`}
          className="lg:col-span-2"
          loading={isPending}
          chart={data && <MonthlyAllowancesChart data={data.monthly_allowances} />}
          table={data && <MonthlyAllowancesTable data={data.monthly_allowances} />}
        />
        <Card>
          <CardHeader title="Recent Activity" />
          <CardBody>
            {isPending ? (
              <div className="space-y-4">
                {[0, 1, 2, 3].map((i) => (
                  <div key={i} className="flex gap-3">
                    <Skeleton className="size-8 rounded-full" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-4 w-full" />
                      <Skeleton className="h-3 w-1/2" />
                    </div>
                  </div>
                ))}
              </div>
            ) : (
              <RecentActivity items={data.recent_activity} />
            )}
          </CardBody>
        </Card>
      </div>

      <PerformanceMetrics />
    </>
  );
}

/** A chart with its numbers as a table a click away ('Show as table'), for every reader. */
function ChartCard({
  title,
  description,
  className,
  loading,
  chart,
  table,
}: {
  title: string;
  description?: string;
  className?: string;
  loading: boolean;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const skeleton = <Skeleton className="h-[260px] w-full" />;
  return (
    <Card className={className}>
      <CardHeader
        title={title}
        description={description}
        actions={
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
            disabled={loading}
          >
            <Table2 aria-hidden="true" className="size-4" />
            Show as table
          </Button>
        }
      />
      <CardBody>{loading ? skeleton : asTable ? table : chart}</CardBody>
    </Card>
  );
}
