import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { mapLink } from '../../../domain/corporate';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, jsonObject, onPage, PAGE_ALIAS } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { tallyCount } from '../../db/row-tallies';
import { students } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import type { PageQuery } from '../../http/paging';
import type { PartnerKind } from './partner-kinds';
import { filters, type Input, type PartnerQuery } from './partner-queries';

/*
 * A page of landlords or institutions as the list answers it, in one statement after the session
 * look-up (docs/decisions/002): one row holding the page's items as JSON text written by
 * PostgreSQL, each with its linked students counted by a scalar subquery (students_landlord_idx,
 * students_institution_idx), and how many match. Without a search or filter that count is the
 * tally kept in row_tallies; a filter counts its rows, a search up to the cap (D17).
 * The first page of a size the screens ask for, without a search, is a statement named per shape.
 */

/** Corporate Collaborations (24), the API's default (25) and the student form's pickers (200). */
const SCREEN_PAGE_SIZES = new Set([24, 25, 200]);

/** The page's rows are read in a subquery of this name; the items are written from it. */

/** Whose students the linked count covers (D9): everyone's, one officer's, or nobody's. */
type Scope = 'all' | 'officer' | 'none';

interface Shape {
  scope: Scope;
  /** The signed filter (lease_signed, mou_signed) is set. */
  signed: boolean;
}

function linkedStudents(kind: PartnerKind<Input>, scope: Scope): SQL {
  if (scope === 'none') return sql`0`;
  const officer =
    scope === 'officer'
      ? sql` and ${qualified(students.assignedOfficerId)} = ${sql.placeholder('officerId')}::uuid`
      : sql``;
  return sql`(select count(*)::int from ${students} where ${qualified(kind.studentLink)} = ${onPage(kind.table.id)}${officer})`;
}

/**
 * A record as toDto (corporate.service.ts) answers it, its fields in the same order. map_url is
 * left null here: mapLink reads a web address as a browser does, which SQL cannot repeat, so
 * partnerPageJson fills it in (withMapLinks) when the page holds a geolocation.
 */
function itemObject(kind: PartnerKind<Input>, scope: Scope): SQL<string> {
  const fields: Record<string, SQL> = {};
  for (const [field, column] of Object.entries(kind.columns))
    fields[field] =
      column === kind.table.createdAt || column === kind.table.updatedAt
        ? isoTimestamp(onPage(column))
        : onPage(column);
  return jsonObject({ ...fields, map_url: sql`null::text`, linked_students: linkedStudents(kind, scope) });
}

/**
 * The one statement: the page's rows read off the newest-first index, then their items in that
 * order (written for those rows only), whether any has a geolocation, and how many match.
 * `search` is the condition of a search (partner-queries.ts filters), when there is one.
 */
function pageStatement(db: DbOrTx, kind: PartnerKind<Input>, shape: Shape, window: PageWindow, search?: SQL) {
  const matching = and(search, shape.signed ? eq(kind.signed, sql.placeholder('signed')) : undefined);
  const page = db
    .select(kind.columns as Record<string, AnyPgColumn>)
    .from(kind.table)
    .where(matching)
    .orderBy(desc(kind.table.createdAt), desc(kind.table.id))
    .limit(window.limit)
    .offset(window.offset)
    .as(PAGE_ALIAS);
  const total = matching
    ? sql<number>`(${countSelect(db, db.select({ one: sql`1` }).from(kind.table).where(matching), Boolean(search))})`
    : tallyCount(kind.entity === 'landlord' ? 'landlords' : 'institutions');
  return db
    .select({
      items: itemsArray(
        itemObject(kind, shape.scope),
        sql`${onPage(kind.table.createdAt)} desc, ${onPage(kind.table.id)} desc`,
      ).as('items'),
      located: sql<boolean>`coalesce(bool_or(${onPage(kind.columns.geolocation!)} is not null), false)`.as(
        'located',
      ),
      total: total.as('total'),
    })
    .from(page);
}

const namedFirstPage = namedPageStatements();

/** Each item's map_url as mapLink writes it from the item's geolocation (key order kept). */
function withMapLinks(itemsJson: string): string {
  const items = JSON.parse(itemsJson) as Array<{ geolocation: string | null; map_url: string | null }>;
  for (const item of items) item.map_url = mapLink(item.geolocation);
  return JSON.stringify(items);
}

/** The list's answer (LandlordListResponse, InstitutionListResponse) as JSON text. */
export async function partnerPageJson<T extends Input, R>(
  db: DbOrTx,
  partnerKind: PartnerKind<T, R>,
  actor: StudentActor,
  query: PartnerQuery & PageQuery,
): Promise<string> {
  const kind = partnerKind as unknown as PartnerKind<Input>;
  const scope = studentScope(actor);
  const shape: Shape = { scope: scope.kind, signed: query.signed !== undefined };
  const searched = Boolean(query.q?.trim());
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const values = {
    officerId: scope.kind === 'officer' ? scope.officerId : undefined,
    signed: query.signed,
    limit,
    offset,
  };
  const [row] =
    !searched && offset === 0 && SCREEN_PAGE_SIZES.has(limit)
      ? await namedFirstPage(
          `${kind.entity}s.${shape.scope}.${shape.signed ? 'signed' : 'any'}`,
          limit,
          (handle, window) => pageStatement(handle, kind, shape, window),
        )(db, values)
      : await runWithValues(
          pageStatement(db, kind, shape, PLACEHOLDERS, searched ? filters(kind, { q: query.q }) : undefined),
          values,
        );
  const items = String(row?.items ?? '[]');
  return pageJsonText(
    row?.located ? withMapLinks(items) : items,
    matchCountOf(Number(row?.total ?? 0), searched),
    query,
  );
}
