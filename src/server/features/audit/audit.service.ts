import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, desc, eq, gte, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditListQuery } from '../../../contracts/audit';
import { isUuid } from '../../../contracts/common';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { type AuditChanges, auditChanges } from '../../../domain/audit';
import { INSERT_BATCH, insertStatements, runStatements } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import {
  type ActivityEntityType,
  activities,
  institutions,
  landlords,
  storyCategories,
  students,
  users,
  yearbooks,
} from '../../db/schema';
import { programmeDayBounds } from '../../programme-time';

/**
 * The audit trail (docs/product.md D15): who did what to which record, and each changed field's
 * value before and after. Every area writes it with recordAudit INSIDE the transaction of the
 * change it describes, so an entry never exists without its change nor a change without its entry.
 * The table refuses UPDATE and DELETE (migration 0007), so history can only grow.
 */
export interface AuditInput {
  /** Who did it; id null for the system, or for a sign-in that named no account. */
  actor: { id: string | null; name: string };
  /** The officer the subject belongs to (a student's assigned officer): program officers see only their own. */
  officerId: string | null;
  entityType: ActivityEntityType;
  entityId: string | null;
  /** A stable code such as 'student.created', 'students.imported', 'allowance.approved', 'auth.sign_in_failed'. */
  action: string;
  /** One sentence for people: 'Bupe Tembo added Mwila Chanda'. */
  summary: string;
  at: Date;
  /** The record before and after, in snake_case (null when created or deleted); secrets are hidden. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields every record carries that would only repeat the entry's own time or a name kept elsewhere. */
const BOOKKEEPING = ['created_at', 'updated_at', 'assigned_officer_name', 'full_name', 'age'];

export function changesOf(input: Pick<AuditInput, 'before' | 'after'>): AuditChanges {
  if (input.before === undefined && input.after === undefined) return {};
  return auditChanges(input.before ?? null, input.after ?? null, { ignore: BOOKKEEPING });
}

function toRow(a: AuditInput) {
  return {
    actorId: a.actor.id,
    actorName: a.actor.name,
    officerId: a.officerId,
    entityType: a.entityType,
    entityId: a.entityId,
    action: a.action,
    summary: a.summary,
    changes: changesOf(a),
    createdAt: a.at,
  };
}

/** A change to a record about a student (a task, an issue, a form, a file), for recordAudit. */
export interface StudentRecordChange {
  entityType: ActivityEntityType;
  id: string;
  studentId: string | null;
  /** Without the entity type: 'created', 'completed'. */
  action: string;
  summary: string;
  at: Date;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Records a change to a record about a student, filed under the student's officer so that
 * officer's Activity Log shows it (D15). The officer is read by the entry's insert itself, in the
 * change's transaction: one round trip, not two.
 */
export async function recordStudentRecordChange(
  tx: DbOrTx,
  actor: { id: string; name: string },
  change: StudentRecordChange,
): Promise<void> {
  const entry = toRow({
    actor: { id: actor.id, name: actor.name },
    officerId: null,
    entityType: change.entityType,
    entityId: change.id,
    action: `${change.entityType}.${change.action}`,
    summary: change.summary,
    at: change.at,
    before: change.before,
    after: change.after,
  });
  const officerId = change.studentId
    ? sql<
        string | null
      >`(select ${students.assignedOfficerId} from ${students} where ${students.id} = ${change.studentId})`
    : null;
  await tx.insert(activities).values({ ...entry, officerId });
}

/**
 * The audit of an area whose records belong to no officer (announcements, events, the library):
 * `audit(tx, user, at, id, 'updated', summary, before, after)` records `<prefix>.updated`.
 */
export function areaAudit(entityType: ActivityEntityType, prefix: string) {
  return (
    tx: DbOrTx,
    user: { id: string; name: string },
    at: Date,
    id: string,
    action: string,
    summary: string,
    before: unknown,
    after: unknown,
  ) =>
    recordAudit(tx, {
      actor: { id: user.id, name: user.name },
      officerId: null,
      entityType,
      entityId: id,
      action: `${prefix}.${action}`,
      summary,
      at,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown> | null,
    });
}

/**
 * The audit of a change to one whole record, given the record before and after (null when created
 * or deleted): `audit(tx, user, at, 'updated', summary, before, after)`.
 */
export type RecordChangeAudit<Row> = (
  tx: DbOrTx,
  user: { id: string; name: string },
  at: Date,
  action: string,
  summary: string,
  before: Row | null,
  after: Row | null,
) => Promise<void>;

/**
 * The audit of a kind of record that belongs to no officer (an impact story, an event): the entry
 * names the record (`after`, or `before` once deleted) and keeps both as `audited` reads them; its
 * action is `<prefix>.<action>`.
 */
export function recordChangeAudit<Row extends { id: string }>(
  entityType: ActivityEntityType,
  audited: (row: Row) => Record<string, unknown>,
  prefix: string = entityType,
): RecordChangeAudit<Row> {
  const audit = areaAudit(entityType, prefix);
  return (tx, user, at, action, summary, before, after) =>
    audit(
      tx,
      user,
      at,
      (after ?? before)!.id,
      action,
      summary,
      before && audited(before),
      after && audited(after),
    );
}

/** The same for a record about a student (a task, an issue, a form): filed under the student's officer. */
export function studentRecordChangeAudit<Row extends { id: string; studentId: string | null }>(
  entityType: ActivityEntityType,
  audited: (row: Row) => Record<string, unknown>,
): RecordChangeAudit<Row> {
  return (tx, user, at, action, summary, before, after) => {
    const record = (after ?? before)!;
    return recordStudentRecordChange(tx, user, {
      entityType,
      id: record.id,
      studentId: record.studentId,
      action,
      summary,
      at,
      before: before && audited(before),
      after: after && audited(after),
    });
  };
}

/** Past this many entries (a whole import's students), one array statement per batch beats a VALUES list. */
const ARRAY_INSERT_FROM = 200;

export async function recordAudit(tx: DbOrTx, input: AuditInput | AuditInput[]): Promise<void> {
  const list = Array.isArray(input) ? input : [input];
  if (list.length === 0) return;
  if (list.length < ARRAY_INSERT_FROM) {
    await tx.insert(activities).values(list.map(toRow));
    return;
  }
  await runStatements(tx, await auditStatements(list));
}

/**
 * The statements recording a whole import's or upload's entries, built before its transaction so
 * that the transaction only sends them (see insertStatements); run them with runStatements.
 */
export async function auditStatements(list: AuditInput[]): Promise<SQL[]> {
  const statements: SQL[] = [];
  // A batch's entries at a time (each compares its before and after), other requests between.
  for (let start = 0; start < list.length; start += INSERT_BATCH) {
    if (start > 0) await nextTurn();
    statements.push(
      ...(await insertStatements(activities, list.slice(start, start + INSERT_BATCH).map(toRow))),
    );
  }
  return statements;
}

/** The entry of a successful sign-in, by staff ID and password or by Google: both read alike. */
export function signInEntry(user: { id: string; name: string }, how: string, at: Date): AuditInput {
  return {
    actor: { id: user.id, name: user.name },
    officerId: null,
    entityType: 'account',
    entityId: user.id,
    action: 'auth.signed_in',
    summary: `${user.name} signed in with ${how}`,
    at,
  };
}

export type RecentActivity = DashboardResponse['recent_activity'][number];

/**
 * The per-record entries of an import or a bulk upload: the batch's own entry ('50 students
 * imported') tells the dashboard's recent activity about them, instead of fifty lines of it.
 */
const ENTRIES_A_BATCH_SUMS_UP = ['student.imported', 'allowance.uploaded'];

/**
 * The dashboard's recent activity: the latest changes to the programme's records the user may see
 * (all for admin and deputy manager, their own students' for an officer, as studentScope says with
 * `officerId`), newest first; sign-ins and account events stay in the log. A query the dashboard
 * reads with its other figures in one statement: its rows, in order, are the entries as the API
 * gives them, the time an ISO instant in UTC to the millisecond as the rest of the API writes it.
 */
export function recentActivitySql(officerId: string | undefined, limit: number): SQL {
  const a = activities;
  return sql`
    select ${a.id} as id, ${a.actorName} as actor_name, ${a.action} as action, ${a.summary} as summary,
           to_char(${a.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from ${a}
     where ${and(
       sql`${a.entityType} <> 'account'`,
       notInArray(a.action, ENTRIES_A_BATCH_SUMS_UP),
       officerId === undefined ? undefined : eq(a.officerId, officerId),
     )}
     order by ${a.createdAt} desc, ${a.seq} desc
     limit ${limit}`;
}

const entryColumns = {
  id: activities.id,
  created_at: activities.createdAt,
  actor_id: activities.actorId,
  actor_name: activities.actorName,
  action: activities.action,
  entity_type: activities.entityType,
  entity_id: activities.entityId,
  summary: activities.summary,
  changes: activities.changes,
};

type EntryRow = Omit<AuditEntry, 'at'> & { created_at: Date };

/** An entry; the Activity Log's page writes the same in PostgreSQL (audit-log-page.ts, its test). */
function toEntry({ created_at, ...row }: EntryRow): AuditEntry {
  return { ...row, at: created_at.toISOString() };
}

/**
 * One record's history, oldest first. The caller has already shown the user may see the record
 * (its own service answers 404 otherwise), so the history is scoped exactly like the record.
 */
export async function recordHistory(db: DbOrTx, entityType: ActivityEntityType, entityId: string) {
  const rows = await db
    .select(entryColumns)
    .from(activities)
    .where(and(eq(activities.entityType, entityType), eq(activities.entityId, entityId)))
    .orderBy(activities.seq);
  const items = rows.map((r) => toEntry(r as EntryRow));
  return { items, names: await namesOfIds(db, idsIn(items)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids a history's changes hold (who approved, which student, which landlord). */
function idsIn(items: AuditEntry[]): string[] {
  const ids = new Set<string>();
  for (const { changes } of items)
    for (const { before, after } of Object.values(changes))
      for (const value of [before, after]) if (typeof value === 'string' && UUID.test(value)) ids.add(value);
  return [...ids];
}

/**
 * The people and records those ids stand for, by name, read now: the entry keeps the id it was
 * written with, and the History shows who that is ('Dpm approved by: Bupe Tembo', not a uuid).
 */
async function namesOfIds(db: DbOrTx, ids: string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const list = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const named = (table: PgTable, id: AnyPgColumn, name: AnyPgColumn) =>
    sql`select ${id}::text as id, ${name} as name from ${table} where ${id} = any(${list})`;
  const rows = await db.execute<{ id: string; name: string }>(sql`${named(users, users.id, users.name)}
    union all ${named(students, students.id, students.fullName)}
    union all ${named(landlords, landlords.id, landlords.name)}
    union all ${named(institutions, institutions.id, institutions.institutionName)}
    union all ${named(storyCategories, storyCategories.id, storyCategories.name)}
    union all ${named(yearbooks, yearbooks.id, yearbooks.title)}`);
  return Object.fromEntries(rows.rows.map((row) => [row.id, row.name]));
}

/** The Activity Log's filters (its page: audit-log-page.ts; its CSV export below). */
export function logFilters(query: Omit<AuditListQuery, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    query.actor_id ? eq(activities.actorId, query.actor_id) : undefined,
    // Any text: a kind nobody records matches no entry.
    query.entity_type ? eq(activities.entityType, query.entity_type as ActivityEntityType) : undefined,
    // A record id is a uuid: any other text names no record (and must not reach a uuid column).
    query.entity_id
      ? isUuid(query.entity_id)
        ? eq(activities.entityId, query.entity_id)
        : sql`false`
      : undefined,
    query.action ? eq(activities.action, query.action) : undefined,
    query.from ? gte(activities.createdAt, programmeDayBounds(query.from).start) : undefined,
    query.to ? lt(activities.createdAt, programmeDayBounds(query.to).end) : undefined,
  );
}

/** Every entry the filters match, newest first, for the CSV export. */
export function exportAudit(db: DbOrTx, query: Omit<AuditListQuery, 'page' | 'pageSize'>) {
  return auditEntries(db, logFilters(query));
}

/** The entries `where` matches, newest first: all of them, or the page given (the Activity Log). */
export async function auditEntries(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<AuditEntry[]> {
  const query = db
    .select(entryColumns)
    .from(activities)
    .where(where)
    .orderBy(desc(activities.createdAt), desc(activities.seq))
    .$dynamic();
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((r) => toEntry(r as EntryRow));
}
