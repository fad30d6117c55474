import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../contracts/common';
import type {
  DirectoryUser,
  ProfileInput,
  RoleRequestSummary,
  RoleSummaryResponse,
} from '../../../contracts/users';
import { FUTURE_BIRTH_DATE, isFutureBirthDate } from '../../../domain/dates';
import { permissionsOf } from '../../../domain/role-permissions';
import { ROLES, roleTitle } from '../../../domain/roles';
import { canReadUsers, USER_MESSAGES as M } from '../../../domain/users';
import type { AppDeps } from '../../app-env';
import { opensOn, searchSource } from '../../area-sources';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { type RecordOf, recordColumns } from '../../db/record-columns';
import { roleRequests, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { recordHistory } from '../audit/audit.service';

/*
 * The user directory of User Management (docs/product.md §2, §3 user record, D11): every account,
 * staff and Google, with its profile, who added it and its pending role request.
 */

const creator = alias(users, 'creator');
const pending = alias(roleRequests, 'pending_request');

/** Accounts with who added them and their pending request. */
export function selectDirectory(db: DbOrTx) {
  return db
    .select({ user: recordColumns(users), creatorName: creator.name, request: pending })
    .from(users)
    .leftJoin(creator, eq(creator.id, users.createdById))
    .leftJoin(pending, and(eq(pending.userId, users.id), eq(pending.status, 'pending')));
}
type DirectoryRow = Awaited<ReturnType<ReturnType<typeof selectDirectory>['where']>>[number];
export type RoleRequestRow = typeof roleRequests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function roleRequestSummary(r: RoleRequestRow): RoleRequestSummary {
  return {
    id: r.id,
    role: r.role,
    status: r.status,
    note: r.note,
    decided_by_name: r.decidedByName,
    decided_at: iso(r.decidedAt),
    created_at: r.createdAt.toISOString(),
  };
}

/** An account's profile (My Profile's fields) as the API and the audit trail name them. */
export const profileOf = (u: RecordOf<typeof users>) => ({
  department: u.department,
  phone_number: u.phoneNumber,
  address: u.address,
  date_of_birth: u.dateOfBirth,
  emergency_contact_name: u.emergencyContactName,
  emergency_contact_phone: u.emergencyContactPhone,
  emergency_contact_relationship: u.emergencyContactRelationship,
});

/** One account, as the directory lists it and opens it. */
export function directoryUserDto({ user: u, creatorName, request }: DirectoryRow): DirectoryUser {
  return {
    id: u.id,
    name: u.name,
    staff_id: u.staffId,
    email: u.email,
    role: u.role,
    ...profileOf(u),
    is_active: u.isActive,
    sign_in: u.staffId ? 'staff' : 'google',
    invitation_pending: u.staffId !== null && u.passwordHash === null && u.authId === null,
    email_verified: u.emailVerifiedAt !== null,
    last_login: iso(u.lastLogin),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    created_by_name: creatorName,
    permissions: permissionsOf(u.role),
    pending_role_request: request ? roleRequestSummary(request) : null,
  };
}

/**
 * The profile's columns from its input: a field left out is cleared (PUT sends the whole profile).
 * A birth date after today (in the programme's zone at `now`) is refused, as on a student record.
 */
export function profileColumns(input: ProfileInput, now: Date) {
  if (isFutureBirthDate(input.date_of_birth, programmeDate(now)))
    throw badRequest(FUTURE_BIRTH_DATE, { date_of_birth: FUTURE_BIRTH_DATE });
  return {
    phoneNumber: input.phone_number ?? null,
    address: input.address ?? null,
    dateOfBirth: input.date_of_birth ?? null,
    department: input.department ?? null,
    emergencyContactName: input.emergency_contact_name ?? null,
    emergencyContactPhone: input.emergency_contact_phone ?? null,
    emergencyContactRelationship: input.emergency_contact_relationship ?? null,
  };
}

/** One account as the directory shows it; 404 for an id of nothing. */
export async function findDirectoryUser(db: DbOrTx, id: string): Promise<DirectoryUser> {
  if (!isUuid(id)) throw notFound(M.notFound);
  const [row] = await selectDirectory(db).where(eq(users.id, id));
  if (!row) throw notFound(M.notFound);
  return directoryUserDto(row);
}

/** The account's history (D15), for the User Details of an admin; 404 for an id of nothing. */
export async function accountHistory(deps: AppDeps, id: string) {
  await findDirectoryUser(deps.db, id);
  return recordHistory(deps.db, 'account', id);
}

/** The directory's search box and the top bar's: names, staff IDs, emails and departments. */
export const userSearch = (q: string | undefined) => textSearch(users.searchText, q);

/** Manage Roles: each role, what it may do (the rules the server enforces) and who holds it. */
export async function roleSummaries(deps: AppDeps): Promise<RoleSummaryResponse> {
  const held = await deps.db
    .select({
      role: users.role,
      accounts: count(),
      active: sql<number>`count(*) filter (where ${users.isActive})::int`,
    })
    .from(users)
    .groupBy(users.role);
  return {
    roles: [...ROLES].reverse().map((role) => {
      const row = held.find((h) => h.role === role);
      return {
        role,
        permissions: permissionsOf(role),
        accounts: row?.accounts ?? 0,
        active_accounts: row?.active ?? 0,
      };
    }),
  };
}

/** Accounts in the top bar's search, for those who read the directory. */
export const userSearchSource = searchSource({
  area: 'users',
  label: 'Users',
  readableBy: (user) => canReadUsers(user.role),
  rows: (db) =>
    db
      .select({
        id: users.id,
        name: users.name,
        staffId: users.staffId,
        role: users.role,
        email: users.email,
      })
      .from(users)
      .$dynamic(),
  matching: (term) => userSearch(term.text),
  order: [asc(users.name), desc(users.id)],
  item: (r) => ({ title: r.name, detail: `${roleTitle(r.role)} · ${r.staffId ?? r.email}` }),
  opens: opensOn('/users'),
});
