import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserListQuery, UserListResponse } from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { tallyByBucket } from '../../db/row-tallies';
import { users } from '../../db/schema';
import { pageOf, pageWindow } from '../../http/paging';
import { directoryUserDto, selectDirectory, userSearch } from './directory.service';

/*
 * A page of the user directory and its six tiles. The page is the account's own look-up
 * (selectDirectory) in name order, its items made by directoryUserDto as one account's answer is.
 * The tiles count every account whatever the filters: how many hold each role from the `users`
 * tally (row_tallies, kept by triggers) and how many are inactive; so the list's total without a
 * search or status is the tally's too. A status or a search is counted (a search up to the cap, D17).
 */

/**
 * Read off the partial index of inactive accounts (users_inactive_idx, migration 0027): without it
 * all 10,000 accounts were read (1.3-2 ms at 10,000 records).
 */
const inactiveCount = sql<number>`(select count(*)::int from ${users} where not ${users.isActive})`;

/** The six tiles from the roles' tally and the inactive count. */
async function directoryTiles(db: DbOrTx) {
  const { rows } = await db.execute(
    sql`select ${tallyByBucket('users')} as roles, ${inactiveCount} as inactive`,
  );
  const row = rows[0] as { roles?: string; inactive?: number } | undefined;
  const roles = JSON.parse(String(row?.roles ?? '{}')) as Partial<Record<Role, number>>;
  const inactive = Number(row?.inactive ?? 0);
  const all = Object.values(roles).reduce((sum, n) => sum + n, 0);
  return {
    roles,
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

/** The directory's answer (UserListResponse): name order, then id. */
export async function directoryPage(db: DbOrTx, query: UserListQuery): Promise<UserListResponse> {
  const search = userSearch(query.q);
  const searched = search !== undefined;
  const where = and(
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.isActive, query.status === 'active') : undefined,
    search,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, tiles, matches] = await Promise.all([
    selectDirectory(db).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset),
    directoryTiles(db),
    searched || query.status !== undefined
      ? countMatches(db, db.select({ one: sql`1` }).from(users).where(where), searched)
      : undefined,
  ]);
  const total = matches ?? (query.role ? (tiles.roles[query.role] ?? 0) : tiles.all);
  return { ...pageOf(rows.map(directoryUserDto), total, query), counts: tiles.counts };
}
