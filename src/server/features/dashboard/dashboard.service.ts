import type { DashboardResponse } from '../../../contracts/dashboard';
import {
  PROGRAM_LEVEL_LABELS,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
  type ProgramStatus,
} from '../../../domain/students';
import type { AppDeps, SessionUser } from '../../app-env';
import { type DashboardFigures, dashboardFigures } from './dashboard-figures';

/** How many years the progress chart shows: the most recent ones present in the data. */
const PROGRESS_YEARS = 6;

/** The dashboard's figures, scoped like the student list (a program officer: own students only). */
export async function dashboard(deps: AppDeps, user: SessionUser): Promise<DashboardResponse> {
  return dashboardResponse(await dashboardFigures(deps, user));
}

/**
 * The answer from the figures: by category, status and start year (both the category counts and
 * the progress by year); a program officer's allowance sums are their own students'; the awaiting
 * count is the bell's.
 */
function dashboardResponse(figures: DashboardFigures): DashboardResponse {
  const { groups, recentActivity, allowanceFigures, awaiting } = figures;

  const byLevel = Object.fromEntries(PROGRAM_LEVELS.map((l) => [l, 0])) as Record<
    (typeof PROGRAM_LEVELS)[number],
    number
  >;
  for (const row of groups) byLevel[row.level] += row.n;

  const years = [...new Set(groups.map((p) => p.year))].sort((a, b) => a - b).slice(-PROGRESS_YEARS);
  const emptyCounts = () =>
    Object.fromEntries(PROGRAM_STATUSES.map((s) => [s, 0])) as Record<ProgramStatus, number>;
  const progressByYear = years.map((year) => {
    const counts = emptyCounts();
    for (const p of groups) if (p.year === year) counts[p.status] += p.n;
    return { year, counts };
  });

  return {
    student_counts: {
      total: byLevel.university + byLevel.diploma + byLevel.launch_year,
      university: byLevel.university,
      diploma: byLevel.diploma,
      launch_year: byLevel.launch_year,
    },
    allowances: {
      awaiting_my_decision: awaiting,
      paid_this_month: allowanceFigures.paid_this_month,
    },
    students_by_category: PROGRAM_LEVELS.map((category) => ({
      category,
      label: PROGRAM_LEVEL_LABELS[category],
      count: byLevel[category],
    })),
    student_progress_by_year: progressByYear,
    monthly_allowances: allowanceFigures.monthly_allowances,
    recent_activity: recentActivity,
  };
}
