import type { MiddlewareHandler } from 'hono';
import { AUTH_MESSAGES } from '../../contracts/auth';
import { DEFAULT_SETTINGS, isPasswordExpired, SETTINGS_LIMITS } from '../../domain/settings';
import type { AppEnv } from '../app-env';
import { errorResponse, HttpError } from '../http/errors';

/*
 * What System Settings ask of a signed-in account before it may use the app (docs/product.md
 * D13): a new password once the old one has expired, and an authenticator when two-factor sign-in
 * is required. Both are decided at every request from the settings in force, so a change to them
 * applies at once; the server refuses the rest of the API, the screens only show the way through.
 */

/** The part of System Settings' security section the session look-up reads on every request. */
export interface SessionSecurity {
  idleTimeoutMs: number;
  passwordExpiryDays: number;
  twoFactorRequired: boolean;
}

const defaults = DEFAULT_SETTINGS.security;

const wholeNumberIn = (value: unknown, { min, max }: { min: number; max: number }, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

/**
 * The stored security section (JSON text, or null without a saved document) over the defaults,
 * each value checked as the settings screen checks it: a hand-edited document never stops sign-in.
 */
export function sessionSecurityOf(stored: string | null): SessionSecurity {
  let section: Record<string, unknown> = {};
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (parsed && typeof parsed === 'object') section = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  const policy = (section.passwordPolicy ?? {}) as Record<string, unknown>;
  const minutes = wholeNumberIn(
    section.sessionTimeout,
    SETTINGS_LIMITS.sessionTimeoutMinutes,
    defaults.sessionTimeout,
  );
  return {
    idleTimeoutMs: minutes * 60_000,
    passwordExpiryDays: wholeNumberIn(
      policy.expiryDays,
      SETTINGS_LIMITS.expiryDays,
      defaults.passwordPolicy.expiryDays,
    ),
    twoFactorRequired:
      typeof section.twoFactorAuth === 'boolean' ? section.twoFactorAuth : defaults.twoFactorAuth,
  };
}

export interface GateAccount {
  /** Google-only accounts have none: they are never asked for a new password or an authenticator. */
  hasPassword: boolean;
  passwordChangedAt: Date;
  twoFactorEnabledAt: Date | null;
}

export interface SignInGates {
  mustChangePassword: boolean;
  mustSetUpTwoFactor: boolean;
}

export function signInGatesOf(
  account: GateAccount,
  security: Pick<SessionSecurity, 'passwordExpiryDays' | 'twoFactorRequired'>,
  now: Date,
): SignInGates {
  if (!account.hasPassword) return { mustChangePassword: false, mustSetUpTwoFactor: false };
  return {
    mustChangePassword: isPasswordExpired(account.passwordChangedAt, now, {
      ...defaults.passwordPolicy,
      expiryDays: security.passwordExpiryDays,
    }),
    mustSetUpTwoFactor: security.twoFactorRequired && account.twoFactorEnabledAt === null,
  };
}

/**
 * Reached whatever a gate asks: who is signed in, signing in or out, and what every page reads
 * (the public settings, and the user's own theme so the gate's screen looks like the app).
 */
const OPEN_READS = ['/api/me', '/api/session', '/api/settings/public', '/api/me/preferences', '/api/health'];
function alwaysOpen(method: string, path: string): boolean {
  if (path.startsWith('/api/staff-auth/') || path.startsWith('/api/auth/')) return true;
  return method === 'GET' && OPEN_READS.includes(path);
}

const passwordChange = (method: string, path: string) => method === 'POST' && path === '/api/me/password';
const twoFactorSetUp = (path: string) =>
  path === '/api/me/two-factor' || path.startsWith('/api/me/two-factor/');

/**
 * Refuses every other API route with 403 while a gate is closed: first the expired password
 * (its own route open), then the missing authenticator (the two-factor routes open).
 */
export function enforceSignInGates(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (user && (user.mustChangePassword || user.mustSetUpTwoFactor)) {
      const { method } = c.req;
      const path = c.req.path.replace(/\/+$/, '') || '/';
      if (!alwaysOpen(method, path)) {
        if (user.mustChangePassword && !passwordChange(method, path))
          return errorResponse(
            c,
            new HttpError(403, AUTH_MESSAGES.passwordExpired, { code: 'password_expired' }),
          );
        if (!user.mustChangePassword && user.mustSetUpTwoFactor && !twoFactorSetUp(path))
          return errorResponse(
            c,
            new HttpError(403, AUTH_MESSAGES.twoFactorSetupRequired, { code: 'two_factor_setup_required' }),
          );
      }
    }
    await next();
  };
}
