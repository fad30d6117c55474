import type { DashboardResponse } from '../../../contracts/dashboard';
import { PROGRAM_STATUSES, type ProgramLevel, type ProgramStatus } from '../../../domain/students';
import { moneyToNumber } from '../../lib/format';

/** Colours per programme level and status, shared by charts and legends. */
export const CATEGORY_COLOURS: Record<ProgramLevel, string> = {
  university: '#059669',
  diploma: '#0284c7',
  launch_year: '#d97706',
};

export const STATUS_COLOURS: Record<ProgramStatus, string> = {
  enrolled: '#059669',
  graduated: '#0284c7',
  transferred: '#8b5cf6',
  suspended: '#f59e0b',
  discharged: '#94a3b8',
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
export function progressRows(data: DashboardResponse['student_progress_by_year']) {
  return data.map(({ year, counts }) => {
    const row: Record<string, number | string> = { year: String(year) };
    for (const status of PROGRAM_STATUSES) row[status] = counts[status] ?? 0;
    return row;
  });
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
