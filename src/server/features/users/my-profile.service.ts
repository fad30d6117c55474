import { and, eq, ne } from 'drizzle-orm';
import type { MyProfile, ProfileInput } from '../../../contracts/users';
import { USER_MESSAGES as M } from '../../../domain/users';
import type { AppDeps, SessionUser } from '../../app-env';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { recordColumns } from '../../db/record-columns';
import { sessions, users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { assertPasswordAllowed } from '../settings/settings.service';
import { findDirectoryUser, profileColumns, profileOf } from './directory.service';
import { latestRoleRequest } from './role-requests.service';

/*
 * Every user's own profile (docs/product.md §3 user record): contact details, emergency contact,
 * password, and the outcome of their latest role request.
 */

const audit = areaAudit('account', 'account');

export async function getMyProfile(deps: AppDeps, user: SessionUser): Promise<MyProfile> {
  const [{ pending_role_request: _pending, ...account }, latest] = await Promise.all([
    findDirectoryUser(deps.db, user.id),
    latestRoleRequest(deps.db, user.id),
  ]);
  return { ...account, latest_role_request: latest };
}

export async function updateMyProfile(
  deps: AppDeps,
  user: SessionUser,
  input: ProfileInput,
): Promise<MyProfile> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [before] = await tx
      .select(recordColumns(users))
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    const [after] = await tx
      .update(users)
      .set({
        ...profileColumns(input, now),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    await audit(
      tx,
      user,
      now,
      user.id,
      'profile_updated',
      `${user.name} updated their profile`,
      profileOf(before!),
      profileOf(after!),
    );
  });
  return getMyProfile(deps, user);
}

/** A new password with the current one: every other session of the account ends, this one stays. */
export async function changeMyPassword(
  deps: AppDeps,
  user: SessionUser,
  input: { current_password: string; new_password: string },
): Promise<{ message: string }> {
  const [account] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!account?.passwordHash) throw conflict(M.noPassword);
  if (!(await verifyPassword(account.passwordHash, input.current_password)))
    throw badRequest(M.wrongPassword, { current_password: M.wrongPassword });
  if (input.current_password === input.new_password)
    throw badRequest(M.samePassword, { new_password: M.samePassword });
  await assertPasswordAllowed(deps.db, input.new_password, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(users)
      .set({ passwordHash, demoPassword: false, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)));
    await audit(
      tx,
      user,
      now,
      user.id,
      'password_changed',
      `${user.name} changed their password`,
      { password: 'old' },
      { password: 'new' },
    );
  });
  return { message: M.passwordChanged };
}
