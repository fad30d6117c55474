import type { MetricKey, MetricPeriod } from '../../../contracts/dashboard';

/*
 * The periods the performance metrics are counted over (docs/product.md §2 Dashboard), as
 * calendar days in the programme's time zone. Pure: the figures and their lists share them.
 */

export interface MetricWindow {
  /** First and last day, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** On-time Allowance Distribution: the month's payment day. */
  due: string | null;
  /** On-time Allowance Distribution: the allowance period (calendar month) counted. */
  month?: { year: number; month: number };
}

/** How many days the issue and form windows span, today included. */
export const ROLLING_DAYS = 90;
/** An issue resolved (or closed) within this many days of being reported meets the measure. */
export const RESOLUTION_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');

/** The day `days` after (or before, negative) an ISO day. */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The calendar month `back` months before the month of `day`. */
function monthBefore(day: string, back: number): { year: number; month: number } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function monthWindow(year: number, month: number, paymentDay: number): MetricWindow {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(last)}`,
    due: `${year}-${pad(month)}-${pad(paymentDay)}`,
    month: { year, month },
  };
}

/**
 * The current and previous period of a metric on `today`:
 * - retention: this calendar year so far, and last year;
 * - on-time allowances: the last complete calendar month, and the month before it;
 * - issues and forms: the last 90 days (today included), and the 90 days before them.
 */
export function metricWindow(
  key: MetricKey,
  period: MetricPeriod,
  today: string,
  paymentDay: number,
): MetricWindow {
  const back = period === 'current' ? 0 : 1;
  switch (key) {
    case 'student_retention': {
      const year = Number(today.slice(0, 4)) - back;
      return { from: `${year}-01-01`, to: back ? `${year}-12-31` : today, due: null };
    }
    case 'allowance_on_time': {
      const { year, month } = monthBefore(today, 1 + back);
      return monthWindow(year, month, paymentDay);
    }
    case 'issue_resolution':
    case 'form_completion': {
      const to = addDays(today, -ROLLING_DAYS * back);
      return { from: addDays(to, -(ROLLING_DAYS - 1)), to, due: null };
    }
  }
}
