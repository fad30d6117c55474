import { and, asc, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DelegationListFilter } from '../../../contracts/delegations';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, jsonObject, onPage, PAGE_ALIAS } from '../../db/json-items';
import { runWithValues, unseenByPlanner } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { approvalDelegations as d, users } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';

/*
 * A page of delegations as the list answers it, in one statement after the session look-up
 * (docs/decisions/002): one row holding the page's items as JSON text written by PostgreSQL (the
 * names by scalar subqueries on users' primary key, the state read against today as
 * delegationState reads it) and how many match, counted in the same statement (a user's
 * delegations are few; every admin list is a page of ten). The first page of a size the screens
 * ask for is a statement named per scope, status and size, its LIMIT written in.
 */

/** My Profile (50), every active delegation (10), and the API's default (25). */
const SCREEN_PAGE_SIZES = new Set([50, 10, 25]);

type Shape = Pick<DelegationListFilter, 'scope' | 'status'>;

/** The page's rows are read in a subquery of this name; the items are written from it. */
// Unseen by the planner (db/prepared.ts): seen, they made the named first page look cheaper planned
// for its values, and PostgreSQL planned it on every request.
const TODAY = unseenByPlanner(sql.placeholder('today'), 'date');

/** A user's name by id (users' primary key). */
const userName = (id: AnyPgColumn) =>
  sql`(select ${qualified(users.name)} from ${users} where ${qualified(users.id)} = ${onPage(id)})`;

/**
 * The two parties are joined to the page, each once for both their name and staff ID: four
 * look-ups by id a delegation were a fifth of the statement.
 */
const delegator = alias(users, 'delegator');
const delegate = alias(users, 'delegate');

/** delegationState (domain/delegations.ts) for today: revoked, upcoming, ended or active. */
const STATE = sql`case when ${onPage(d.revokedAt)} is not null then 'revoked'
  when ${onPage(d.startsOn)} > ${TODAY} then 'upcoming'
  when ${onPage(d.endsOn)} < ${TODAY} then 'ended' else 'active' end`;

/** A delegation as toDelegationDto (delegations.service.ts) answers it, its fields in the same order. */
const ITEM: SQL<string> = jsonObject({
  id: onPage(d.id),
  delegator_id: onPage(d.delegatorId),
  delegator_name: delegator.name,
  delegator_staff_id: delegator.staffId,
  delegate_id: onPage(d.delegateId),
  delegate_name: delegate.name,
  delegate_staff_id: delegate.staffId,
  stages: sql`to_json(${onPage(d.stages)})`,
  starts_on: sql`${onPage(d.startsOn)}::text`,
  ends_on: sql`${onPage(d.endsOn)}::text`,
  reason: onPage(d.reason),
  state: STATE,
  created_at: isoTimestamp(onPage(d.createdAt)),
  revoked_at: isoTimestamp(onPage(d.revokedAt)),
  revoked_by_name: userName(d.revokedById),
});

/** What the list keeps (listDelegations' filter), with the user and today as placeholders. */
function matching({ scope, status }: Shape): SQL | undefined {
  const user = unseenByPlanner(sql.placeholder('userId'), 'uuid');
  const today = TODAY;
  return and(
    scope === 'mine' ? or(eq(d.delegatorId, user), eq(d.delegateId, user)) : undefined,
    status === 'active'
      ? and(isNull(d.revokedAt), lte(d.startsOn, today), gte(d.endsOn, today))
      : status === 'current'
        ? and(isNull(d.revokedAt), gte(d.endsOn, today))
        : undefined,
  );
}

function pageStatement(db: DbOrTx, shape: Shape, window: PageWindow) {
  const where = matching(shape);
  // Past delegations first come latest; current ones soonest.
  const direction = shape.status === 'all' ? desc : asc;
  const page = db
    .select()
    .from(d)
    .where(where)
    .orderBy(direction(d.startsOn), direction(d.createdAt), asc(d.id))
    .limit(window.limit)
    .offset(window.offset)
    .as(PAGE_ALIAS);
  const order = shape.status === 'all' ? sql`desc` : sql`asc`;
  return db
    .select({
      items: itemsArray(
        ITEM,
        sql`${onPage(d.startsOn)} ${order}, ${onPage(d.createdAt)} ${order}, ${onPage(d.id)} asc`,
      ).as('items'),
      total: sql<number>`(select count(*)::int from ${d} where ${where ?? sql`true`})`.as('total'),
    })
    .from(page)
    .leftJoin(delegator, eq(delegator.id, onPage(d.delegatorId)))
    .leftJoin(delegate, eq(delegate.id, onPage(d.delegateId)));
}

const namedFirstPage = namedPageStatements();

/** The list's answer (DelegationListResponse) as JSON text, for a user allowed the scope asked. */
export async function delegationPageJson(
  db: DbOrTx,
  userId: string,
  today: string,
  query: DelegationListFilter,
): Promise<string> {
  const shape: Shape = { scope: query.scope, status: query.status };
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const values = { userId, today, limit, offset };
  const [row] =
    offset === 0 && SCREEN_PAGE_SIZES.has(limit)
      ? await namedFirstPage(`delegations.${shape.scope}.${shape.status}`, limit, (handle, window) =>
          pageStatement(handle, shape, window),
        )(db, values)
      : await runWithValues(pageStatement(db, shape, PLACEHOLDERS), values);
  return pageJsonText(String(row?.items ?? '[]'), { total: Number(row?.total ?? 0), capped: false }, query);
}
