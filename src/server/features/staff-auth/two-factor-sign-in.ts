import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { SignedInResponse } from '../../../contracts/auth';
import { TWO_FACTOR_MESSAGES as M, type TwoFactorSignInRequest } from '../../../contracts/two-factor';
import { tokenState } from '../../../domain/auth-rules';
import type { AppDeps } from '../../app-env';
import type { NewSession } from '../../auth/sessions';
import { hashToken, newSecretToken } from '../../auth/tokens';
import { type RecordOf, recordColumns } from '../../db/record-columns';
import { authTokens, loginThrottles, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { currentSettings } from '../settings/settings.service';
import { acceptTotpCode, spendRecoveryCode } from '../two-factor/two-factor.service';
import { countGuess, lockedOut, openSession } from './sign-in-session';

/*
 * The second step of a staff ID sign-in for an account with an authenticator (docs/product.md
 * D13): the right password earns a challenge, not a session; the challenge and a current code (or
 * one recovery code) earn the session. A challenge lasts five minutes and five wrong codes.
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;

/*
 * The login's "Remember me" travels inside the challenge token: 'r.' or 's.' before the random
 * part. Only the whole token's hash is stored, so a token with its prefix changed matches no
 * challenge: the choice cannot be altered in between, and auth_tokens needs no column for it.
 */
const REMEMBER = 'r.';
const SESSION_ONLY = 's.';

export async function startTwoFactorChallenge(deps: AppDeps, userId: string, rememberMe: boolean) {
  const now = deps.clock.now();
  const token = `${rememberMe ? REMEMBER : SESSION_ONLY}${newSecretToken()}`;
  const isChallenge = eq(authTokens.purpose, 'two_factor_challenge');
  // The account's finished or stale challenges go as a new one starts, so they never pile up.
  await deps.db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        isChallenge,
        or(isNotNull(authTokens.usedAt), lt(authTokens.expiresAt, now)),
      ),
    );
  await deps.db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose: 'two_factor_challenge',
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  });
  return { two_factor_required: true as const, challenge_token: token };
}

const challengeEnded = () => new HttpError(401, M.challengeEnded, { code: 'two_factor_challenge_ended' });

type Outcome =
  | { kind: 'ended' }
  | { kind: 'locked' }
  | { kind: 'wrong'; user: RecordOf<typeof users>; ended: boolean }
  | { kind: 'signed_in'; user: RecordOf<typeof users>; how: string };

/** A code (or recovery code) for a challenge: the session, or 401 with what went wrong. */
export async function completeTwoFactorSignIn(
  deps: AppDeps,
  input: TwoFactorSignInRequest,
): Promise<{ response: SignedInResponse; session: NewSession }> {
  const now = deps.clock.now();
  // The wrong code's count must stay written, so the transaction answers instead of throwing.
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [challenge] = await tx
      .select()
      .from(authTokens)
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(input.challenge_token)),
          eq(authTokens.purpose, 'two_factor_challenge'),
        ),
      )
      .for('update');
    if (!challenge || tokenState(challenge, now) !== 'valid' || challenge.attempts >= CHALLENGE_ATTEMPTS)
      return { kind: 'ended' };
    const [user] = await tx.select(recordColumns(users)).from(users).where(eq(users.id, challenge.userId));
    if (!user?.isActive || !user.twoFactorEnabledAt) {
      await tx.update(authTokens).set({ usedAt: now }).where(eq(authTokens.id, challenge.id));
      return { kind: 'ended' };
    }
    // A staff ID locked by wrong passwords or codes is locked here too, whatever the challenge has left.
    const key = user.staffId?.toUpperCase();
    if (key) {
      const [throttle] = await tx
        .select({ lockedUntil: loginThrottles.lockedUntil })
        .from(loginThrottles)
        .where(eq(loginThrottles.staffIdKey, key));
      if (throttle?.lockedUntil && throttle.lockedUntil.getTime() > now.getTime()) return { kind: 'locked' };
    }
    let how: string | null = null;
    if (input.code !== undefined) {
      if (await acceptTotpCode(tx, deps, user.id, input.code)) how = 'staff ID and an authenticator code';
    } else if (input.recovery_code !== undefined) {
      const left = await spendRecoveryCode(tx, user.id, input.recovery_code, now);
      if (left !== null) how = `staff ID and a recovery code (${left} left)`;
    }
    if (how === null) {
      const attempts = challenge.attempts + 1;
      const ended = attempts >= CHALLENGE_ATTEMPTS;
      await tx
        .update(authTokens)
        .set({ attempts, usedAt: ended ? now : null })
        .where(eq(authTokens.id, challenge.id));
      return { kind: 'wrong', user, ended };
    }
    await tx.update(authTokens).set({ usedAt: now }).where(eq(authTokens.id, challenge.id));
    return { kind: 'signed_in', user, how };
  });

  if (outcome.kind === 'ended') throw challengeEnded();
  if (outcome.kind === 'locked') throw lockedOut();
  const key = outcome.user.staffId?.toUpperCase() ?? null;
  if (outcome.kind === 'wrong') {
    // A wrong code counts as a failed sign-in of the staff ID, towards its lockout too.
    if (key) {
      const threshold = (await currentSettings(deps.db)).security.loginAttempts;
      await countGuess(deps.db, key, now, threshold);
    }
    await recordAudit(deps.db, {
      actor: { id: null, name: key ?? outcome.user.email },
      officerId: null,
      entityType: 'account',
      entityId: outcome.user.id,
      action: 'auth.sign_in_failed',
      summary: `Wrong two-factor code for staff ID ${key ?? outcome.user.email}`,
      at: now,
    });
    if (outcome.ended) throw challengeEnded();
    const message = input.code !== undefined ? M.wrongSignInCode : M.wrongRecoveryCode;
    const field = input.code !== undefined ? 'code' : 'recovery_code';
    throw new HttpError(401, message, { code: 'two_factor_code_wrong', fields: { [field]: message } });
  }
  if (key) await deps.db.delete(loginThrottles).where(eq(loginThrottles.staffIdKey, key));
  const rememberMe = input.challenge_token.startsWith(REMEMBER);
  return openSession(deps, outcome.user, rememberMe, outcome.how);
}
