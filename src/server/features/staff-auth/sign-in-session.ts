import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type SignedInResponse, type User } from '../../../contracts/auth';
import { failedGuessLocks, LOCKOUT_WINDOW_MS } from '../../../domain/auth-rules';
import type { AppDeps, SessionUser } from '../../app-env';
import { createSession, type NewSession, securityInForce } from '../../auth/sessions';
import { type SignInGates, signInGatesOf } from '../../auth/sign-in-gates';
import type { DbOrTx } from '../../db/client';
import type { RecordOf } from '../../db/record-columns';
import { loginThrottles, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { recordAudit, signInEntry } from '../audit/audit.service';

/** What every staff ID sign-in shares, with a password alone or a password and a code. */

type UserRow = RecordOf<typeof users>;
type UserFields = Pick<
  UserRow | SessionUser,
  'id' | 'name' | 'email' | 'role' | 'department' | 'staffId' | 'photoUrl' | 'lastLogin'
> &
  SignInGates;

export function toUserDto(u: UserFields): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    department: u.department,
    staff_id: u.staffId,
    photo_url: u.photoUrl,
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
    must_change_password: u.mustChangePassword,
    must_set_up_two_factor: u.mustSetUpTwoFactor,
  };
}

export const lockedOut = () => new HttpError(429, AUTH_MESSAGES.lockedOut, { code: 'locked_out' });

/** The sign-in is complete: last login, the audit trail, a session, and the answer naming it. */
export async function openSession(
  deps: AppDeps,
  user: UserRow,
  rememberMe: boolean,
  how: string,
): Promise<{ response: SignedInResponse; session: NewSession }> {
  const now = deps.clock.now();
  const [updated] = await deps.db.transaction(async (tx) => {
    const rows = await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id)).returning();
    await recordAudit(tx, signInEntry(user, how, now));
    return rows;
  });
  const session = await createSession(deps, user.id, rememberMe);
  // The gates as the session's next request will see them, so the screen knows at once.
  const gates = signInGatesOf(
    { hasPassword: updated!.passwordHash !== null, ...updated! },
    await securityInForce(deps.db),
    now,
  );
  return {
    session,
    response: {
      user: toUserDto({ ...updated!, ...gates }),
      session_token: session.token,
      expires_at: session.expiresAt.toISOString(),
    },
  };
}

/**
 * Counts one more guess for a staff ID, in one statement, before its password is checked, and
 * answers the guess's number. Counting first (not after a failure) is what makes the lockout hold
 * when fifty guesses arrive at once: each takes its own number from the row, and only the first
 * five are checked. The guess that reaches the threshold starts the lock; an ended lock starts the
 * count afresh.
 */
export async function countGuess(db: DbOrTx, key: string, now: Date, threshold: number): Promise<number> {
  const lockEnds = new Date(now.getTime() + LOCKOUT_WINDOW_MS);
  const lockOver = sql`${loginThrottles.lockedUntil} <= ${now}`;
  const nextCount = sql`case when ${lockOver} then 1 else ${loginThrottles.failedCount} + 1 end`;
  const [row] = await db
    .insert(loginThrottles)
    .values({
      staffIdKey: key,
      failedCount: 1,
      lockedUntil: failedGuessLocks(1, threshold) ? lockEnds : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: loginThrottles.staffIdKey,
      set: {
        failedCount: nextCount,
        lockedUntil: sql`case
          when ${loginThrottles.lockedUntil} > ${now} then ${loginThrottles.lockedUntil}
          when ${nextCount} >= ${threshold} then ${lockEnds}::timestamptz
          else null end`,
        updatedAt: now,
      },
    })
    .returning({ failedCount: loginThrottles.failedCount });
  return row!.failedCount;
}
