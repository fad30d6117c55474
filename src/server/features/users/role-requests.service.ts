import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type { RoleDecisionResponse, RoleRequest, RoleRequestSummary } from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import { roleTitle } from '../../../domain/roles';
import { canManageUsers, USER_MESSAGES as M, roleChangeRefusal } from '../../../domain/users';
import type { AppDeps, SessionUser } from '../../app-env';
import { type NotificationSource, waitingRecords } from '../../area-sources';
import type { DbOrTx, Tx } from '../../db/client';
import { roleRequests, students, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { currentSettings } from '../settings/settings.service';
import { queueAuthMail, sendAuthMailSoon } from '../staff-auth/staff-auth.service';
import { asAdmin } from './admin-change';
import { type RoleRequestRow, roleRequestSummary } from './directory.service';

/*
 * Role requests (docs/product.md D3): the role asked for at registration or from the user's own
 * profile waits for an admin, who grants or declines it with an optional note; the requester is
 * emailed the outcome and sees it on their profile.
 */

const audit = areaAudit('account', 'role_request');
/** Requests with who asked. */
export function selectRequests(db: DbOrTx) {
  return db
    .select({
      request: roleRequests,
      user: { name: users.name, staffId: users.staffId, email: users.email, role: users.role },
    })
    .from(roleRequests)
    .innerJoin(users, eq(users.id, roleRequests.userId));
}
type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number];

/** One request, as the list shows it and a decision answers it. */
export function requestDto({ request, user }: RequestRow): RoleRequest {
  return {
    ...roleRequestSummary(request),
    user_id: request.userId,
    user_name: user.name,
    user_staff_id: user.staffId,
    user_email: user.email,
    current_role: user.role,
  };
}

/** The student record an account with this email reaches (D11), when exactly one has it. */
async function studentWithEmail(db: DbOrTx, email: string) {
  const found = await db
    .select({ id: students.id, full_name: students.fullName })
    .from(students)
    .where(sql`lower(${students.email}) = ${email.toLowerCase()}`)
    .limit(2);
  return found.length === 1 ? found[0]! : null;
}

/** Grants or declines a pending request; a request decided meanwhile answers 409. */
export async function decideRoleRequest(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  decision: 'granted' | 'declined',
  note: string | null,
): Promise<RoleDecisionResponse> {
  if (!canManageUsers(actor.role)) throw forbidden();
  if (!isUuid(id)) throw notFound(M.requestNotFound);
  const [asked] = await deps.db
    .select({ userId: roleRequests.userId })
    .from(roleRequests)
    .where(eq(roleRequests.id, id));
  if (!asked) throw notFound(M.requestNotFound);
  const linked = await asAdmin(deps, actor, asked.userId, async (tx, account, activeAdmins) => {
    const [request] = await tx.select().from(roleRequests).where(eq(roleRequests.id, id)).for('update');
    if (request?.status !== 'pending') throw conflict(M.requestDecided);
    if (decision === 'granted') {
      const refusal = roleChangeRefusal({
        actorId: actor.id,
        target: account,
        newRole: request.role,
        activeAdmins,
      });
      if (refusal) throw conflict(refusal);
    }
    const now = deps.clock.now();
    await tx
      .update(roleRequests)
      .set({ status: decision, note, decidedById: actor.id, decidedByName: actor.name, decidedAt: now })
      .where(eq(roleRequests.id, id));
    let student: { id: string; full_name: string } | null = null;
    if (decision === 'granted') {
      await tx.update(users).set({ role: request.role, updatedAt: now }).where(eq(users.id, account.id));
      if (request.role === 'student') student = await studentWithEmail(tx, account.email);
    }
    // A notification, not a sign-in email: it follows the Email notifications switch (D16).
    if ((await currentSettings(tx)).notifications.emailNotifications)
      await queueAuthMail(tx, 'role_request_decided', account.email, now, id);
    const summary = `${actor.name} ${decision} ${account.name}'s request to be ${roleTitle(request.role)}${student ? `, linked to the student record of ${student.full_name}` : ''}`;
    await audit(
      tx,
      actor,
      now,
      account.id,
      decision,
      summary,
      { role: account.role, request: 'pending' },
      {
        role: decision === 'granted' ? request.role : account.role,
        request: decision,
        note,
      },
    );
    return student;
  });
  sendAuthMailSoon(deps);
  return { request: await findRoleRequest(deps.db, id), linked_student: linked };
}

