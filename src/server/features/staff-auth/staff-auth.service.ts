import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ForgotPasswordResponse, LoginResponse, RegisterResponse, User } from '../../../contracts/auth';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import {
  failedGuessLocks,
  isGuessAllowed,
  LOCKOUT_WINDOW_MS,
  type TokenPurpose,
  tokenState,
} from '../../../domain/auth-rules';
import { USER_MESSAGES } from '../../../domain/users';
import type { AppDeps, SessionUser } from '../../app-env';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { createSession, deleteUserSessions, type NewSession } from '../../auth/sessions';
import { hashToken } from '../../auth/tokens';
import type { DbOrTx, Tx } from '../../db/client';
import { authTokens, loginThrottles, roleRequests, users } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { recordAudit, signInEntry } from '../audit/audit.service';
import { assertPasswordAllowed, currentSettings } from '../settings/settings.service';
import { registrationEntry } from './account-audit';
import { endResetTokens, queueAuthMail } from './auth-mail';

// Other features queue account emails (invitations, role request outcomes) through this service.
export { queueAuthMail, sendAuthMailSoon } from './auth-mail';

type UserRow = typeof users.$inferSelect;
type UserFields = Pick<
  UserRow | SessionUser,
  'id' | 'name' | 'email' | 'role' | 'department' | 'staffId' | 'photoUrl' | 'lastLogin'
>;

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
  };
}

const lockedOut = () => new HttpError(429, AUTH_MESSAGES.lockedOut, { code: 'locked_out' });

export async function login(
  deps: AppDeps,
  input: { staffId: string; password: string; rememberMe: boolean },
): Promise<{ response: LoginResponse; session: NewSession }> {
  const now = deps.clock.now();
  const key = input.staffId.trim().toUpperCase();
  // The number of failed sign-ins before the lockout is a setting (D13): read at each sign-in.
  const threshold = (await currentSettings(deps.db)).security.loginAttempts;
  const attempt = await countGuess(deps.db, key, now, threshold);
  if (!isGuessAllowed(attempt, threshold)) throw lockedOut();

  const [user] = await deps.db.select().from(users).where(sql`upper(${users.staffId}) = ${key}`).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    // Written whether or not the account exists, so the answer's time still tells nobody which.
    await recordAudit(deps.db, {
      actor: { id: null, name: key },
      officerId: null,
      entityType: 'account',
      entityId: user?.id ?? null,
      action: 'auth.sign_in_failed',
      summary: `Failed sign-in for staff ID ${key}`,
      at: now,
    });
    if (failedGuessLocks(attempt, threshold)) throw lockedOut();
    throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, { code: 'invalid_credentials' });
  }
  // The right password clears the count, even for an account that may not sign in yet.
  await deps.db.delete(loginThrottles).where(eq(loginThrottles.staffIdKey, key));
  // Only someone who knows the password learns that the account is inactive or unverified.
  if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.inactive, { code: 'account_inactive' });
  if (!user.emailVerifiedAt) throw new HttpError(403, AUTH_MESSAGES.unverified, { code: 'email_unverified' });

  const [updated] = await deps.db.transaction(async (tx) => {
    const rows = await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id)).returning();
    await recordAudit(tx, signInEntry(user, 'staff ID', now));
    return rows;
  });
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

/**
 * Counts one more guess for a staff ID, in one statement, before its password is checked, and
 * answers the guess's number. Counting first (not after a failure) is what makes the lockout hold
 * when fifty guesses arrive at once: each takes its own number from the row, and only the first
 * five are checked. The guess that reaches the threshold starts the lock; an ended lock starts the
 * count afresh.
 */
