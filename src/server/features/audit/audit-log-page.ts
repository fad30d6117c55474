import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuditListQuery } from '../../../contracts/audit';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, jsonObject } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { tallyCount } from '../../db/row-tallies';
import { activities } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { pageWindow } from '../../http/paging';
import { logFilters } from './audit.service';

/*
 * A page of the Activity Log as one statement answering one row (docs/decisions/002): the entries
 * as JSON text written by PostgreSQL, and how many entries the filters match. Without a filter that
 * is the `activities` tally (row_tallies: sixteen buckets by the id's last digit, summed), where
 * counting 39,000 entries cost 8 ms a page; a filter counts its matches in the same statement, as
 * exactly as before. The page's ids are read off activities_created_idx first and the entries
 * written for those only. The unfiltered first page of the screen's size is a named statement.
 */

/** The Activity Log's page (25, activity-log-view.ts). */
const SCREEN_PAGE_SIZES = new Set([25]);

/** An entry as toEntry (audit.service.ts) answers it, field for field and in its order. */
const entryItem = jsonObject({
  id: activities.id,
  actor_id: activities.actorId,
  actor_name: activities.actorName,
  action: activities.action,
  entity_type: activities.entityType,
  entity_id: activities.entityId,
  summary: activities.summary,
  changes: activities.changes,
  at: isoTimestamp(activities.createdAt),
});

/** `filters` undefined: every entry, counted by the tally. */
function pageStatement(db: DbOrTx, filters: SQL | undefined, window: PageWindow) {
  const page = db
    .select({
      id: sql<string>`${activities.id}`.as('page_id'),
      created: sql<Date>`${activities.createdAt}`.as('page_created'),
      seq: sql<number>`${activities.seq}`.as('page_seq'),
    })
    .from(activities)
    .where(filters)
    .orderBy(desc(activities.createdAt), desc(activities.seq))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const total = filters
    ? sql<number>`(select count(*)::int from ${activities} where ${filters})`
    : tallyCount('activities');
  return db
    .select({
      items: itemsArray(entryItem, sql`${page.created} desc, ${page.seq} desc`).as('items'),
      total: total.as('total'),
    })
    .from(page)
    .leftJoin(activities, eq(activities.id, page.id));
}

const namedFirstPage = namedPageStatements();
const everyEntry = (db: DbOrTx, window: PageWindow) => pageStatement(db, undefined, window);

/** The Activity Log's answer (AuditListResponse) as JSON text: newest first, then latest written. */
export async function auditLogPageJson(db: DbOrTx, query: AuditListQuery): Promise<string> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const where = logFilters(filters);
  const { limit, offset } = pageWindow(query);
  const values = { limit, offset };
  const [row] =
    where === undefined && offset === 0 && SCREEN_PAGE_SIZES.has(limit)
      ? await namedFirstPage('audit', limit, everyEntry)(db, values)
      : await runWithValues(pageStatement(db, where, PLACEHOLDERS), values);
  return pageJsonText(String(row?.items ?? '[]'), { total: Number(row?.total ?? 0), capped: false }, query);
}
