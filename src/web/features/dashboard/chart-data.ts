import type { DashboardResponse } from '../../../contracts/dashboard';
import { PROGRAM_STATUSES, type ProgramLevel, type ProgramStatus } from '../../../domain/students';
import { moneyToNumber } from '../../lib/format';

/*
 * Series colours from the palette, so the dark theme's mirror (styles.css) lightens them on dark
 * cards; each reads at 3:1 or more against the card in both themes (WCAG 1.4.11). The fallbacks
 * are the light shades, for a shade no utility class makes Tailwind emit.
 */
export const SERIES = {
  emerald: 'var(--color-emerald-600, #059669)',
  sky: 'var(--color-sky-600, #0284c7)',
  amber: 'var(--color-amber-600, #d97706)',
  violet: 'var(--color-violet-600, #7c3aed)',
  slate: 'var(--color-slate-500, #64748b)',
} as const;

/** Colours per programme level and status, shared by charts and legends. */
export const CATEGORY_COLOURS: Record<ProgramLevel, string> = {
  university: SERIES.emerald,
  diploma: SERIES.sky,
  launch_year: SERIES.amber,
};

export const STATUS_COLOURS: Record<ProgramStatus, string> = {
  enrolled: SERIES.emerald,
  graduated: SERIES.sky,
  transferred: SERIES.violet,
  suspended: SERIES.amber,
  discharged: SERIES.slate,
};

export const STATUS_LABELS: Record<ProgramStatus, string> = {
  enrolled: 'Enrolled',
  graduated: 'Graduated',
  transferred: 'Transferred',
  suspended: 'Suspended',
  discharged: 'Discharged',
};

/** Pie slices: one per category, zeros dropped. */
export function categorySlices(data: DashboardResponse['students_by_category']) {
  return data
    .filter((c) => c.count > 0)
    .map((c) => ({ key: c.category, name: c.label, value: c.count, fill: CATEGORY_COLOURS[c.category] }));
}

/** Stacked bars: one row per year, one number per status (missing statuses count 0). */
export function progressRows(
  data: DashboardResponse['student_progress_by_year'],
): Array<{ year: string } & Record<ProgramStatus, number>> {
  return data.map(({ year, counts }) => ({
    year: String(year),
    ...(Object.fromEntries(PROGRAM_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<
      ProgramStatus,
      number
    >),
  }));
}

/** Statuses that occur in any year (so the legend lists only those). */
export function statusesPresent(data: DashboardResponse['student_progress_by_year']): ProgramStatus[] {
  return PROGRAM_STATUSES.filter((s) => data.some((y) => (y.counts[s] ?? 0) > 0));
}

/** Monthly lines as numbers (charts only; money shown as text stays exact). */
export function monthlyRows(data: DashboardResponse['monthly_allowances']) {
  return data.map((m) => ({
    label: m.label,
    submitted: moneyToNumber(m.submitted),
    approved: moneyToNumber(m.approved),
    paid: moneyToNumber(m.paid),
  }));
}
