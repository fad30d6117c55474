import { and, desc, eq, sql } from 'drizzle-orm';
import type { ResourceListQuery, ResourceListResponse } from '../../../contracts/library';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { libraryResources } from '../../db/schema';
import { readTallyBuckets } from '../../db/tally-figures';
import { pageOf, pageWindow } from '../../http/paging';
import { resourceDto, resourceSearch, selectResources } from './library-records';

/*
 * The library list (ResourceListResponse): a page of resources newest first, each made by
 * resourceDto from the row the page read, with the viewer's own stars. The tiles count every
 * resource by type, whatever the filters, from the tally the database keeps (row_tallies
 * 'library_resources'); filtered by type at most, the tally is also the list's total, else the
 * matches are counted (capped for a search, D17).
 */

export async function resourceListPage(
  db: DbOrTx,
  viewerId: string,
  query: ResourceListQuery,
): Promise<ResourceListResponse> {
  const search = resourceSearch(query.q);
  const where = and(
    query.type ? eq(libraryResources.type, query.type) : undefined,
    query.category ? eq(libraryResources.category, query.category) : undefined,
    search,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, byType] = await Promise.all([
    selectResources(db, viewerId)
      .where(where)
      .orderBy(desc(libraryResources.createdAt), desc(libraryResources.id))
      .limit(limit)
      .offset(offset),
    readTallyBuckets(db, 'library_resources'),
  ]);
  const of = (type: string) => byType[type] ?? 0;
  const total =
    query.category || search
      ? await countMatches(db, db.select({ one: sql`1` }).from(libraryResources).where(where), !!search)
      : query.type
        ? of(query.type)
        : Object.values(byType).reduce((sum, n) => sum + n, 0);
  return {
    ...pageOf(rows.map(resourceDto), total, query),
    counts: { book: of('book'), audiobook: of('audiobook'), video: of('video'), podcast: of('podcast') },
  };
}
