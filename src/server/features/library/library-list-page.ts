import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ResourceListQuery } from '../../../contracts/library';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, jsonObject } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { tallyByBucket } from '../../db/row-tallies';
import { libraryRatings, libraryResources } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { pageWindow } from '../../http/paging';

/*
 * The library list's answer (ResourceListResponse) as JSON text, in one statement after the
 * session look-up (docs/decisions/002): one row holding the page's items, written by PostgreSQL,
 * and the tiles by type from the tally the database keeps (row_tallies 'library_resources': every
 * resource, by type, which is what the tiles count whatever the filters). Filtered by type at
 * most, the tally is also the list's total; a category or a search counts its matches in the same
 * statement (capped for a search, D17). The first page of a screen's size without those is a
 * statement named per shape, its LIMIT written in, planned once per connection.
 */

/**
 * resourceDto (library.service.ts) as PostgreSQL writes it, over a select whose FROM holds
 * library_resources, with the viewer's own stars (placeholder viewerId).
 * library.list-items.test.ts holds the two equal.
 */
const resourceListItem = jsonObject({
  id: libraryResources.id,
  title: libraryResources.title,
  description: libraryResources.description,
  author: libraryResources.author,
  tags: sql`to_json(${libraryResources.tags})`,
  type: libraryResources.type,
  category: libraryResources.category,
  thumbnail_url: libraryResources.thumbnailUrl,
  duration: libraryResources.duration,
  url: libraryResources.url,
  has_file: sql`${libraryResources.storageKey} is not null`,
  file_name: libraryResources.fileName,
  mime_type: libraryResources.mimeType,
  downloads: libraryResources.downloads,
  // numeric(3,2) is written as '4.50'; the DTO's Number() answers 4.5, as a float8 is written.
  rating_average: sql`${libraryResources.ratingAverage}::float8`,
  rating_count: libraryResources.ratingCount,
  my_rating: sql`(select r.stars from ${libraryRatings} r
    where r.resource_id = ${qualified(libraryResources.id)} and r.user_id = ${sql.placeholder('viewerId')}::uuid)`,
  created_at: isoTimestamp(libraryResources.createdAt),
  updated_at: isoTimestamp(libraryResources.updatedAt),
});

/** The resources matching `where`, the fields given. */
const matchingResources = (db: DbOrTx, fields: Record<string, SQL.Aliased>, where: SQL | undefined) =>
  db.select(fields).from(libraryResources).where(where);

/** The page's resources: ids and sort keys read newest first, the items written for those only. */
function resourcePage(
  db: DbOrTx,
  shape: { type: boolean; category: boolean },
  search: SQL | undefined,
  window: PageWindow,
) {
  const where = and(
    shape.type ? eq(libraryResources.type, sql.placeholder('type')) : undefined,
    shape.category ? eq(libraryResources.category, sql.placeholder('category')) : undefined,
    search,
  );
  const page = matchingResources(
    db,
    {
      id: sql<string>`${libraryResources.id}`.as('page_id'),
      created: sql`${libraryResources.createdAt}`.as('page_created'),
    },
    where,
  )
    .orderBy(desc(libraryResources.createdAt), desc(libraryResources.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const figures: Record<string, SQL.Aliased> = {
    items: itemsArray(resourceListItem, sql`${page.created!} desc, ${page.id!} desc`).as('items'),
    by_type: tallyByBucket('library_resources').as('by_type'),
  };
  // Filtered by type at most, the tiles hold the total; otherwise the matches are counted.
  if (shape.category || search) {
    const matches = matchingResources(db, { one: sql`1`.as('one') }, where);
    figures.matching = sql<number>`${countSelect(db, matches, search !== undefined)}`.as('matching');
  }
  return db.select(figures).from(page).leftJoin(libraryResources, eq(libraryResources.id, page.id!));
}

/** The page sizes the screen (LIBRARY_PAGE_SIZE) and the bench ask for: a named statement each. */
const SCREEN_PAGE_SIZES = new Set([20, 25]);
const namedFirstPage = namedPageStatements();

/** The library list's answer as JSON text for `viewerId`; `search` is the query's words. */
export async function resourceListPageJson(
  db: DbOrTx,
  viewerId: string,
  query: ResourceListQuery,
  search: SQL | undefined,
): Promise<string> {
  const shape = { type: query.type !== undefined, category: query.category !== undefined };
  const { limit, offset } = pageWindow(query);
  const values = { viewerId, type: query.type, category: query.category, limit, offset };
  const [row] =
    !shape.category && !search && offset === 0 && SCREEN_PAGE_SIZES.has(limit)
      ? await namedFirstPage(`library.${shape.type ? 'type' : 'any'}`, limit, (handle, window) =>
          resourcePage(handle, { type: shape.type, category: false }, undefined, window),
        )(db, values)
      : await runWithValues(resourcePage(db, shape, search, PLACEHOLDERS), values);
  const byType = JSON.parse(String(row?.by_type ?? '{}')) as Record<string, number>;
  const of = (type: string) => byType[type] ?? 0;
  const count =
    row?.matching === undefined
      ? {
          total: query.type ? of(query.type) : Object.values(byType).reduce((sum, n) => sum + n, 0),
          capped: false,
        }
      : matchCountOf(Number(row.matching), search !== undefined);
  return pageJsonText(String(row?.items ?? '[]'), count, query, {
    counts: { book: of('book'), audiobook: of('audiobook'), video: of('video'), podcast: of('podcast') },
  });
}
