import { desc, eq, sql } from 'drizzle-orm';
import type { RoleRequestListResponse } from '../../../contracts/users';
import type { RoleRequestStatus } from '../../../domain/users';
import type { DbOrTx } from '../../db/client';
import { tallyCount } from '../../db/row-tallies';
import { roleRequests } from '../../db/schema';
import { type PageQuery, pageOf, pageWindow } from '../../http/paging';
import { requestDto, selectRequests } from './role-requests.service';

/*
 * A page of role requests of one status, newest first: the request's own look-up
 * (selectRequests), its items made by requestDto, and how many requests hold the status from the
 * `role_requests` tally (row_tallies, bucket = status), which counts exactly what the list shows.
 */

/** The role requests' answer (RoleRequestListResponse). */
export async function roleRequestPage(
  db: DbOrTx,
  query: { status: RoleRequestStatus } & PageQuery,
): Promise<RoleRequestListResponse> {
  const { limit, offset } = pageWindow(query);
  const [rows, counted] = await Promise.all([
    selectRequests(db)
      .where(eq(roleRequests.status, query.status))
      .orderBy(desc(roleRequests.createdAt), desc(roleRequests.id))
      .limit(limit)
      .offset(offset),
    db.execute(sql`select ${tallyCount('role_requests', { bucket: query.status })} as total`),
  ]);
  const total = Number((counted.rows[0] as { total?: number } | undefined)?.total ?? 0);
  return pageOf(rows.map(requestDto), total, query);
}