async function countGuess(db: DbOrTx, key: string, now: Date, threshold: number): Promise<number> {
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

export interface Registration {
  staffId: string;
  email: string;
  password: string;
  name: string;
  role: UserRow['role'];
  department: string | null;
}

/**
 * Registers a staff account with role user (docs/product.md D3). An email that already has an account
 * gets the same answer as a new one, and its owner an email saying so: the answer never tells a
 * stranger who has an account. A taken staff ID is said plainly (staff IDs are not secret).
 */
export async function register(deps: AppDeps, input: Registration): Promise<RegisterResponse> {
  const now = deps.clock.now();
  await assertPasswordAllowed(deps.db, input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const requestedRole = input.role === 'user' ? null : input.role;
  // The same five statements whether or not the email has an account, so the time tells nothing.
  await deps.db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values({
        staffId: input.staffId,
        email: input.email,
        name: input.name,
        passwordHash,
        role: 'user',
        department: input.department,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Nothing inserted and the staff ID is someone's: that is what stopped it. Otherwise the email was.
    const holder = await staffIdHolder(tx, input.staffId);
    if (created.length === 0 && holder) throw conflict(AUTH_MESSAGES.staffIdTaken);
    await queueAuthMail(tx, created.length > 0 ? 'verify_email' : 'account_exists', input.email, now);
    const account = created[0];
    // One statement whether or not an account was made (it inserts nothing when none was).
    await tx.execute(sql`insert into ${roleRequests} (user_id, role, created_at)
      select id, ${requestedRole}, ${now} from ${users}
      where id = ${account?.id ?? null}::uuid and ${requestedRole}::text is not null`);
    await recordAudit(tx, registrationEntry(input, requestedRole, account?.id ?? null, now));
  });
  return {
    staff: {
      staff_id: input.staffId,
      email: input.email,
      name: input.name,
      role: 'user',
      requested_role: requestedRole,
      department: input.department,
    },
    message: AUTH_MESSAGES.registered,
  };
}

async function staffIdHolder(db: DbOrTx, staffId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`upper(${users.staffId}) = ${staffId.toUpperCase()}`)
    .limit(1);
  return row?.id;
}

/**
 * Answers the same, after the same work, whether or not the account exists: the request only
 * queues the address; the reset email (if there is an account) is made and sent afterwards.
 */
export async function forgotPassword(deps: AppDeps, email: string): Promise<ForgotPasswordResponse> {
  await queueAuthMail(deps.db, 'reset_password', email, deps.clock.now());
  return { message: AUTH_MESSAGES.forgotPassword };
}

export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  await assertPasswordAllowed(deps.db, newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await consumeToken(tx, deps, token, 'reset_password', AUTH_MESSAGES.badResetToken);
    const now = deps.clock.now();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        demoPassword: false,
        updatedAt: now,
        // Following a link sent to the address also proves the address.
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
      })
      .where(eq(users.id, id))
      .returning();
    // Any other reset link sent earlier would still change the password: they all end here.
    await endResetTokens(tx, id, now);
    if (user?.staffId)
      await tx.delete(loginThrottles).where(eq(loginThrottles.staffIdKey, user.staffId.toUpperCase()));
    await recordAudit(tx, {
      actor: { id, name: user?.name ?? 'Unknown' },
      officerId: null,
      entityType: 'account',
      entityId: id,
      action: 'account.password_reset',
      summary: `${user?.name ?? 'An account'} set a new password from a reset link`,
      at: now,
      // Both sides are hidden (domain/audit.ts): the trail says the password changed, never to what.
      before: { password: 'old' },
      after: { password: 'new' },
    });
    return id;
  });
  // A new password signs out every device that knew the old one.
  await deleteUserSessions(deps, userId);
}

/**
 * An invited account sets its first password (docs/product.md D11, User Management's Add User):
 * following the emailed link also proves the address. Every invitation link of the account ends.
 */
export async function acceptInvitation(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  await assertPasswordAllowed(deps.db, newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const id = await consumeToken(tx, deps, token, 'invitation', USER_MESSAGES.badInvitation);
    const now = deps.clock.now();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        demoPassword: false,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
        updatedAt: now,
      })
      .where(and(eq(users.id, id), eq(users.isActive, true)))
      .returning({ name: users.name });
    if (!user) throw badRequest(USER_MESSAGES.badInvitation);
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, id), eq(authTokens.purpose, 'invitation'), isNull(authTokens.usedAt)));
    await recordAudit(tx, {
      actor: { id, name: user.name },
      officerId: null,
      entityType: 'account',
      entityId: id,
      action: 'account.invitation_accepted',
      summary: `${user.name} accepted their invitation and set a password`,
      at: now,
      before: { password: 'none' },
      after: { password: 'new' },
    });
  });
}

export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, deps, token, 'verify_email', AUTH_MESSAGES.badVerifyToken);
    const now = deps.clock.now();
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ name: users.name });
    await recordAudit(tx, {
      actor: { id: userId, name: user?.name ?? 'Unknown' },
      officerId: null,
      entityType: 'account',
      entityId: userId,
      action: 'account.email_verified',
      summary: `${user?.name ?? 'An account'} verified their email address`,
      at: now,
    });
  });
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
