import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import { canManageUsers, USER_MESSAGES as M } from '../../../domain/users';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { type RecordOf, recordColumns } from '../../db/record-columns';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

export type AccountRow = RecordOf<typeof users>;

/**
 * Runs an admin's change of one account in a transaction that first locks the active admins'
 * rows. Two admins demoting or deactivating each other at once therefore take turns, and the
 * second sees the first's change: the last active admin always stays one, and an admin demoted
 * meanwhile may no longer act.
 */
export async function asAdmin<T>(
  deps: AppDeps,
  actor: SessionUser,
  targetId: string,
  change: (tx: Tx, target: AccountRow, activeAdmins: number) => Promise<T>,
): Promise<T> {
  if (!canManageUsers(actor.role)) throw forbidden();
  if (!isUuid(targetId)) throw notFound(M.notFound);
  return deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
      .orderBy(users.id)
      .for('update');
    if (!admins.some((a) => a.id === actor.id)) throw forbidden();
    const [target] = await tx
      .select(recordColumns(users))
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!target) throw notFound(M.notFound);
    return change(tx, target, admins.length);
  });
}
