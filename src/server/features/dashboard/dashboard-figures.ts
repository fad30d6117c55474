import { studentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import {
  type AllowanceDashboardFigures,
  allowanceDashboardFigures,
  awaitingDecisionCount,
} from '../allowances/allowances.service';
import { type RecentActivity, recentActivity } from '../audit/audit.service';
import { type StudentCountGroup, studentCountGroups } from '../students/students.service';

/*
 * The dashboard's figures, each from what the database keeps for it: the students by category,
 * status and year from student_counts, the allowance sums from allowance_month_totals, the count
 * awaiting the user's decision from allowance_stage_totals (the bell's own count, so the two never
 * disagree), and the latest entries of the audit trail. Four small statements.
 */

export const RECENT_ACTIVITY = 10;

export interface DashboardFigures {
  groups: StudentCountGroup[];
  recentActivity: RecentActivity[];
  allowanceFigures: AllowanceDashboardFigures;
  awaiting: number;
}

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
  return {
    groups: await studentCountGroups(deps.db, user),
    recentActivity: await recentActivity(deps.db, officerId, RECENT_ACTIVITY),
    allowanceFigures: await allowanceDashboardFigures(deps.db, officerId, now),
    awaiting: await awaitingDecisionCount(deps, user),
  };
}
