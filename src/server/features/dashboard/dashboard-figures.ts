import { sql } from 'drizzle-orm';
import { stagesAwaitingRole } from '../../../domain/allowances';
import { studentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { NAMED_STATEMENTS, unseenByPlanner } from '../../db/prepared';
import { statementsByShape } from '../../db/statements-by-shape';
import { programmeDate } from '../../programme-time';
import {
  type AllowanceDashboardFigures,
  allowanceFiguresFromJson,
  allowanceSeriesJson,
  dashboardMonths,
  waitingCountSql,
  waitingSourceSql,
} from '../allowances/allowances.service';
import { type RecentActivity, recentActivityJson } from '../audit/audit.service';
import {
  type StudentCountGroup,
  studentCountGroupsFromJson,
  studentCountGroupsJson,
} from '../students/students.service';

/*
 * Every figure of the dashboard in one statement. A bench profile showed the dashboard's cost was
 * its round trips and PostgreSQL's planning, not its SQL: seven small statements, each a socket
 * write and parse in Node (the server's one thread is what runs out) and each planned on every
 * request (0.2-0.6 ms) to run in 0.02 ms. So each area gives its figure as a scalar subquery
 * answering JSON text (students' counts, the recent activity, the allowance sums, the count
 * awaiting the user's decision, which the bell counts with the same SQL, whom the user holds each
 * stage for by delegation resolved in the statement by delegationFor's rule), and the dashboard
 * asks them together in one statement, named per shape (db/prepared.ts) so that PostgreSQL plans
 * it once per connection.
 */

/** The officer whose students a program officer's dashboard counts; none for everyone's. */
function officerOf(user: SessionUser): string | undefined {
  const scope = studentScope(user);
  if (scope.kind === 'officer') return scope.officerId;
  // Staff reach everyone's students or their own; an account with neither counts nobody's.
  return scope.kind === 'none' ? '00000000-0000-0000-0000-000000000000' : undefined;
}

const RECENT_ACTIVITY = 10;

type Shape = { officer: boolean; waiting: boolean };
const statements = statementsByShape();

function statementFor(shape: Shape) {
  const key = `${shape.officer ? 'officer' : 'all'}.${shape.waiting ? 'waiting' : 'none'}`;
  return statements(
    key,
    (db: DbOrTx) => figuresSelect(db, shape),
    `${NAMED_STATEMENTS.dashboardFigures}:${key}`,
  );
}

function figuresSelect(db: DbOrTx, shape: Shape) {
  const officer = shape.officer ? sql.placeholder('officerId') : undefined;
  // The user, their stages and today unseen by the planner (db/prepared.ts): seen, they made the
  // admin's statement look cheaper planned for its values, and it was planned on every request.
  const user = unseenByPlanner(sql.placeholder('userId'), 'uuid');
  const stages = unseenByPlanner(sql.placeholder('stages'), 'text[]');
  const today = unseenByPlanner(sql.placeholder('today'), 'date');
  const waiting = shape.waiting
    ? waitingCountSql(user, stages, waitingSourceSql(user, stages, today))
    : sql`0`;
  return db
    .select({
      groups: studentCountGroupsJson(officer).as('groups'),
      activity: recentActivityJson(officer, RECENT_ACTIVITY).as('activity'),
      series: allowanceSeriesJson(officer, sql.placeholder('first'), sql.placeholder('tz')).as('series'),
      awaiting: waiting.as('awaiting'),
    })
    .from(sql`(select 1) as dashboard`);
}

export interface DashboardFigures {
  groups: StudentCountGroup[];
  recentActivity: RecentActivity[];
  allowanceFigures: AllowanceDashboardFigures;
  awaiting: number;
}

export async function dashboardFigures(deps: AppDeps, user: SessionUser): Promise<DashboardFigures> {
  const officerId = officerOf(user);
  const { months, first, tz } = dashboardMonths(deps.clock.now());
  const stages = stagesAwaitingRole(user.role);
  const today = programmeDate(deps.clock.now());
  const shape = { officer: officerId !== undefined, waiting: stages.length > 0 };
  const values = { officerId, first, tz, userId: user.id, stages, today };
  const [row] = await statementFor(shape)(deps.db, values);
  return {
    groups: studentCountGroupsFromJson(String(row?.groups ?? '[]')),
    recentActivity: JSON.parse(String(row?.activity ?? '[]')) as RecentActivity[],
    allowanceFigures: allowanceFiguresFromJson(String(row?.series ?? '[]'), months),
    awaiting: Number(row?.awaiting ?? 0),
  };
}
