import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import { toCsv } from '../../../csv/to-csv';
import { mapLink } from '../../../domain/corporate';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { brokenConstraint } from '../../db/constraint-errors';
import { students } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { type PageQuery, pageOf } from '../../http/paging';
import { recordAudit, recordHistory } from '../audit/audit.service';
import { studentScopeCondition } from '../students/students.service';
import type { PartnerKind } from './partner-kinds';
import { partnerRows } from './partner-page';
import { filters, type Input, type PartnerQuery, type Row, selectRows } from './partner-queries';

export { institutionSearch, landlordSearch } from './partner-search';

/*
 * Corporate Collaborations (docs/product.md §2, §3, D11: staff only): the same list, read, write,
 * delete and export for landlords and institutions, told apart by a PartnerKind. Every write is
 * recorded in the audit trail in its own transaction (D15).
 */

/** How many students the user reaches (D9) are linked to each record. */
async function linkedStudents<T extends Input, R>(
  db: DbOrTx,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: kind.studentLink, n: count() })
    .from(students)
    .where(and(inArray(kind.studentLink, ids), studentScopeCondition(user)))
    .groupBy(kind.studentLink);
  return new Map(rows.map((r) => [r.id as string, r.n]));
}

function toDto<R>(row: Row, linked: number): R {
  // The row holds the kind's columns under their API names (PartnerKind.columns).
  return {
    ...row,
    map_url: mapLink(row.geolocation),
    linked_students: linked,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  } as unknown as R;
}

/** An id that is not a uuid names no record: 404 like an unknown one, never a database error. */
function knownId<T extends Input, R>(kind: PartnerKind<T, R>, id: string): string {
  if (!isUuid(id)) throw notFound(kind.messages.notFound);
  return id;
}

async function findRow<T extends Input, R>(
  db: DbOrTx,
  kind: PartnerKind<T, R>,
  id: string,
): Promise<Row | undefined> {
  const [row] = await selectRows(db, kind).where(eq(kind.columns.id, id));
  return row as Row | undefined;
}

async function withLinks<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  rows: Row[],
) {
  const links = await linkedStudents(
    deps.db,
    kind,
    user,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toDto<R>(row, links.get(row.id) ?? 0));
}

/** The list: a page of records (partner-page.ts), each item what getPartner answers for the record. */
export async function listPartners<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  query: PartnerQuery & PageQuery,
) {
  const { rows, total } = await partnerRows(deps.db, kind, query);
  return pageOf(await withLinks(deps, kind, user, rows), total, query);
}

export async function getPartner<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  id: string,
) {
  const row = await findRow(deps.db, kind, knownId(kind, id));
  if (!row) throw notFound(kind.messages.notFound);
  const [dto] = await withLinks(deps, kind, user, [row]);
  return dto!;
}

export async function partnerHistory<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  id: string,
) {
  await getPartner(deps, kind, user, id);
  return recordHistory(deps.db, kind.entity, id);
}

const columnValues = <T extends Input, R>(kind: PartnerKind<T, R>, input: T) =>
  Object.fromEntries(Object.entries(kind.writable).map(([field, key]) => [key, input[field]]));

/** The record as the audit trail keeps it: its API fields, without the server's bookkeeping. */
const auditedFields = <T extends Input, R>(kind: PartnerKind<T, R>, row: Row) =>
  Object.fromEntries(Object.keys(kind.writable).map((field) => [field, row[field] ?? null]));

const actorOf = (user: SessionUser) => ({ id: user.id, name: user.name });

export async function createPartner<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  input: T,
) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(kind.table)
      .values({ ...columnValues(kind, input), createdAt: now, updatedAt: now } as never)
      .returning({ id: kind.table.id });
    const row = (await findRow(tx, kind, added!.id as string))!;
    await recordAudit(tx, {
      actor: actorOf(user),
      officerId: null,
      entityType: kind.entity,
      entityId: row.id,
      action: `${kind.entity}.created`,
      summary: `${user.name} added ${kind.describe(input)}`,
      at: now,
      before: null,
      after: auditedFields(kind, row),
    });
    return row.id;
  });
  return getPartner(deps, kind, user, id);
}

export async function updatePartner<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  id: string,
  input: T,
) {
  const now = deps.clock.now();
  knownId(kind, id);
  await deps.db.transaction(async (tx) => {
    const [before] = await selectRows(tx, kind).where(eq(kind.columns.id, id)).for('update');
    if (!before) throw notFound(kind.messages.notFound);
    await tx
      .update(kind.table)
      .set({ ...columnValues(kind, input), updatedAt: now } as never)
      .where(eq(kind.columns.id, id));
    const after = (await findRow(tx, kind, id))!;
    await recordAudit(tx, {
      actor: actorOf(user),
      officerId: null,
      entityType: kind.entity,
      entityId: id,
      action: `${kind.entity}.updated`,
      summary: `${user.name} updated ${kind.describe(input)}`,
      at: now,
      before: auditedFields(kind, before as Row),
      after: auditedFields(kind, after),
    });
  });
  return getPartner(deps, kind, user, id);
}

/** Deletes a record no student is linked to; one with linked students answers 409 saying how many. */
export async function deletePartner<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  user: SessionUser,
  id: string,
) {
  const now = deps.clock.now();
  knownId(kind, id);
  try {
    await deps.db.transaction(async (tx) => {
      // Locked first: a student being linked to it at this moment waits for this to finish.
      const [row] = await selectRows(tx, kind).where(eq(kind.columns.id, id)).for('update');
      if (!row) throw notFound(kind.messages.notFound);
      const [linked] = await tx.select({ n: count() }).from(students).where(eq(kind.studentLink, id));
      if ((linked?.n ?? 0) > 0) throw conflict(kind.messages.inUse(linked!.n));
      await tx.delete(kind.table).where(eq(kind.columns.id, id));
      await recordAudit(tx, {
        actor: actorOf(user),
        officerId: null,
        entityType: kind.entity,
        entityId: id,
        action: `${kind.entity}.deleted`,
        summary: `${user.name} deleted ${kind.describe(row as unknown as T)}`,
        at: now,
        before: auditedFields(kind, row as Row),
        after: null,
      });
    });
  } catch (error) {
    // The foreign key is the last word should a link slip past the count.
    if (brokenConstraint(error)?.kind !== 'foreign_key') throw error;
    const [linked] = await deps.db.select({ n: count() }).from(students).where(eq(kind.studentLink, id));
    throw conflict(kind.messages.inUse(linked?.n ?? 1));
  }
}

/** Every record the list would show with this search and filter, as a formula-safe CSV file (no paging). */
export async function exportPartnersCsv<T extends Input, R>(
  deps: AppDeps,
  kind: PartnerKind<T, R>,
  query: PartnerQuery,
  columns: readonly string[],
): Promise<string> {
  const rows = (await selectRows(deps.db, kind)
    .where(filters(kind, query))
    .orderBy(desc(kind.table.createdAt), desc(kind.table.id))) as Row[];
  const cell = (row: Row, column: string) => {
    const value = row[column];
    return value instanceof Date ? value.toISOString() : value;
  };
  return toCsv(
    [...columns],
    rows.map((row) => columns.map((column) => cell(row, column))),
  );
}
