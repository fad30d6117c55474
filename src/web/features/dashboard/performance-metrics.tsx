import { useQuery } from '@tanstack/react-query';
import { Info, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type DashboardMetric,
  type DashboardMetricsResponse,
  METRIC_KEYS,
  type MetricKey,
  type MetricPeriod,
} from '../../../contracts/dashboard';
import { Card, CardBody, CardHeader, Skeleton } from '../../components/ui';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import {
  countedText,
  formatRate,
  METRIC_DEFINITIONS,
  METRIC_LABELS,
  metricTrend,
  periodLabel,
  previousLabel,
  ratePercent,
  type Trend,
} from './metric-format';
import { MetricsFailure } from './metrics-failure';

// The records behind a figure open in a dialog (its table, the labels of four areas): its code
// comes on demand, after the dashboard's first paint, not with the page (issue 22).
const loadRecordsDialog = () => import('./metric-records-dialog');
const MetricRecordsDialog = lazy(() => loadRecordsDialog().then((m) => ({ default: m.MetricRecordsDialog })));

/** Under the dashboard's key, so it is refreshed with the rest of the dashboard. */
export const metricsQueryKey = [...queryKeys.dashboard, 'metrics'] as const;

/**
 * The performance metrics (docs/product.md §2 Dashboard): four live rates over the records the
 * viewer reads, each with its definition, its trend against the period before, and its figure a
 * link to the records it counts (`?metric=<key>`, kept in the address so the list can be shared).
 */
export function PerformanceMetrics() {
  const query = useQuery({
    queryKey: metricsQueryKey,
    ...queryOf<DashboardMetricsResponse>('/api/dashboard/metrics'),
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = METRIC_KEYS.find((key) => key === searchParams.get('metric')) ?? null;
  const period: MetricPeriod = searchParams.get('period') === 'previous' ? 'previous' : 'current';
  // Once the figures are shown, the dialog's code is fetched, so that a click finds it here.
  useEffect(() => {
    if (query.data) loadRecordsDialog().catch(() => {});
  }, [query.data]);
  const show = (key: MetricKey | null, nextPeriod: MetricPeriod = 'current') =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('metric');
        next.delete('period');
        if (key) next.set('metric', key);
        if (key && nextPeriod === 'previous') next.set('period', 'previous');
        return next;
      },
      { replace: !key },
    );

  return (
    <Card aria-labelledby="performance-metrics-title">
      <CardHeader
        title={<span id="performance-metrics-title">Performance metrics</span>}
        description="Live figures over the records you can see. Select a figure to see the records it counts."
      />
      <CardBody>
        {query.isError ? (
          <MetricsFailure title="Couldn't load the performance metrics" query={query} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {query.data
              ? query.data.metrics.map((metric) => <MetricItem key={metric.key} metric={metric} />)
              : METRIC_KEYS.map((key) => (
                  <li key={key} className="space-y-3 rounded-lg border border-slate-200 p-4">
                    <p className="text-sm font-medium text-slate-700">{METRIC_LABELS[key]}</p>
                    <Skeleton className="h-9 w-20" />
                    <Skeleton className="h-4 w-full" />
                  </li>
                ))}
          </ul>
        )}
      </CardBody>
      {opened && (
        <Suspense fallback={null}>
          <MetricRecordsDialog
            metricKey={opened}
            period={period}
            onPeriod={(next) => show(opened, next)}
            onClose={() => show(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}

function MetricItem({ metric }: { metric: DashboardMetric }) {
  const { key, current, previous } = metric;
  const label = METRIC_LABELS[key];
  const rate = ratePercent(current);
  const trend = metricTrend(current, previous, previousLabel(key, previous));
  const headingId = `metric-${key}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col rounded-lg border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-slate-700">
          {label}
        </h3>
        <DefinitionTip label={label} text={METRIC_DEFINITIONS[key]} />
      </div>
      <Link
        to={{ search: `?metric=${key}` }}
        className="mt-2 self-start rounded text-3xl font-semibold tracking-tight text-slate-900 tabular-nums underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        aria-label={`${label}: ${rate === null ? 'no data yet' : `${rate}%`}. Show the records it counts`}
      >
        {formatRate(current)}
      </Link>
      <p className="mt-1 text-sm text-slate-600">
        {countedText(key, current)} · {periodLabel(key, 'current', current, formatDate)}
      </p>
      {current.pending > 0 && (
        <p className="mt-0.5 text-xs text-slate-500">
          {current.pending} more not counted yet (under 30 days old)
        </p>
      )}
      <TrendLine trend={trend} />
      <div aria-hidden="true" className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-primary" style={{ width: `${rate ?? 0}%` }} />
      </div>
    </li>
  );
}

const TREND_LOOK = {
  up: { icon: TrendingUp, className: 'text-emerald-700' },
  down: { icon: TrendingDown, className: 'text-red-700' },
  same: { icon: Minus, className: 'text-slate-600' },
  none: { icon: Minus, className: 'text-slate-500' },
} as const;

function TrendLine({ trend }: { trend: Trend }) {
  const { icon: Icon, className } = TREND_LOOK[trend.direction];
  return (
    <p className={cn('mt-2 flex items-center gap-1.5 text-xs font-medium', className)}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>{trend.text}</span>
    </p>
  );
}

/**
 * The definition in a tooltip: shown while the button is hovered (and the tooltip with it) or
 * focused, and on a tap (a touch screen has no hover); Escape hides it without moving focus (WCAG
 * 1.4.13). It is the button's description too, so a screen reader reads it on focus.
 */
function DefinitionTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const visibility = dismissed ? 'hidden' : focused || pinned ? 'block' : 'hidden group-hover:block';
  return (
    <span className="group relative shrink-0">
      <button
        type="button"
        aria-label={`What ${label} counts`}
        aria-describedby={id}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
          setDismissed(false);
        }}
        onClick={() => {
          setDismissed(false);
          setPinned((was) => !was);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !dismissed) {
            event.stopPropagation();
            setDismissed(true);
          }
        }}
        className="-m-1 rounded-full p-1 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Info aria-hidden="true" className="size-4" />
      </button>
      <span
        role="tooltip"
        id={id}
        className={cn(
          'absolute top-full right-0 z-20 mt-2 w-64 rounded-lg bg-slate-900 px-3 py-2 text-xs leading-relaxed font-normal text-white shadow-lg',
          visibility,
        )}
      >
        {text}
      </span>
    </span>
  );
}
