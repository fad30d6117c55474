import { and, eq, inArray } from 'drizzle-orm';
import type { OfficerOption } from '../../../contracts/students';
import { ASSIGNABLE_OFFICER_ROLES } from '../../../domain/student-permissions';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The staff a record can be put in the care of (program officers, deputy managers, admins with an
 * active account): the officer picker of any area, and the check behind what it sends back.
 */
const isAssignable = and(eq(users.isActive, true), inArray(users.role, [...ASSIGNABLE_OFFICER_ROLES]));

/** Assignable staff by name, for a picker. */
export async function listAssignableOfficers(db: DbOrTx): Promise<OfficerOption[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, staff_id: users.staffId, role: users.role })
    .from(users)
    .where(isAssignable)
    .orderBy(users.name);
  return rows as OfficerOption[];
}

/** Whether the user exists and may be assigned records now. */
export async function isAssignableOfficer(db: DbOrTx, userId: string): Promise<boolean> {
  const [officer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isAssignable));
  return officer !== undefined;
}
