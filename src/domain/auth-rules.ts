/** Rules for passwords, tokens, sessions and lockout (spec §9, decisions D4). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session without remember me also ends after this long, however active it is. */
export const BROWSER_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

export type TokenPurpose = 'verify_email' | 'reset_password';

export function tokenLifetimeMs(purpose: TokenPurpose): number {
  return purpose === 'reset_password' ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS;
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

export interface LoginThrottle {
  failedCount: number;
  lockedUntil: Date | null;
}

/** Is this staff ID locked out right now? */
export function isLockedOut(throttle: LoginThrottle | null, now: Date): boolean {
  return !!throttle?.lockedUntil && throttle.lockedUntil.getTime() > now.getTime();
}

/** The throttle after one more failed login: the fifth failure locks the staff ID for the window. */
export function afterFailedLogin(throttle: LoginThrottle | null, now: Date): LoginThrottle {
  const expiredLock = throttle?.lockedUntil && throttle.lockedUntil.getTime() <= now.getTime();
  const previous = !throttle || expiredLock ? 0 : throttle.failedCount;
  const failedCount = previous + 1;
  return {
    failedCount,
    lockedUntil: failedCount >= LOCKOUT_THRESHOLD ? new Date(now.getTime() + LOCKOUT_WINDOW_MS) : null,
  };
}
