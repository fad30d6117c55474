import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ForgotPasswordResponse, LoginResponse, RegisterResponse, User } from '../../../contracts/auth';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import {
  afterFailedLogin,
  isLockedOut,
  type TokenPurpose,
  tokenLifetimeMs,
  tokenState,
} from '../../../domain/auth-rules';
import type { AppDeps, SessionUser } from '../../app-env';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { createSession, deleteUserSessions, type NewSession } from '../../auth/sessions';
import { hashToken, newSecretToken } from '../../auth/tokens';
import { isDevMode } from '../../config';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode, type Tx } from '../../db/client';
import { authTokens, loginThrottles, users } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { passwordResetEmail, verificationEmail } from '../../mail/templates';

type UserRow = typeof users.$inferSelect;
type UserFields = Pick<
  UserRow | SessionUser,
  'id' | 'name' | 'email' | 'role' | 'department' | 'staffId' | 'photoUrl' | 'requestedRole' | 'lastLogin'
>;

export function toUserDto(u: UserFields): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    department: u.department,
    staffId: u.staffId,
    photoUrl: u.photoUrl,
    requestedRole: u.requestedRole,
    lastLogin: u.lastLogin ? u.lastLogin.toISOString() : null,
  };
}

export async function login(
  deps: AppDeps,
  input: { staffId: string; password: string; rememberMe: boolean },
): Promise<{ response: LoginResponse; session: NewSession }> {
  const now = deps.clock.now();
  const key = input.staffId.trim().toUpperCase();
  const [throttle] = await deps.db.select().from(loginThrottles).where(eq(loginThrottles.staffIdKey, key));
  if (isLockedOut(throttle ?? null, now))
    throw new HttpError(429, AUTH_MESSAGES.lockedOut, { code: 'locked_out' });

  const [user] = await deps.db.select().from(users).where(sql`upper(${users.staffId}) = ${key}`).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    const next = afterFailedLogin(throttle ?? null, now);
    await deps.db
      .insert(loginThrottles)
      .values({ staffIdKey: key, ...next, updatedAt: now })
      .onConflictDoUpdate({ target: loginThrottles.staffIdKey, set: { ...next, updatedAt: now } });
    if (next.lockedUntil) throw new HttpError(429, AUTH_MESSAGES.lockedOut, { code: 'locked_out' });
    throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, { code: 'invalid_credentials' });
  }
  // Only someone who knows the password learns that the account is inactive or unverified.
  if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.inactive, { code: 'account_inactive' });
  if (!user.emailVerifiedAt) throw new HttpError(403, AUTH_MESSAGES.unverified, { code: 'email_unverified' });

  await deps.db.delete(loginThrottles).where(eq(loginThrottles.staffIdKey, key));
  const [updated] = await deps.db
    .update(users)
    .set({ lastLogin: now })
    .where(eq(users.id, user.id))
    .returning();
  const session = await createSession(deps, user.id, input.rememberMe);
  return {
    session,
    response: {
      user: toUserDto(updated!),
      session_token: session.token,
      expires_at: session.expiresAt.toISOString(),
    },
  };
}

export interface Registration {
  staffId: string;
  email: string;
  password: string;
  name: string;
  role: UserRow['role'];
  department: string | null;
}

export async function register(deps: AppDeps, input: Registration): Promise<RegisterResponse> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  let created: UserRow;
  try {
    [created] = (await deps.db
      .insert(users)
      .values({
        staffId: input.staffId,
        email: input.email,
        name: input.name,
        passwordHash,
        // Self-registration grants no privilege: the role asked for waits for an admin (decisions D3).
        role: 'user',
        requestedRole: input.role === 'user' ? null : input.role,
        department: input.department,
        createdAt: now,
        updatedAt: now,
      })
      .returning()) as [UserRow];
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw conflict(
        pgConstraint(error) === 'users_email_key' ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.staffIdTaken,
      );
    }
    throw error;
  }
  const token = await issueToken(deps, created.id, 'verify_email');
  await deps.mailer.send(verificationEmail(created.email, created.name, deps.config.appUrl, token));
  return {
    staff: {
      id: created.id,
      staffId: created.staffId!,
      email: created.email,
      name: created.name,
      role: created.role,
      requestedRole: created.requestedRole,
      department: created.department,
    },
    message: AUTH_MESSAGES.registered,
    ...(isDevMode(deps.config) ? { verification_token: token } : {}),
  };
}

/** Answers the same whether or not the account exists (no enumeration). */
export async function forgotPassword(deps: AppDeps, email: string): Promise<ForgotPasswordResponse> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user?.isActive) return { message: AUTH_MESSAGES.forgotPassword };
  const token = await issueToken(deps, user.id, 'reset_password');
  await deps.mailer.send(passwordResetEmail(user.email, user.name, deps.config.appUrl, token));
  return { message: AUTH_MESSAGES.forgotPassword, ...(isDevMode(deps.config) ? { token } : {}) };
}

export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await consumeToken(tx, deps, token, 'reset_password', AUTH_MESSAGES.badResetToken);
    const now = deps.clock.now();
    const [user] = await tx
      .update(users)
      // Following a link sent to the address also proves the address.
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, id))
      .returning();
    if (user?.staffId)
      await tx.delete(loginThrottles).where(eq(loginThrottles.staffIdKey, user.staffId.toUpperCase()));
    return id;
  });
  // A new password signs out every device that knew the old one.
  await deleteUserSessions(deps, userId);
}

export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, deps, token, 'verify_email', AUTH_MESSAGES.badVerifyToken);
    const now = deps.clock.now();
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
  });
}

async function issueToken(deps: AppDeps, userId: string, purpose: TokenPurpose): Promise<string> {
  const now = deps.clock.now();
  const token = newSecretToken();
  await deps.db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + tokenLifetimeMs(purpose)),
    createdAt: now,
  });
  return token;
}

/** Marks a token used, once: of two requests racing with the same token, one wins. */
async function consumeToken(tx: Tx, deps: AppDeps, token: string, purpose: TokenPurpose, message: string) {
  const now = deps.clock.now();
  const [stored] = await tx
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .for('update');
  if (!stored || tokenState(stored, now) !== 'valid') throw badRequest(message);
  const [used] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, stored.id), isNull(authTokens.usedAt)))
    .returning();
  if (!used) throw badRequest(message);
  return stored.userId;
}
