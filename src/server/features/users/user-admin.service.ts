import { eq } from 'drizzle-orm';
import type { DirectoryUser, InviteUser, UserUpdate } from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import { canManageUsers, USER_MESSAGES as M, roleChangeRefusal } from '../../../domain/users';
import type { AppDeps, SessionUser } from '../../app-env';
import { answeringConstraints } from '../../db/constraint-errors';
import type { RecordOf } from '../../db/record-columns';
import { sessions, users } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { queueAuthMail, sendAuthMailSoon } from '../staff-auth/staff-auth.service';
import { asAdmin } from './admin-change';
import { findDirectoryUser, profileColumns, profileOf } from './directory.service';
import { replacePendingRequests } from './role-requests.service';

/*
 * What an admin changes in User Management (docs/product.md D11): roles, activation, profiles,
 * invitations and reset emails. A role change or a deactivation reaches live sessions at their
 * next request (every request reads the account's role and active flag); a deactivation also
 * ends them at once.
 */

const audit = areaAudit('account', 'account');

const UNIQUE = {
  unique: { users_staff_id_key: M.staffIdTaken, users_email_key: M.emailTaken },
} as const;

/** The account fields the audit trail compares. */
const audited = (u: RecordOf<typeof users>) => ({
  name: u.name,
  email: u.email,
  role: u.role,
  is_active: u.isActive,
  ...profileOf(u),
});

export async function changeRole(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  role: Role,
): Promise<DirectoryUser> {
  await asAdmin(deps, actor, id, async (tx, target, activeAdmins) => {
    const refusal = roleChangeRefusal({ actorId: actor.id, target, newRole: role, activeAdmins });
    if (refusal) throw conflict(refusal);
    if (target.role === role) return;
    const now = deps.clock.now();
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
    // A pending request is answered by the change: it is no longer waiting for anyone.
    await replacePendingRequests(tx, id, role, actor, now);
    await audit(
      tx,
      actor,
      now,
      id,
      'role_changed',
      `${actor.name} changed ${target.name}'s role from ${target.role} to ${role}`,
      { role: target.role },
      { role },
    );
  });
  return findDirectoryUser(deps.db, id);
}

export async function setActive(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  active: boolean,
): Promise<DirectoryUser> {
  await asAdmin(deps, actor, id, async (tx, target, activeAdmins) => {
    if (!active) {
      const refusal = roleChangeRefusal({ actorId: actor.id, target, newRole: null, activeAdmins });
      if (refusal) throw conflict(refusal);
    }
    if (target.isActive === active) return;
    const now = deps.clock.now();
    await tx.update(users).set({ isActive: active, updatedAt: now }).where(eq(users.id, id));
    // Signed out everywhere at once, not only refused at the next request.
    if (!active) await tx.delete(sessions).where(eq(sessions.userId, id));
    const verb = active ? 'activated' : 'deactivated';
    await audit(
      tx,
      actor,
      now,
      id,
      verb,
      `${actor.name} ${verb} ${target.name}'s account`,
      { is_active: target.isActive },
      { is_active: active },
    );
  });
  return findDirectoryUser(deps.db, id);
}

export async function updateUser(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  input: UserUpdate,
): Promise<DirectoryUser> {
  await asAdmin(deps, actor, id, async (tx, target) => {
    const now = deps.clock.now();
    const emailChanged = input.email !== target.email.toLowerCase();
    const [updated] = await answeringConstraints(UNIQUE, () =>
      tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          ...profileColumns(input, now),
          updatedAt: now,
          // A new address is not yet proven: the next sign-in needs it verified again.
          ...(emailChanged && target.staffId ? { emailVerifiedAt: null } : {}),
        })
        .where(eq(users.id, id))
        .returning(),
    );
    if (emailChanged && target.staffId) await queueAuthMail(tx, 'verify_email', input.email, now);
    await audit(
      tx,
      actor,
      now,
      id,
      'updated',
      `${actor.name} updated ${target.name}'s profile`,
      audited(target),
      audited(updated!),
    );
  });
  sendAuthMailSoon(deps);
  return findDirectoryUser(deps.db, id);
}

/** Add User: an account without a password, and an email inviting its owner to choose one. */
export async function inviteUser(
  deps: AppDeps,
  actor: SessionUser,
  input: InviteUser,
): Promise<DirectoryUser> {
  if (!canManageUsers(actor.role)) throw forbidden();
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [created] = await answeringConstraints(UNIQUE, () =>
      tx
        .insert(users)
        .values({
          staffId: input.staff_id,
          email: input.email,
          name: input.name,
          role: input.role,
          department: input.department,
          createdById: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    await queueAuthMail(tx, 'invitation', input.email, now);
    await audit(
      tx,
      actor,
      now,
      created!.id,
      'invited',
      `${actor.name} invited ${input.name} (${input.staff_id}) as ${input.role}`,
      null,
      audited(created!),
    );
    return created!.id;
  });
  sendAuthMailSoon(deps);
  return findDirectoryUser(deps.db, id);
}

/**
 * Sends the account a reset link (or, while it has never set a password, a new invitation).
 * A deactivated account gets nothing: it cannot sign in anyway.
 */
export async function sendPasswordReset(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
): Promise<{ message: string }> {
  await asAdmin(deps, actor, id, async (tx, target) => {
    if (!target.isActive)
      throw conflict('This account is deactivated. Activate it before sending a reset email.');
    const now = deps.clock.now();
    const invited = target.passwordHash === null && target.authId === null;
    await queueAuthMail(tx, invited ? 'invitation' : 'reset_password', target.email, now);
    await audit(
      tx,
      actor,
      now,
      id,
      'password_reset_sent',
      `${actor.name} sent ${target.name} a ${invited ? 'new invitation' : 'password reset email'}`,
      null,
      null,
    );
  });
  sendAuthMailSoon(deps);
  return { message: M.resetSent };
}
