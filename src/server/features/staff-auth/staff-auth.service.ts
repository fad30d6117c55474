import { eq, sql } from 'drizzle-orm';
import type { ForgotPasswordResponse, LoginResponse, RegisterResponse } from '../../../contracts/auth';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { failedGuessLocks, isGuessAllowed } from '../../../domain/auth-rules';
import type { AppDeps } from '../../app-env';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { NewSession } from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import { type RecordOf, recordColumns } from '../../db/record-columns';
import { loginThrottles, roleRequests, users } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { assertPasswordAllowed, currentSettings } from '../settings/settings.service';
import { registeredAccount, registrationEntry } from './account-audit';
import { queueAuthMail } from './auth-mail';
import { countGuess, lockedOut, openSession } from './sign-in-session';
import { startTwoFactorChallenge } from './two-factor-sign-in';

// Other features queue account emails (invitations, role request outcomes) through this service.
export { queueAuthMail, sendAuthMailSoon } from './auth-mail';
export { acceptInvitation, resetPassword, verifyEmail } from './password-flows';
export { toUserDto } from './sign-in-session';
export { completeTwoFactorSignIn } from './two-factor-sign-in';

type UserRow = RecordOf<typeof users>;

/**
 * A staff ID and password. An account with an authenticator gets a two-factor challenge instead
 * of a session (no cookie until its code, two-factor-sign-in.ts); every other one is signed in.
 */
export async function login(
  deps: AppDeps,
  input: { staffId: string; password: string; rememberMe: boolean },
): Promise<{ response: LoginResponse; session: NewSession | null }> {
  const now = deps.clock.now();
  const key = input.staffId.trim().toUpperCase();
  // The number of failed sign-ins before the lockout is a setting (D13): read at each sign-in.
  const threshold = (await currentSettings(deps.db)).security.loginAttempts;
  const attempt = await countGuess(deps.db, key, now, threshold);
  if (!isGuessAllowed(attempt, threshold)) throw lockedOut();

  const [user] = await deps.db
    .select(recordColumns(users))
    .from(users)
    .where(sql`upper(${users.staffId}) = ${key}`)
    .limit(1);
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

  // A confirmed authenticator is asked for whether or not System Settings require one.
  if (user.twoFactorEnabledAt)
    return { response: await startTwoFactorChallenge(deps, user.id, input.rememberMe), session: null };
  return openSession(deps, user, input.rememberMe, 'staff ID');
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
        passwordChangedAt: now,
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
    staff: registeredAccount(input, requestedRole),
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
