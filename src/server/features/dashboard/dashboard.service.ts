import type { DashboardResponse } from '../../../contracts/dashboard';
import { studentScope } from '../../../domain/student-permissions';
import {
  PROGRAM_LEVEL_LABELS,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
  type ProgramStatus,
} from '../../../domain/students';
import type { AppDeps, SessionUser } from '../../app-env';
import { allowanceDashboardFigures, awaitingDecisionCount } from '../allowances/allowances.service';
import { listRecentActivity } from '../audit/audit.service';
import { storedStudentCounts } from '../students/students.service';

const officerOf = (user: SessionUser) => {
  const scope = studentScope(user);
  return scope.kind === 'officer' ? scope.officerId : undefined;
};

/** How many years the progress chart shows: the most recent ones present in the data. */
const PROGRESS_YEARS = 6;
const RECENT_ACTIVITY = 10;

/** The dashboard's figures, scoped like the student list (a program officer: own students only). */
export async function getDashboard(deps: AppDeps, user: SessionUser): Promise<DashboardResponse> {
  const [groups, recentActivity, allowanceFigures, awaiting] = await Promise.all([
    // By category, status and start year: both the category counts and the progress by year.
    storedStudentCounts(deps.db, user),
    listRecentActivity(deps, user, RECENT_ACTIVITY),
    // A program officer's sums are their own students' allowances, like the rest of their dashboard.
    allowanceDashboardFigures(deps.db, deps.clock.now(), officerOf(user)),
    // The bell's count, two-stage rule and delegations included: the card and the bell agree.
    awaitingDecisionCount(deps, user),
  ]);

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
