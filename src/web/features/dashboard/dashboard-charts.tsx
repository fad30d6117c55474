import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { EmptyState } from '../../components/ui';
import { formatCompactZmw, formatMoney } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import {
  categorySlices,
  monthlyRows,
  progressRows,
  STATUS_COLOURS,
  STATUS_LABELS,
  statusesPresent,
} from './chart-data';

const CHART_HEIGHT = 260;
/*
 * Chart chrome in the palette's variables, which the dark theme mirrors (styles.css), so axes,
 * grid lines and tooltips read in both themes; the series colours are mid-tones that read on both.
 */
const axisTick = { fontSize: 12, fill: 'var(--color-slate-600)' };
const axisLine = { stroke: 'var(--color-slate-300)' };
const GRID = 'var(--color-slate-200)';
const tooltipStyle = {
  borderRadius: 8,
  borderColor: 'var(--color-slate-200)',
  backgroundColor: 'var(--color-white)',
  color: 'var(--color-slate-900)',
  fontSize: 13,
};
const tooltipLabel = { color: 'var(--color-slate-900)' };

/** Legend entries in body text colour (the dot carries the series colour). */
const legendText = (value: string) => <span className="text-slate-700">{value}</span>;

function useChartAnimation(): boolean {
  return !useMediaQuery('(prefers-reduced-motion: reduce)');
}

/** Donut of students per programme level. */
export function StudentsByCategoryChart({ data }: { data: DashboardResponse['students_by_category'] }) {
  const animate = useChartAnimation();
  const slices = categorySlices(data);
  if (slices.length === 0) return <EmptyState title="No students yet" className="h-[260px]" />;
  const summary = slices.map((s) => `${s.name} ${s.value}`).join(', ');
  return (
    <figure role="img" aria-label={`Students by category: ${summary}`} className="m-0 h-[260px]">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <PieChart>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            innerRadius="55%"
            outerRadius="80%"
            paddingAngle={2}
            isAnimationActive={animate}
          >
            {slices.map((s) => (
              <Cell key={s.key} fill={s.fill} stroke="var(--color-white)" />
            ))}
          </Pie>
          <Tooltip contentStyle={tooltipStyle} labelStyle={tooltipLabel} />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
        </PieChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Students per start year, stacked by programme status. */
export function StudentProgressChart({ data }: { data: DashboardResponse['student_progress_by_year'] }) {
  const animate = useChartAnimation();
  const rows = progressRows(data);
  const statuses = statusesPresent(data);
  if (rows.length === 0 || statuses.length === 0)
    return <EmptyState title="No students yet" className="h-[260px]" />;
  const summary = data
    .map((y) => `${y.year}: ${statuses.map((s) => `${STATUS_LABELS[s]} ${y.counts[s] ?? 0}`).join(', ')}`)
    .join('; ');
  return (
    <figure role="img" aria-label={`Student progress by year. ${summary}`} className="m-0 h-[260px]">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID} />
          <XAxis dataKey="year" tick={axisTick} tickLine={false} axisLine={axisLine} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip
            contentStyle={tooltipStyle}
            labelStyle={tooltipLabel}
            cursor={{ fill: 'var(--color-slate-100)' }}
          />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
          {statuses.map((status, i) => (
            <Bar
              key={status}
              dataKey={status}
              name={STATUS_LABELS[status]}
              stackId="status"
              fill={STATUS_COLOURS[status]}
              radius={i === statuses.length - 1 ? [4, 4, 0, 0] : 0}
              maxBarSize={48}
              isAnimationActive={animate}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

const MONEY_SERIES = [
  { key: 'submitted', name: 'Submitted', colour: '#94a3b8' },
  { key: 'approved', name: 'Approved', colour: '#0284c7' },
  { key: 'paid', name: 'Paid', colour: '#059669' },
] as const;

/** Submitted, approved and paid allowance totals over the last 12 months. */
export function MonthlyAllowancesChart({ data }: { data: DashboardResponse['monthly_allowances'] }) {
  const animate = useChartAnimation();
  const rows = monthlyRows(data);
  const hasAny = rows.some((r) => r.submitted || r.approved || r.paid);
  if (!hasAny) return <EmptyState title="No allowances in the last 12 months" className="h-[260px]" />;
  const last = data.at(-1);
  const summary = last
    ? `${last.label}: submitted ${formatMoney(last.submitted)}, approved ${formatMoney(last.approved)}, paid ${formatMoney(last.paid)}`
    : '';
  return (
    <figure role="img" aria-label={`Monthly allowances over 12 months. ${summary}`} className="m-0 h-[260px]">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={rows} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={axisLine} minTickGap={16} />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={56}
            tickFormatter={(v: number) => formatCompactZmw(v)}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            labelStyle={tooltipLabel}
            formatter={(value) => formatMoney(Number(value ?? 0).toFixed(2))}
          />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
          {MONEY_SERIES.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.colour}
              strokeWidth={2.5}
              dot={{ r: 3, fill: 'var(--color-white)' }}
              activeDot={{ r: 5 }}
              isAnimationActive={animate}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
