import { and, eq, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { type TokenPurpose, tokenState } from '../../../domain/auth-rules';
import { USER_MESSAGES } from '../../../domain/users';
import type { AppDeps } from '../../app-env';
import { hashPassword } from '../../auth/passwords';
import { deleteUserSessions } from '../../auth/sessions';
import { hashToken } from '../../auth/tokens';
import type { Tx } from '../../db/client';
import { authTokens, loginThrottles, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { assertPasswordAllowed } from '../settings/settings.service';
import { endResetTokens } from './auth-mail';

/** The links emailed to an account: a password reset, an invitation's first password, an address check. */

/** What a password chosen from an emailed link (a reset, an invitation) writes on the account. */
const passwordFromLink = (passwordHash: string, now: Date) => ({
  passwordHash,
  demoPassword: false,
  // Password expiry (D13) counts from here.
  passwordChangedAt: now,
  updatedAt: now,
  // Following a link sent to the address also proves the address.
  emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
});

export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  await assertPasswordAllowed(deps.db, newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await consumeToken(tx, deps, token, 'reset_password', AUTH_MESSAGES.badResetToken);
    const now = deps.clock.now();
    const [user] = await tx
      .update(users)
      .set(passwordFromLink(passwordHash, now))
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
      .set(passwordFromLink(passwordHash, now))
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
