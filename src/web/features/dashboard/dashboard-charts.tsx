import type { DashboardResponse } from '../../../contracts/dashboard';
import { EmptyState } from '../../components/ui';
import { formatCompactZmw, formatMoney } from '../../lib/format';
import {
  categorySlices,
  monthlyRows,
  progressRows,
  SERIES,
  STATUS_COLOURS,
  STATUS_LABELS,
  statusesPresent,
} from './chart-data';
import { formatCount } from './chart-geometry';
import { DonutChart, LineChart, StackedBarChart } from './svg-charts';

/** Donut of students per programme level. */
export function StudentsByCategoryChart({ data }: { data: DashboardResponse['students_by_category'] }) {
  const slices = categorySlices(data);
  if (slices.length === 0) return <EmptyState title="No students yet" className="h-[260px]" />;
  const summary = slices.map((s) => `${s.name} ${formatCount(s.value)}`).join(', ');
  return (
    <DonutChart
      label={`Students by category: ${summary}`}
      caption="students"
      slices={slices.map((s) => ({ key: s.key, name: s.name, value: s.value, colour: s.fill }))}
    />
  );
}

/** Students per start year, stacked by programme status. */
export function StudentProgressChart({ data }: { data: DashboardResponse['student_progress_by_year'] }) {
  const rows = progressRows(data);
  const statuses = statusesPresent(data);
  if (rows.length === 0 || statuses.length === 0)
    return <EmptyState title="No students yet" className="h-[260px]" />;
  const summary = data
    .map(
      (y) =>
        `${y.year}: ${statuses.map((s) => `${STATUS_LABELS[s]} ${formatCount(y.counts[s] ?? 0)}`).join(', ')}`,
    )
    .join('; ');
  return (
    <StackedBarChart
      label={`Student progress by year. ${summary}`}
      categories={rows.map((r) => r.year)}
      series={statuses.map((status) => ({
        key: status,
        name: STATUS_LABELS[status],
        colour: STATUS_COLOURS[status],
        values: rows.map((r) => r[status]),
      }))}
    />
  );
}

const MONEY_SERIES = [
  { key: 'submitted', name: 'Submitted', colour: SERIES.slate },
  { key: 'approved', name: 'Approved', colour: SERIES.sky },
  { key: 'paid', name: 'Paid', colour: SERIES.emerald },
] as const;

/** Submitted, approved and paid allowance totals over the last 12 months. */
export function MonthlyAllowancesChart({ data }: { data: DashboardResponse['monthly_allowances'] }) {
  const rows = monthlyRows(data);
  const hasAny = rows.some((r) => r.submitted || r.approved || r.paid);
  if (!hasAny) return <EmptyState title="No allowances in the last 12 months" className="h-[260px]" />;
  const last = data.at(-1);
  const summary = last
    ? `${last.label}: submitted ${formatMoney(last.submitted)}, approved ${formatMoney(last.approved)}, paid ${formatMoney(last.paid)}`
    : '';
  return (
    <LineChart
      label={`Monthly allowances over 12 months. ${summary}`}
      categories={rows.map((r) => r.label)}
      formatTick={formatCompactZmw}
      series={MONEY_SERIES.map((s) => ({
        ...s,
        // Plotted as numbers; written from the exact amounts.
        values: rows.map((r) => r[s.key]),
        labels: data.map((m) => formatMoney(m[s.key])),
      }))}
    />
  );
}
