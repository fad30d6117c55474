import { and, eq, lt, or, sql } from 'drizzle-orm';
import { isSessionAlive, lastSeenResolutionMs, sessionLifetimeMs } from '../../domain/auth-rules';
import type { AppDeps, SessionUser } from '../app-env';
import { fixedSelect, NAMED_STATEMENTS } from '../db/prepared';
import { sessions, users } from '../db/schema';
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
};

/*
 * Every API request runs this look-up, so it is a named prepared statement: PostgreSQL plans it
 * once per connection instead of once per request (planning the join cost more than running it:
 * 0.54 ms against 0.24 ms a look-up, measured sequentially on this machine's PostgreSQL).
 * fixedSelect keys columns by name, so the user's id is read as the session's user_id (equal
 * through the join) rather than users.id.
 */
const sessionUserLookup = fixedSelect(
  SESSION_USER_FIELDS,
  (db) =>
    db
      .select(SESSION_USER_FIELDS)
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
  if (!token || token.length > 200) return null;
  const now = deps.clock.now();
  const [row] = await sessionUserLookup(deps.db, { tokenHash: hashToken(token) });
  if (!row) return null;
  if (!isSessionAlive(row, now, deps.config.sessionIdleMs) || !row.isActive) {
    await deps.db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  // Writing last_seen_at on every request would turn every read into a write (see the rule's note).
  if (now.getTime() - row.lastSeenAt.getTime() >= lastSeenResolutionMs(deps.config.sessionIdleMs)) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  // The rest of the row is exactly the SessionUser.
  const { rememberMe, expiresAt, lastSeenAt, isActive, ...user } = row;
  return user;
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
  const idleCutoff = new Date(now.getTime() - deps.config.sessionIdleMs);
  await deps.db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        and(eq(sessions.rememberMe, false), lt(sessions.lastSeenAt, idleCutoff)),
      ),
    );
}
