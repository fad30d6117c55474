import { sql } from 'drizzle-orm';
import type { AuditListQuery, AuditListResponse } from '../../../contracts/audit';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { tallyCount } from '../../db/row-tallies';
import { activities } from '../../db/schema';
import { pageOf, pageWindow } from '../../http/paging';
import { auditEntries, logFilters } from './audit.service';

/*
 * A page of the Activity Log, newest first, each entry as the service answers it elsewhere (the
 * CSV export, a record's history). Without a filter the total is the `activities` tally
 * (row_tallies), where counting 39,000 entries cost 8 ms a page; a filter counts its matches.
 */
export async function auditLogPage(db: DbOrTx, query: AuditListQuery): Promise<AuditListResponse> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const where = logFilters(filters);
  const items = await auditEntries(db, where, pageWindow(query));
  const total = where
    ? (await countMatches(db, db.select({ one: sql`1` }).from(activities).where(where), false)).total
    : Number((await db.select({ n: tallyCount('activities') }).from(sql`(select 1) as one`))[0]?.n ?? 0);
  return pageOf(items, total, query);
}
