/** Rules for passwords, tokens, sessions and lockout (docs/product.md §9, docs/product.md D4). */

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** An invitation to set a first password: long enough to reach someone back from leave. */
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session without remember me also ends after this long, however active it is. */
export const BROWSER_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

export type TokenPurpose = 'verify_email' | 'reset_password' | 'invitation';

const TOKEN_LIFETIMES_MS: Record<TokenPurpose, number> = {
  verify_email: VERIFY_TOKEN_TTL_MS,
  reset_password: RESET_TOKEN_TTL_MS,
  invitation: INVITATION_TOKEN_TTL_MS,
};

export function tokenLifetimeMs(purpose: TokenPurpose): number {
  return TOKEN_LIFETIMES_MS[purpose];
}

export interface StoredToken {
  expiresAt: Date;
  usedAt: Date | null;
}

export type TokenState = 'valid' | 'expired' | 'used';

/** A token is good once, and only until it expires. */
export function tokenState(token: StoredToken, now: Date): TokenState {
  if (token.usedAt) return 'used';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export interface SessionTimes {
  expiresAt: Date;
  lastSeenAt: Date;
  rememberMe: boolean;
}

/** A session is alive until its absolute end, and (without remember me) until it sits idle too long. */
export function isSessionAlive(session: SessionTimes, now: Date, idleTimeoutMs: number): boolean {
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  if (!session.rememberMe && now.getTime() - session.lastSeenAt.getTime() >= idleTimeoutMs) return false;
  return true;
}

export function sessionLifetimeMs(rememberMe: boolean): number {
  return rememberMe ? REMEMBER_ME_TTL_MS : BROWSER_SESSION_MAX_MS;
}

/**
 * Login guesses are counted before the password is checked (the count is taken atomically in the
 * database), so however many arrive at once, at most `threshold` are ever checked (System
 * Settings' login attempts, LOCKOUT_THRESHOLD by default). `attempt` is this guess's number since
 * the last success or the end of the last lock.
 */
export function isGuessAllowed(attempt: number, threshold = LOCKOUT_THRESHOLD): boolean {
  return attempt <= threshold;
}

/** A failed guess with this number locks the staff ID for the window. */
export function failedGuessLocks(attempt: number, threshold = LOCKOUT_THRESHOLD): boolean {
  return attempt >= threshold;
}

/**
 * The session's last-seen time is written only when it is this old, so reads do not all become
 * writes; a tenth of the idle timeout (at most a minute) keeps an active user well inside it.
 */
export function lastSeenResolutionMs(idleTimeoutMs: number): number {
  return Math.min(60_000, Math.floor(idleTimeoutMs / 10));
}
