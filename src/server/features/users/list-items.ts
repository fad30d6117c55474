import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { permissionsOf } from '../../../domain/role-permissions';
import { ROLES } from '../../../domain/roles';
import { isoTimestamp, jsonObject, jsonText, keptObjectWith, writtenJson } from '../../db/json-items';
import { roleRequests, users } from '../../db/schema';

/*
 * The list items of User Management as PostgreSQL writes them (db/json-items.ts, docs/decisions/002):
 * an account as directoryUserDto answers it, and a role request as requestDto does, field for
 * field and in the same order. list-pages.test.ts holds each against its DTO. They read the
 * columns of `users` and `role_requests` in the statement around them (directory-page.ts,
 * role-requests-page.ts). An account's own fields are kept written by a trigger
 * (users_directory_item, migration 0040), which reads the password hash, the tokens and the
 * two-factor secrets only as the flags it writes.
 */

/** A text written into the statement as an SQL literal (our own constants, never user input). */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/** What the account's role may do (permissionsOf), a JSON array per role written into the statement. */
const permissionsJson = writtenJson(
  sql`case ${users.role} ${sql.join(
    ROLES.map((role) => sql`when ${literal(role)} then ${literal(JSON.stringify(permissionsOf(role)))}`),
    sql` `,
  )} end`,
);

/** roleRequestSummary of a role_requests row under this name. */
function requestSummaryFields(r: Record<keyof typeof roleRequests.$inferSelect, AnyPgColumn>) {
  return {
    id: r.id,
    role: r.role,
    status: r.status,
    note: r.note,
    decided_by_name: r.decidedByName,
    decided_at: isoTimestamp(r.decidedAt),
    created_at: isoTimestamp(r.createdAt),
  };
}

const pending = alias(roleRequests, 'pending_request');
const creator = alias(users, 'creator');

/**
 * What directoryItem reads beside the `users` row, to join to it (left joins), rather than look
 * up per account: a sub-select run for each row cost more than the join.
 * - Its creator, by id.
 * - Its pending request: at most one, found by role_requests_one_pending_key (its 'pending'
 *   written in, so that a plan kept for a named statement can use that partial index).
 */
export const directoryItemJoins = {
  creator: { table: creator, on: eq(creator.id, users.createdById) },
  pending: { table: pending, on: and(eq(pending.userId, users.id), sql`${pending.status} = 'pending'`)! },
};

const pendingRequestJson = writtenJson(
  sql`case when ${pending.id} is null then null else ${jsonText(jsonObject(requestSummaryFields(pending)))} end`,
);

/**
 * directoryUserDto of the `users` row, with directoryItemJoins joined: the fields its own row
 * decides as a trigger keeps them (users.directory_item, migration 0040), then the creator's name,
 * the role's permissions and the pending request.
 */
export const directoryItem: SQL<string> = keptObjectWith(users.directoryItem, {
  created_by_name: creator.name,
  permissions: permissionsJson,
  pending_role_request: pendingRequestJson,
});

/** requestDto of the `role_requests` row: the summary, then who asked, looked up by id. */
export const roleRequestItem: SQL<string> = writtenJson(
  sql`(select ${jsonText(
    jsonObject({
      ...requestSummaryFields(roleRequests),
      user_id: roleRequests.userId,
      user_name: users.name,
      user_staff_id: users.staffId,
      user_email: users.email,
      current_role: users.role,
    }),
  )} from ${users} where ${users.id} = ${roleRequests.userId})`,
);
