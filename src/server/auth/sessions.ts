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
import { fixedStatement, NAMED_STATEMENTS } from '../db/prepared';
import { sessions, systemSettings, users } from '../db/schema';
import { distinctColumns, mapRows } from '../db/select-rows';
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
const SESSION_USER_COLUMNS = distinctColumns(SESSION_USER_FIELDS);

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

/*
 * Every API request runs this look-up, so it is a named prepared statement: PostgreSQL plans it
 * once per connection instead of once per request (planning the join cost more than running it:
 * 0.54 ms against 0.24 ms a look-up, measured sequentially on this machine's PostgreSQL).
 * The columns are keyed by name, so the user's id is read as the session's user_id (equal
 * through the join) rather than users.id; the two computed values come under their own names.
 */
const sessionUserLookup = fixedStatement(
  (db) =>
    db
      .select({
        ...SESSION_USER_FIELDS,
        security: securitySection.as('session_security'),
        hasPassword: hasPassword.as('session_has_password'),
        timeZone: timeZoneSetting.as('session_time_zone'),
        dateFormat: dateFormatSetting.as('session_date_format'),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1),
  NAMED_STATEMENTS.sessionUserLookup,
);

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
  const raw = await sessionUserLookup(deps.db, { tokenHash: hashToken(token) });
  const storedZone = raw[0]?.session_time_zone;
  const zone = TIME_ZONES.find((z) => z === storedZone) ?? PROGRAMME_TIME_ZONE;
  const storedFormat = raw[0]?.session_date_format;
  const dayFormat = DATE_FORMATS.find((f) => f === storedFormat) ?? DEFAULT_DAY_FORMAT;
  return { user: await sessionUserOf(deps, raw), zone, dayFormat };
}

async function sessionUserOf(
  deps: AppDeps,
  raw: Awaited<ReturnType<typeof sessionUserLookup>>,
): Promise<SessionUser | null> {
  const now = deps.clock.now();
  const [row] = mapRows<typeof SESSION_USER_FIELDS>(SESSION_USER_COLUMNS, raw);
  if (!row) return null;
  const security = sessionSecurityOf((raw[0]!.session_security as string | null) ?? null);
  if (!isSessionAlive(row, now, security.idleTimeoutMs) || !row.isActive) {
    await deps.db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  // Writing last_seen_at on every request would turn every read into a write (see the rule's note).
  if (now.getTime() - row.lastSeenAt.getTime() >= lastSeenResolutionMs(security.idleTimeoutMs)) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const { rememberMe, expiresAt, lastSeenAt, isActive, passwordChangedAt, twoFactorEnabledAt, ...user } = row;
  const account = {
    hasPassword: raw[0]!.session_has_password === true,
    passwordChangedAt,
    twoFactorEnabledAt,
  };
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
