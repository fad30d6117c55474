import { and, eq, type SQL, sql } from 'drizzle-orm';
import { stagesAwaitingRole } from '../../../domain/allowances';
import { studentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { NAMED_STATEMENTS, unseenByPlanner } from '../../db/prepared';
import { dashboardStudentGroups, studentsVersion } from '../../db/schema';
import { NO_SCOPE } from '../../db/schema/row-tallies';
import { statementsByShape } from '../../db/statements-by-shape';
import { errorForLog } from '../../http/logger';
import { programmeDate } from '../../programme-time';
import {
  ALLOWANCE_CHANGES,
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
 * it once per connection. A view asks it only when the account's kept answer no longer holds
 * (dashboard-answers.ts); it reads the versions that answer is kept under in the same snapshot.
 */

/**
 * Whose students the dashboard counts: everyone's, a program officer's own, or nobody's (an
 * account that reaches no students: counted with the nil uuid as its officer, which no student
 * has, and never kept, since the nil uuid is also the key of everyone's kept groups).
 */
type Students = 'all' | 'officer' | 'none';

export function studentsOf(user: SessionUser): { students: Students; officerId?: string } {
  const scope = studentScope(user);
  if (scope.kind === 'officer') return { students: 'officer', officerId: scope.officerId };
  if (scope.kind === 'all') return { students: 'all' };
  return { students: 'none', officerId: '00000000-0000-0000-0000-000000000000' };
}

export const RECENT_ACTIVITY = 10;

export const ONE_ROW = sql`(select 1) as dashboard`;

type Shape = { students: Students; waiting: boolean };
const statements = statementsByShape();

function statementFor(shape: Shape) {
  const key = `${shape.students}.${shape.waiting ? 'waiting' : 'none'}`;
  return statements(
    key,
    (db: DbOrTx) => figuresSelect(db, shape),
    `${NAMED_STATEMENTS.dashboardFigures}:${key}`,
  );
}

function figuresSelect(db: DbOrTx, shape: Shape) {
  const officer = shape.students === 'all' ? undefined : sql.placeholder('officerId');
  // The user, their stages and today unseen by the planner (db/prepared.ts): seen, they made the
  // admin's statement look cheaper planned for its values, and it was planned on every request.
  const user = unseenByPlanner(sql.placeholder('userId'), 'uuid');
  const stages = unseenByPlanner(sql.placeholder('stages'), 'text[]');
  const today = unseenByPlanner(sql.placeholder('today'), 'date');
  const waiting = shape.waiting
    ? waitingCountSql(user, stages, waitingSourceSql(user, stages, today))
    : sql`0`;
  const others = {
    activity: recentActivityJson(officer, RECENT_ACTIVITY).as('activity'),
    series: allowanceSeriesJson(
      officer,
      sql.placeholder('first'),
      sql.placeholder('tz'),
      sql.placeholder('utcOffset'),
    ).as('series'),
    awaiting: waiting.as('awaiting'),
    allowanceChanges: ALLOWANCE_CHANGES.as('allowance_changes'),
  };
  const counted = studentCountGroupsJson(officer);
  if (shape.students === 'none')
    return db
      .select({
        version: sql`(select ${studentsVersion.version} from ${studentsVersion})`.as('students_version'),
        groups: counted.as('groups'),
        ...others,
      })
      .from(ONE_ROW);
  return keptGroupsJoined(
    db,
    shape.students === 'all' ? sql`${NO_SCOPE}::uuid` : sql`${officer}`,
    counted,
    others,
  );
}

/*
 * The student groups kept at the students' current version (schema/dashboard-student-groups.ts),
 * else counted. A left join, so the statement answers its one row with no version or nothing kept.
 * COALESCE runs the counting subquery (an InitPlan, evaluated on first use) only when nothing is
 * kept: EXPLAIN ANALYZE EXECUTE shows it "never executed" on a hit. One statement reads the version
 * and the counts in one snapshot, and every write to students moves the version in its own
 * transaction, so the groups counted here are the groups of the version read with them.
 */
function keptGroupsJoined(db: DbOrTx, scope: SQL, counted: SQL, others: Record<string, SQL.Aliased>) {
  const kept = dashboardStudentGroups;
  return db
    .select({
      version: sql`${studentsVersion.version}`.as('students_version'),
      groups: sql`coalesce(${kept.groups}, ${counted})`.as('groups'),
      counted: sql`${kept.scope} is null`.as('counted'),
      ...others,
    })
    .from(ONE_ROW)
    .leftJoin(studentsVersion, sql`true`)
    .leftJoin(kept, and(eq(kept.scope, scope), eq(kept.studentsVersion, studentsVersion.version)));
}

/**
 * Keeps the groups a dashboard counted under the version read with them, for the next dashboard of
 * the same scope. A request that read an older version never replaces a newer one; the same version
 * holds the same groups, so it is not written again. A failure costs only the next request a count:
 * it is logged, and the dashboard still answers.
 */
async function keepGroups(deps: AppDeps, scope: string, version: number, groups: string): Promise<void> {
  const kept = dashboardStudentGroups;
  try {
    await deps.db
      .insert(kept)
      .values({ scope, studentsVersion: version, groups })
      .onConflictDoUpdate({
        target: kept.scope,
        set: { studentsVersion: sql`excluded.students_version`, groups: sql`excluded.groups` },
        setWhere: sql`${kept.studentsVersion} < excluded.students_version`,
      });
  } catch (error) {
    deps.logger.error('dashboard student groups not kept', errorForLog(error));
  }
}

export interface DashboardFigures {
  groups: StudentCountGroup[];
  recentActivity: RecentActivity[];
  allowanceFigures: AllowanceDashboardFigures;
  awaiting: number;
  /** What the figures were counted at: a kept answer holds them (dashboard-answers.ts). */
  versions: { studentsVersion: number; allowanceChanges: number } | null;
}

export async function dashboardFigures(
  deps: AppDeps,
  user: SessionUser,
  now = deps.clock.now(),
): Promise<DashboardFigures> {
  const { students, officerId } = studentsOf(user);
  const { months, first, tz, utcOffset } = dashboardMonths(now);
  const stages = stagesAwaitingRole(user.role);
  const today = programmeDate(now);
  const shape = { students, waiting: stages.length > 0 };
  const values = { officerId, first, tz, utcOffset, userId: user.id, stages, today };
  const [row] = await statementFor(shape)(deps.db, values);
  const groups = String(row?.groups ?? '[]');
  // Awaited: a miss comes once per write to students and scope, and a write left running after the
  // answer could outlive the pool it was sent on.
  if (row?.counted === true && row.students_version != null && students !== 'none')
    await keepGroups(deps, officerId ?? NO_SCOPE, Number(row.students_version), groups);
  return {
    groups: studentCountGroupsFromJson(groups),
    recentActivity: JSON.parse(String(row?.activity ?? '[]')) as RecentActivity[],
    allowanceFigures: allowanceFiguresFromJson(String(row?.series ?? '[]'), months),
    awaiting: Number(row?.awaiting ?? 0),
    versions:
      row?.students_version == null || row.allowance_changes == null
        ? null
        : { studentsVersion: Number(row.students_version), allowanceChanges: Number(row.allowance_changes) },
  };
}
