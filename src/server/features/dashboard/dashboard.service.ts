import { and, sql } from 'drizzle-orm';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { PROGRAMME_TIME_ZONE } from '../../../domain/dates';
import {
  PROGRAM_LEVEL_LABELS,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
  type ProgramStatus,
} from '../../../domain/students';
import type { AppDeps, SessionUser } from '../../app-env';
import { students } from '../../db/schema';
import { listRecentActivity } from '../activity/activity.service';
import { allowanceDashboardFigures } from '../allowances/allowances.service';
import { studentScopeCondition } from '../students/students.service';

/** How many years the progress chart shows: the most recent ones present in the data. */
const PROGRESS_YEARS = 6;
const RECENT_ACTIVITY = 10;

/** The dashboard's figures, scoped like the student list (a program officer: own students only). */
export async function getDashboard(deps: AppDeps, user: SessionUser): Promise<DashboardResponse> {
  const scope = studentScopeCondition(user);
  const startYear = sql<number>`coalesce(
    extract(year from ${students.startDate}),
    extract(year from ${students.createdAt} at time zone ${PROGRAMME_TIME_ZONE})
  )::int`;

  const [groups, recentActivity, allowanceFigures] = await Promise.all([
    // One pass over the students gives both the category counts and the progress by year.
    deps.db
      .select({
        level: students.programLevel,
        year: startYear,
        status: students.programStatus,
        n: sql<number>`count(*)`,
      })
      .from(students)
      .where(and(scope))
      .groupBy(students.programLevel, sql`2`, students.programStatus),
    listRecentActivity(deps, user, RECENT_ACTIVITY),
    allowanceDashboardFigures(deps.db, user, deps.clock.now()),
  ]);

  const byLevel = Object.fromEntries(PROGRAM_LEVELS.map((l) => [l, 0])) as Record<
    (typeof PROGRAM_LEVELS)[number],
    number
  >;
  for (const row of groups) byLevel[row.level] += row.n;

  const years = [...new Set(groups.map((p) => p.year))].sort((a, b) => a - b).slice(-PROGRESS_YEARS);
  const emptyCounts = () =>
    Object.fromEntries(PROGRAM_STATUSES.map((s) => [s, 0])) as Record<ProgramStatus, number>;
  const studentProgressByYear = years.map((year) => {
    const counts = emptyCounts();
    for (const p of groups) if (p.year === year) counts[p.status] += p.n;
    return { year, counts };
  });

  return {
    studentCounts: {
      total: byLevel.university + byLevel.diploma + byLevel.launch_year,
      university: byLevel.university,
      diploma: byLevel.diploma,
      launch_year: byLevel.launch_year,
    },
    allowances: {
      awaitingMyDecision: allowanceFigures.awaitingMyDecision,
      paidThisMonth: allowanceFigures.paidThisMonth,
    },
    studentsByCategory: PROGRAM_LEVELS.map((category) => ({
      category,
      label: PROGRAM_LEVEL_LABELS[category],
      count: byLevel[category],
    })),
    studentProgressByYear,
    monthlyAllowances: allowanceFigures.monthlyAllowances,
    recentActivity,
  };
}
