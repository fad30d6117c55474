import { Banknote, GraduationCap, Hourglass, Rocket, School, Table2, Users } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  MoneyFigure,
  Skeleton,
  StatCard,
  type StatCardProps,
} from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { currencyLabel } from '../../lib/format';
import { MonthlyAllowancesTable, StudentProgressTable, StudentsByCategoryTable } from './chart-tables';
import { useDashboard } from './dashboard.queries';
// Hand-drawn SVG, a few KB: loaded with the figures rather than after them, so no third request waits.
import { MonthlyAllowancesChart, StudentProgressChart, StudentsByCategoryChart } from './dashboard-charts';
import { PerformanceMetrics } from './performance-metrics';
import { RecentActivity } from './recent-activity';

/** Staff figures, scoped by the server: a program officer's count only their own students. */
export function StaffDashboard({ officer }: { officer: boolean }) {
  const query = useDashboard(true);
  const { isError, error, refetch, isFetching } = query;
  // Drawn at a lower priority than typing or clicking: React draws the figures and charts in short
  // slices, not in one long task that would hold up a phone's processor (issue 22).
  const data = useDeferredValue(query.data);
  const isPending = data === undefined;

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
  const figures: StatCardProps[] = [
    { label: 'Total Students', value: counts?.total, icon: Users, tone: 'emerald' },
    { label: 'University', value: counts?.university, icon: GraduationCap, tone: 'sky' },
    { label: 'College/Diploma', value: counts?.diploma, icon: School, tone: 'violet' },
    { label: 'Launch Year', value: counts?.launch_year, icon: Rocket, tone: 'amber' },
    {
      label: 'Awaiting Your Decision',
      value: data?.allowances.awaiting_my_decision,
      icon: Hourglass,
      tone: 'rose',
    },
    {
      label: 'Paid This Month',
      hint: officer ? 'Your students' : undefined,
      value: data ? <MoneyFigure value={data.allowances.paid_this_month} /> : null,
      icon: Banknote,
      tone: 'emerald',
    },
  ];
  return (
    <>
      <section
        aria-label="Key figures"
        className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 2xl:grid-cols-6"
      >
        {figures.map((figure) => (
          <StatCard key={figure.label} {...figure} loading={isPending} />
        ))}
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
            {data === undefined ? (
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
