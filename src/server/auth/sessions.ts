import { and, eq, lt, or, sql } from 'drizzle-orm';
import { isSessionAlive, lastSeenResolutionMs, sessionLifetimeMs } from '../../domain/auth-rules';
import {
  type DayFormat,
  DEFAULT_DAY_FORMAT,
  PROGRAMME_TIME_ZONE,
  type ProgrammeTimeZone,
} from '../../domain/dates';
import { DATE_FORMATS, TIME_ZONES } from '../../domain/settings';
import type { AppDeps, SessionUser } from '../app-env';
import type { DbOrTx } from '../db/client';
import { sessions, systemSettings, users } from '../db/schema';
import { sessionSecurityOf, signInGatesOf } from './sign-in-gates';
import { hashToken, newSecretToken } from './tokens';

/** What every API request reads about its session and user. */
const SESSION_USER_FIELDS = {
  sessionId: sessions.id,
  rememberMe: sessions.rememberMe,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  id: sessions.userId,
  name: users.name,
  email: users.email,
  role: users.role,
  department: users.department,
  staffId: users.staffId,
  photoUrl: users.photoUrl,
  lastLogin: users.lastLogin,
  isActive: users.isActive,
  passwordChangedAt: users.passwordChangedAt,
  twoFactorEnabledAt: users.twoFactorEnabledAt,
};

/*
 * System Settings' security section as JSON text (null before the first save), read in the same
 * statement: the idle timeout, password expiry and two-factor switch then apply to the very next
 * request after a save, in every process, at no extra round trip.
 */
const securitySection = sql<string | null>`(select (${systemSettings.document} -> 'security')::text
  from ${systemSettings} where ${systemSettings.id} = 1)`;
const hasPassword = sql<boolean>`${users.passwordHash} is not null`;
/** The programme's time zone, read with the session for the request's "today" (programme-time.ts). */
const timeZoneSetting = sql<string | null>`(select ${systemSettings.document} -> 'general' ->> 'timezone'
  from ${systemSettings} where ${systemSettings.id} = 1)`;
/** And its date format, for the days the request writes into text (programme-time.ts). */
const dateFormatSetting = sql<string | null>`(select ${systemSettings.document} -> 'general' ->> 'dateFormat'
  from ${systemSettings} where ${systemSettings.id} = 1)`;

/** The session, its user and the settings every request needs, in one round trip. */
function sessionUserLookup(db: DbOrTx, tokenHash: string) {
  return db
    .select({
      ...SESSION_USER_FIELDS,
      security: securitySection,
      hasPassword,
      timeZone: timeZoneSetting,
      dateFormat: dateFormatSetting,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  rememberMe: boolean;
}

export async function createSession(deps: AppDeps, userId: string, rememberMe: boolean): Promise<NewSession> {
  const now = deps.clock.now();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(rememberMe));
  await deps.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, rememberMe, expiresAt, lastSeenAt: now, createdAt: now });
  return { token, expiresAt, rememberMe };
}

/** The user behind a session token, or null when the token is unknown, expired, idle or the account inactive. */
export async function resolveSession(deps: AppDeps, token: string): Promise<SessionUser | null> {
  return (await resolveSessionAndZone(deps, token)).user;
}

/** The session's user (as resolveSession) and the programme's time zone and date format read with it. */
export async function resolveSessionAndZone(
  deps: AppDeps,
  token: string,
): Promise<{ user: SessionUser | null; zone: ProgrammeTimeZone; dayFormat: DayFormat }> {
  if (!token || token.length > 200)
    return { user: null, zone: PROGRAMME_TIME_ZONE, dayFormat: DEFAULT_DAY_FORMAT };
  const [row] = await sessionUserLookup(deps.db, hashToken(token));
  const zone = TIME_ZONES.find((z) => z === row?.timeZone) ?? PROGRAMME_TIME_ZONE;
  const dayFormat = DATE_FORMATS.find((f) => f === row?.dateFormat) ?? DEFAULT_DAY_FORMAT;
  return { user: row ? await sessionUserOf(deps, row) : null, zone, dayFormat };
}

type SessionUserRow = Awaited<ReturnType<typeof sessionUserLookup>>[number];

async function sessionUserOf(deps: AppDeps, row: SessionUserRow): Promise<SessionUser | null> {
  const now = deps.clock.now();
  const security = sessionSecurityOf(row.security);
  if (!isSessionAlive(row, now, security.idleTimeoutMs) || !row.isActive) {
    await deps.db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  // Writing last_seen_at on every request would turn every read into a write (see the rule's note).
  if (now.getTime() - row.lastSeenAt.getTime() >= lastSeenResolutionMs(security.idleTimeoutMs)) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const account = {
    hasPassword: row.hasPassword === true,
    passwordChangedAt: row.passwordChangedAt,
    twoFactorEnabledAt: row.twoFactorEnabledAt,
  };
  const { id, name, email, role, department, staffId, photoUrl, lastLogin, sessionId } = row;
  const user = { id, name, email, role, department, staffId, photoUrl, lastLogin, sessionId };
  return { ...user, ...signInGatesOf(account, security, now) };
}

export async function deleteSession(deps: AppDeps, token: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Housekeeping: drop sessions that can no longer be used. */
export async function purgeDeadSessions(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const { idleTimeoutMs } = await securityInForce(deps.db);
  const idleCutoff = new Date(now.getTime() - idleTimeoutMs);
  await deps.db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        and(eq(sessions.rememberMe, false), lt(sessions.lastSeenAt, idleCutoff)),
      ),
    );
}

/** The security settings the session look-up reads, for work outside a request. */
export async function securityInForce(db: DbOrTx) {
  const result = await db.execute<{ security: string | null }>(sql`select ${securitySection} as security`);
  return sessionSecurityOf(result.rows[0]?.security ?? null);
}
