import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserListQuery } from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { itemsArray } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { tallyByBucket } from '../../db/row-tallies';
import { users } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { pageWindow } from '../../http/paging';
import { userSearch } from './directory.service';
import { directoryItem, directoryItemJoins } from './list-items';

/*
 * A page of the user directory and its six tiles as one statement answering one row
 * (docs/decisions/002): the page's accounts as JSON text written by PostgreSQL (list-items.ts),
 * how many accounts hold each role from the `users` tally (row_tallies, kept by triggers), and how
 * many are inactive. The tiles count every account whatever the filters, so the list's total
 * without a search or status is the tally's too: all its roles, or the one filtered by.
 * A status or a search counts its matches in the same statement (a search up to the cap, D17).
 * The first page of the screen's size without filters is a statement named per page size, its
 * LIMIT written in; a role or status filter is planned for its value (an admin role of 3 accounts
 * and a student role of thousands are best read in different ways).
 */

/** Users page (24, users.queries.ts) and the bench's 25. */
const SCREEN_PAGE_SIZES = new Set([24, 25]);

const everyone = alias(users, 'everyone');

/**
 * Read off the partial index of inactive accounts (users_inactive_idx, migration 0027): without it
 * all 10,000 accounts were read (1.3-2 ms of the 2.7 ms this statement took at 10,000 records).
 */
const inactiveCount = sql<number>`(select count(*)::int from ${users} ${everyone} where not ${everyone.isActive})`;

/**
 * The statement: `matching` counts the list's rows where the tally cannot (a status or search).
 * The page's ids and names are read off users_name_idx first, and the items written for those only.
 */
function pageStatement(db: DbOrTx, where: SQL | undefined, matching: SQL | undefined, window: PageWindow) {
  const page = db
    .select({ id: sql<string>`${users.id}`.as('page_id'), name: sql<string>`${users.name}`.as('page_name') })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  return db
    .select({
      items: itemsArray(directoryItem, sql`${page.name} asc, ${page.id} asc`).as('items'),
      roles: tallyByBucket('users').as('roles'),
      inactive: inactiveCount.as('inactive'),
      ...(matching ? { matching: sql<number>`${matching}`.as('matching') } : {}),
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.id))
    .leftJoin(directoryItemJoins.creator.table, directoryItemJoins.creator.on)
    .leftJoin(directoryItemJoins.pending.table, directoryItemJoins.pending.on);
}

const namedFirstPage = namedPageStatements();

/** The six tiles from the roles' tally and the inactive count. */
function tilesOf(roles: Partial<Record<Role, number>>, inactive: number) {
  const all = Object.values(roles).reduce((sum, n) => sum + n, 0);
  return {
    all,
    counts: {
      admins: roles.admin ?? 0,
      officers: roles.program_officer ?? 0,
      managers: roles.deputy_manager ?? 0,
      students: roles.student ?? 0,
      active: all - inactive,
      inactive,
    },
  };
}

/** The directory's answer (UserListResponse) as JSON text: name order, then id. */
export async function directoryPageJson(db: DbOrTx, query: UserListQuery): Promise<string> {
  const search = userSearch(query.q);
  const searched = search !== undefined;
  const counted = searched || query.status !== undefined;
  const where = and(
    query.role ? eq(users.role, sql.placeholder('role')) : undefined,
    query.status ? eq(users.isActive, sql.placeholder('active')) : undefined,
    search,
  );
  const { limit, offset } = pageWindow(query);
  const values = { role: query.role, active: query.status === 'active', limit, offset };
  const named = !counted && !query.role && offset === 0 && SCREEN_PAGE_SIZES.has(limit);
  const [row] = named
    ? await namedFirstPage('users.directory', limit, (handle, window) =>
        pageStatement(handle, undefined, undefined, window),
      )(db, values)
    : await runWithValues(
        pageStatement(
          db,
          where,
          counted
            ? sql`${countSelect(db, db.select({ one: sql`1` }).from(users).where(where), searched)}`
            : undefined,
          PLACEHOLDERS,
        ),
        values,
      );
  const roles = JSON.parse(String(row?.roles ?? '{}')) as Partial<Record<Role, number>>;
  const { all, counts } = tilesOf(roles, Number(row?.inactive ?? 0));
  const total = counted
    ? matchCountOf(Number(row?.matching ?? 0), searched)
    : { total: query.role ? (roles[query.role] ?? 0) : all, capped: false };
  return pageJsonText(String(row?.items ?? '[]'), total, query, { counts });
}
