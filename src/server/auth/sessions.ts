import { and, eq, lt, or } from 'drizzle-orm';
import { isSessionAlive, sessionLifetimeMs } from '../../domain/auth-rules';
import type { AppDeps, SessionUser } from '../app-env';
import { sessions, users } from '../db/schema';
import { hashToken, newSecretToken } from './tokens';

// Writing last_seen_at on every request would turn every read into a write; a minute is precise enough.
const LAST_SEEN_RESOLUTION_MS = 60_000;

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
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (!isSessionAlive(row.session, now, deps.config.sessionIdleMs) || !row.user.isActive) {
    await deps.db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }
  const u = row.user;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    department: u.department,
    staffId: u.staffId,
    photoUrl: u.photoUrl,
    requestedRole: u.requestedRole,
    lastLogin: u.lastLogin,
    sessionId: row.session.id,
  };
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
