import { sql } from 'drizzle-orm';
import { studentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import {
  type AllowanceDashboardFigures,
  allowanceFiguresOf,
  allowanceSeriesSql,
  awaitingDecisionSql,
  dashboardMonths,
  type SeriesRow,
} from '../allowances/allowances.service';
import { type RecentActivity, recentActivitySql } from '../audit/audit.service';
import { type StudentCountGroup, studentCountGroupsSql } from '../students/students.service';

/*
 * The dashboard's figures, each from what the database keeps for it: the students by category,
 * status and year from student_counts, the allowance sums from allowance_month_totals, the count
 * awaiting the user's decision from allowance_stage_totals (the bell's own count, so the two never
 * disagree), and the latest entries of the audit trail. One statement reads them all, each as a
 * JSON list (or the count), after the look-up of whom the user holds stages for: as four
 * statements, sending and answering each was about half of the dashboard's cost of the core.
 */

export const RECENT_ACTIVITY = 10;

export interface DashboardFigures {
  groups: StudentCountGroup[];
  recentActivity: RecentActivity[];
  allowanceFigures: AllowanceDashboardFigures;
  awaiting: number;
}

type FiguresRow = {
  groups: StudentCountGroup[];
  recent_activity: RecentActivity[];
  allowance_series: SeriesRow[];
  awaiting: number;
};

export async function dashboardFigures(
  deps: AppDeps,
  user: SessionUser,
  now = deps.clock.now(),
): Promise<DashboardFigures> {
  const scope = studentScope(user);
  // An account that reaches no students counts nobody's: the nil uuid is no one's officer.
  const officerId =
    scope.kind === 'officer'
      ? scope.officerId
      : scope.kind === 'none'
        ? '00000000-0000-0000-0000-000000000000'
        : undefined;
  const { months, first, tz, utcOffset } = dashboardMonths(now);
  const awaiting = await awaitingDecisionSql(deps, user);
  // Each list in the order its query gives it (json_agg keeps the order of its input).
  const { rows } = await deps.db.execute<FiguresRow>(sql`
    select (select coalesce(json_agg(g), '[]') from (${studentCountGroupsSql(user)}) as g) as groups,
           (select coalesce(json_agg(a), '[]')
              from (${recentActivitySql(officerId, RECENT_ACTIVITY)}) as a) as recent_activity,
           (select coalesce(json_agg(s), '[]')
              from (${allowanceSeriesSql(officerId, first, tz, utcOffset)}) as s) as allowance_series,
           ${awaiting} as awaiting`);
  const row = rows[0]!;
  return {
    groups: row.groups,
    recentActivity: row.recent_activity,
    allowanceFigures: allowanceFiguresOf(row.allowance_series, months),
    awaiting: row.awaiting,
  };
}
