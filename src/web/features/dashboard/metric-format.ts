import type { MetricFigure, MetricKey, MetricPeriod } from '../../../contracts/dashboard';
import { MONTHS } from '../../../domain/dates';

/*
 * How the performance metrics read on screen (docs/product.md §2 Dashboard defines them): names,
 * definitions, the rate of a period, its trend against the period before, and the lists they open.
 */

export const METRIC_LABELS: Record<MetricKey, string> = {
  student_retention: 'Student Retention Rate',
  allowance_on_time: 'On-time Allowance Distribution',
  issue_resolution: 'Issue Resolution Rate',
  form_completion: 'Form Completion Rate',
};

/** What each figure counts: the words of its tooltip (the same as docs/product.md §2). */
export const METRIC_DEFINITIONS: Record<MetricKey, string> = {
  student_retention:
    'Of the students who had started before 1 January and were enrolled on that day, the share not discharged by the end of the period (now, for this year). Graduated, suspended and transferred students count as retained. Status dates come from each student’s history.',
  allowance_on_time:
    'Of the allowances for the last complete month (not rejected), the share paid on or before that month’s payment day (System Settings). One not paid by then is late.',
  issue_resolution:
    'Of the issues reported in the last 90 days, the share resolved or closed within 30 days of being reported. An issue under 30 days old and not resolved yet is counted once it is resolved or its 30 days pass.',
  form_completion:
    'Of the forms dated in the last 90 days, drafts included, the share completed or reviewed.',
};

/** What the records of each metric are called, for "n of m …". */
const COUNTED_NOUNS: Record<MetricKey, [string, string]> = {
  student_retention: ['student', 'students'],
  allowance_on_time: ['allowance', 'allowances'],
  issue_resolution: ['issue', 'issues'],
  form_completion: ['form', 'forms'],
};

/** The area list each metric's records live in (every one opens a record with ?open=<id>). */
export const METRIC_AREAS: Record<MetricKey, { path: string; name: string }> = {
  student_retention: { path: '/students', name: 'Student Management' },
  allowance_on_time: { path: '/allowances', name: 'Allowances' },
  issue_resolution: { path: '/issues', name: 'Issue Tracker' },
  form_completion: { path: '/forms', name: 'Forms Management' },
};

/** The whole-number percentage of a period, or null when it counted nothing. */
export function ratePercent(figure: Pick<MetricFigure, 'counted' | 'met'>): number | null {
  if (figure.counted <= 0) return null;
  return Math.round((figure.met * 100) / figure.counted);
}

/** '67%', or '—' when there is nothing to count yet (never 0% or NaN). */
export function formatRate(figure: Pick<MetricFigure, 'counted' | 'met'>): string {
  const rate = ratePercent(figure);
  return rate === null ? '—' : `${rate}%`;
}

/** '2 of 3 students', or 'No data yet'. */
export function countedText(key: MetricKey, figure: Pick<MetricFigure, 'counted' | 'met'>): string {
  if (figure.counted <= 0) return 'No data yet';
  const [one, many] = COUNTED_NOUNS[key];
  return `${figure.met} of ${figure.counted} ${figure.counted === 1 ? one : many}`;
}

export interface Trend {
  direction: 'up' | 'down' | 'same' | 'none';
  /** Percentage points, rounded, without sign. */
  points: number;
  /** The words shown and read: 'Up 5 points on 2025', 'No earlier data'. */
  text: string;
}

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** This period against the one before, in percentage points of the exact rates. */
export function metricTrend(
  current: Pick<MetricFigure, 'counted' | 'met'>,
  previous: Pick<MetricFigure, 'counted' | 'met'>,
  previousLabel: string,
): Trend {
  if (current.counted <= 0 || previous.counted <= 0)
    return { direction: 'none', points: 0, text: `No data for ${previousLabel} to compare` };
  const change = Math.round((current.met / current.counted - previous.met / previous.counted) * 100);
  if (change === 0) return { direction: 'same', points: 0, text: `Same as ${previousLabel}` };
  const direction = change > 0 ? 'up' : 'down';
  const size = Math.abs(change);
  return {
    direction,
    points: size,
    text: `${direction === 'up' ? 'Up' : 'Down'} ${points(size)} on ${previousLabel}`,
  };
}

/** The month of an ISO day: 'February 2026'. */
export function monthOf(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

/**
 * How a period is named: the year ('2026 so far', '2025'), the month ('February 2026') or the
 * 90 days ('the last 90 days', 'the 90 days before'). `format` writes a date as the settings do.
 */
export function periodLabel(
  key: MetricKey,
  period: MetricPeriod,
  figure: Pick<MetricFigure, 'from' | 'to'>,
  format: (day: string) => string,
): string {
  switch (key) {
    case 'student_retention':
      return period === 'current' ? `${figure.from.slice(0, 4)} so far` : figure.from.slice(0, 4);
    case 'allowance_on_time':
      return monthOf(figure.from);
    default:
      return `${format(figure.from)} to ${format(figure.to)}`;
  }
}

/** The short name of the period before, for the trend: '2025', 'January 2026', 'the 90 days before'. */
export function previousLabel(key: MetricKey, previous: Pick<MetricFigure, 'from' | 'to'>): string {
  if (key === 'student_retention') return previous.from.slice(0, 4);
  if (key === 'allowance_on_time') return monthOf(previous.from);
  return 'the 90 days before';
}

/**
 * The area list a metric's records are in, narrowed as far as that list's address allows: the
 * allowances of the month by its name (the list searches student names and months), discharged
 * students. No list filters by date yet, so the metric's own list (its dialog) is the exact one.
 */
export function areaListUrl(key: MetricKey, figure: Pick<MetricFigure, 'from'>): string {
  const { path } = METRIC_AREAS[key];
  if (key === 'allowance_on_time')
    return `${path}?q=${encodeURIComponent(monthOf(figure.from).split(' ')[0]!)}`;
  if (key === 'student_retention') return `${path}?status=discharged`;
  return path;
}

/** A record's own page: each list opens one with ?open=<id>. */
export const recordUrl = (key: MetricKey, id: string) =>
  `${METRIC_AREAS[key].path}?open=${encodeURIComponent(id)}`;
