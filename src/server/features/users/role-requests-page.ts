import { desc, eq, sql } from 'drizzle-orm';
import type { RoleRequestStatus } from '../../../domain/users';
import type { DbOrTx } from '../../db/client';
import { itemsArray } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { tallyCount } from '../../db/row-tallies';
import { roleRequests } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { type PageQuery, pageWindow } from '../../http/paging';
import { roleRequestItem } from './list-items';

/*
 * A page of role requests of one status, newest first, as one statement answering one row
 * (docs/decisions/002): the items as JSON text written by PostgreSQL (list-items.ts) and how many
 * requests hold the status from the `role_requests` tally (row_tallies, bucket = status), which
 * counts exactly what the list shows. The page's ids are read off role_requests_status_idx first,
 * the items written for those only. The first page of a screen's size is named per page size, its
 * LIMIT written in: whatever the status, it is the same walk down that index.
 */

/** The admin's requests panel (50, users.queries.ts) and the bench's 25. */
const SCREEN_PAGE_SIZES = new Set([25, 50]);

function pageStatement(db: DbOrTx, window: PageWindow) {
  const status = sql.placeholder('status');
  const page = db
    .select({
      id: sql<string>`${roleRequests.id}`.as('page_id'),
      created: sql<Date>`${roleRequests.createdAt}`.as('page_created'),
    })
    .from(roleRequests)
    .where(eq(roleRequests.status, status))
    .orderBy(desc(roleRequests.createdAt), desc(roleRequests.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  return db
    .select({
      items: itemsArray(roleRequestItem, sql`${page.created} desc, ${page.id} desc`).as('items'),
      total: tallyCount('role_requests', { bucket: sql`${status}` }).as('total'),
    })
    .from(page)
    .leftJoin(roleRequests, eq(roleRequests.id, page.id));
}

const namedFirstPage = namedPageStatements();

/** The role requests' answer (RoleRequestListResponse) as JSON text. */
export async function roleRequestPageJson(
  db: DbOrTx,
  query: { status: RoleRequestStatus } & PageQuery,
): Promise<string> {
  const { limit, offset } = pageWindow(query);
  const values = { status: query.status, limit, offset };
  const [row] =
    offset === 0 && SCREEN_PAGE_SIZES.has(limit)
      ? await namedFirstPage('role_requests', limit, pageStatement)(db, values)
      : await runWithValues(pageStatement(db, PLACEHOLDERS), values);
  return pageJsonText(String(row?.items ?? '[]'), { total: Number(row?.total ?? 0), capped: false }, query);
}
