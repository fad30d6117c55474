import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { NAMED_STATEMENTS } from '../../db/prepared';
import { dashboardAnswers, studentsVersion } from '../../db/schema';
import { statementsByShape } from '../../db/statements-by-shape';
import { errorForLog } from '../../http/logger';
import { programmeDate } from '../../programme-time';
import { ALLOWANCE_CHANGES, dashboardMonths } from '../allowances/allowances.service';
import { recentActivityJson } from '../audit/audit.service';
import { ONE_ROW, RECENT_ACTIVITY, studentsOf } from './dashboard-figures';

/*
 * A staff member's last dashboard answer, read back while nothing it counts has changed
 * (schema/dashboard-answers.ts, docs/decisions/002). One statement reads the kept row only if its
 * role, programme day, zone, months, students' version and allowance changes are all the current
 * ones, and the recent activity live beside it: about 45 µs of PostgreSQL's time where the
 * figures' statement takes 110, and the answer goes out as the text it was kept as.
 */

/** The request's own inputs to the answer, besides the data: a kept answer must match them all. */
export interface AnswerKey {
  userId: string;
  role: string;
  day: string;
  zone: string;
  utcOffset: number;
  firstMonth: string;
  /** Whose recent activity: an officer's (or nobody's, the nil uuid), else everyone's. */
  officerId: string | undefined;
}

export function answerKey(user: SessionUser, now: Date): AnswerKey {
  const { first, tz, utcOffset } = dashboardMonths(now);
  const { officerId } = studentsOf(user);
  return {
    userId: user.id,
    role: user.role,
    day: programmeDate(now),
    zone: tz,
    utcOffset,
    firstMonth: first,
    officerId,
  };
}

const statements = statementsByShape();

function keptAnswerStatement(scoped: boolean) {
  const key = scoped ? 'officer' : 'all';
  return statements(
    key,
    (db: DbOrTx) => keptAnswerSelect(db, scoped),
    `${NAMED_STATEMENTS.dashboardAnswer}:${key}`,
  );
}

function keptAnswerSelect(db: DbOrTx, scoped: boolean) {
  const kept = dashboardAnswers;
  const officer = scoped ? sql.placeholder('officerId') : undefined;
  return db
    .select({
      answer: sql`${kept.answer}`.as('answer'),
      activity: recentActivityJson(officer, RECENT_ACTIVITY).as('activity'),
    })
    .from(ONE_ROW)
    .leftJoin(studentsVersion, sql`true`)
    .leftJoin(
      kept,
      and(
        eq(kept.userId, sql.placeholder('userId')),
        eq(kept.role, sql.placeholder('role')),
        eq(kept.day, sql.placeholder('day')),
        eq(kept.zone, sql.placeholder('zone')),
        eq(kept.utcOffset, sql.placeholder('utcOffset')),
        eq(kept.firstMonth, sql.placeholder('firstMonth')),
        eq(kept.studentsVersion, studentsVersion.version),
        eq(kept.allowanceChanges, ALLOWANCE_CHANGES),
      ),
    );
}

/** The kept answer if it still holds (else null), and the recent activity, as JSON text. */
export async function keptAnswer(
  deps: AppDeps,
  key: AnswerKey,
): Promise<{ answer: string | null; activity: string }> {
  const { officerId, ...values } = key;
  const [row] = await keptAnswerStatement(officerId !== undefined)(deps.db, { ...values, officerId });
  return {
    answer: row?.answer == null ? null : String(row.answer),
    activity: String(row?.activity ?? '[]'),
  };
}

/**
 * Keeps an answer counted at `versions` for the user's next view, in place of the one before. A
 * request that read older versions may overwrite a newer answer: the next view then finds the
 * versions moved on and counts afresh, so nothing stale is ever shown. A failure costs only the
 * next view a count: it is logged, and the dashboard still answers.
 */
export async function keepAnswer(
  deps: AppDeps,
  key: AnswerKey,
  versions: { studentsVersion: number; allowanceChanges: number },
  answer: string,
): Promise<void> {
  const { officerId: _, ...row } = key;
  const kept = dashboardAnswers;
  try {
    await deps.db
      .insert(kept)
      .values({ ...row, ...versions, answer })
      .onConflictDoUpdate({
        target: kept.userId,
        set: {
          role: sql`excluded.role`,
          day: sql`excluded.day`,
          zone: sql`excluded.zone`,
          utcOffset: sql`excluded.utc_offset`,
          firstMonth: sql`excluded.first_month`,
          studentsVersion: sql`excluded.students_version`,
          allowanceChanges: sql`excluded.allowance_changes`,
          answer: sql`excluded.answer`,
        },
      });
  } catch (error) {
    deps.logger.error('dashboard answer not kept', errorForLog(error));
  }
}

/** An answer kept without its recent activity, with it: the JSON text the API sends. */
export function withRecentActivity(answer: string, activity: string): string {
  return `${answer.slice(0, -1)},"recent_activity":${activity}}`;
}