/** One request as the list shows it (role-requests-page.ts). */
export async function findRoleRequest(db: DbOrTx, id: string): Promise<RoleRequest> {
  const [row] = await selectRequests(db).where(eq(roleRequests.id, id));
  if (!row) throw notFound(M.requestNotFound);
  return requestDto(row);
}

/**
 * When an admin sets an account's role directly, its pending request is answered by it: granted
 * when it asked for that role, declined otherwise.
 */
export async function replacePendingRequests(
  tx: Tx,
  userId: string,
  role: Role,
  actor: SessionUser,
  now: Date,
) {
  await tx
    .update(roleRequests)
    .set({
      status: sql`case when ${roleRequests.role} = ${role} then 'granted' else 'declined' end`,
      note: sql`case when ${roleRequests.role} = ${role} then null else ${`Role set to ${roleTitle(role)} instead.`} end`,
      decidedById: actor.id,
      decidedByName: actor.name,
      decidedAt: now,
    })
    .where(and(eq(roleRequests.userId, userId), eq(roleRequests.status, 'pending')));
}

/** A user asks for a role from their profile; a pending request is replaced by the new one. */
export async function requestRole(deps: AppDeps, user: SessionUser, role: Role): Promise<void> {
  if (role === user.role) throw conflict(M.sameRole);
  await deps.db.transaction(async (tx) => {
    // The account's row is the queue: two requests at once take turns, and one stays pending.
    const [account] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (account?.role === role) throw conflict(M.sameRole);
    const now = deps.clock.now();
    await tx
      .update(roleRequests)
      .set({ status: 'replaced', decidedAt: now })
      .where(and(eq(roleRequests.userId, user.id), eq(roleRequests.status, 'pending')));
    const [created] = await tx
      .insert(roleRequests)
      .values({ userId: user.id, role, createdAt: now })
      .returning();
    await audit(
      tx,
      user,
      now,
      user.id,
      'requested',
      `${user.name} asked for the role ${roleTitle(role)}`,
      null,
      {
        role,
        request: 'pending',
        request_id: created!.id,
      },
    );
  });
}

/** The account's newest request, whatever its outcome (the profile shows it). */
export async function latestRoleRequest(db: DbOrTx, userId: string): Promise<RoleRequestSummary | null> {
  const [row] = await db
    .select()
    .from(roleRequests)
    .where(and(eq(roleRequests.userId, userId), sql`${roleRequests.status} <> 'replaced'`))
    .orderBy(desc(roleRequests.createdAt), desc(roleRequests.id))
    .limit(1);
  return row ? roleRequestSummary(row as RoleRequestRow) : null;
}

/** The role the account waits for, or null. */
export async function pendingRoleOf(db: DbOrTx, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: roleRequests.role })
    .from(roleRequests)
    .where(and(eq(roleRequests.userId, userId), eq(roleRequests.status, 'pending')));
  return row?.role ?? null;
}

/** Admins' bell: role requests waiting for a decision (D16). */
export const roleRequestNotifications: NotificationSource = {
  area: 'role_requests',
  label: 'Role requests',
  async waitingFor(deps, user) {
    if (!canManageUsers(user.role)) return { count: 0, items: [] };
    const waiting = eq(roleRequests.status, 'pending');
    return waitingRecords(
      deps.db,
      roleRequests,
      waiting,
      selectRequests(deps.db).where(waiting).orderBy(desc(roleRequests.createdAt), desc(roleRequests.id)),
      (row) => ({
        id: row.request.id,
        title: `${row.user.name} asks to be ${roleTitle(row.request.role)}`,
        detail: `${row.user.staffId ?? row.user.email} · now ${roleTitle(row.user.role)}`,
        href: `/users?${new URLSearchParams({ requests: 'open' })}`,
      }),
    );
  },
};
