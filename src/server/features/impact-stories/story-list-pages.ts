import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StoryListQuery, StoryManageQuery } from '../../../contracts/impact-stories';
import { FEATURED_MAX, STORY_COLORS } from '../../../domain/impact-stories';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, jsonObject, jsonText, writtenJson } from '../../db/json-items';
import { keptListPage, listVersionOf } from '../../db/kept-list-pages';
import { runWithValues, writtenCount } from '../../db/prepared';
import { tallyByBucket, tallyCount } from '../../db/row-tallies';
import { impactStories, storyCategories } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { type PageQuery, pageWindow } from '../../http/paging';
import { inCategory, storySearch } from './story-records';

/*
 * The two lists of stories, each one statement after the session look-up answering one row
 * (docs/decisions/002): the page's stories as JSON text written by PostgreSQL, and its figures.
 * - Readers (StoryListResponse): the approved stories not featured, newest posted first, and the
 *   featured ones apart; without a search or category the total is the `impact_stories` tally's
 *   'true,false' bucket (approved, not featured), which counts exactly that list.
 * - Management (StoryManageResponse): every story newest first, the tiles from the tally's buckets
 *   ('approved,featured'), which also give the total of a list filtered by approval alone.
 * A search (or a category) counts its matches in the same statement, a search up to the cap (D17).
 * The page's ids and sort keys are read off the index of its order first (impact_stories_posted_idx,
 * impact_stories_created_idx), the items written for those only. Approval and featuring are written
 * into the statement, not sent as values, so that a plan kept for a named first page reads that index.
 * Those first pages are kept while no story or category has changed (keptStories below): they
 * show nothing about who reads them.
 */

const storyCategory = alias(storyCategories, 'story_category');

/** The colours a category may show; another stored colour shows as blue (storyColor). */
const categoryColor = sql`case when ${storyCategory.color} in (${sql.raw(
  STORY_COLORS.map((color) => `'${color}'`).join(', '),
)}) then ${storyCategory.color} else 'blue' end`;

/** storyDto of the `impact_stories` row, with its category joined beside it (storiesArray). */
const storyItem: SQL<string> = jsonObject({
  id: impactStories.id,
  student_id: impactStories.studentId,
  student_name: impactStories.studentName,
  student_photo_url: impactStories.studentPhotoUrl,
  program: impactStories.program,
  year: impactStories.year,
  title: impactStories.title,
  excerpt: impactStories.excerpt,
  content: impactStories.content,
  category_id: impactStories.categoryId,
  category: writtenJson(sql`case when ${storyCategory.id} is null then null
    else ${jsonText(jsonObject({ id: storyCategory.id, name: storyCategory.name, color: categoryColor }))} end`),
  image_url: impactStories.imageUrl,
  video_url: impactStories.videoUrl,
  featured: impactStories.featured,
  approved: impactStories.approved,
  approved_by: impactStories.approvedBy,
  approved_date: sql`${impactStories.approvedDate}::text`,
  date_posted: sql`${impactStories.datePosted}::text`,
  views_count: impactStories.viewsCount,
  created_at: isoTimestamp(impactStories.createdAt),
  updated_at: isoTimestamp(impactStories.updatedAt),
});

/**
 * The stories `where` selects, in an order, as a JSON array: their ids and keys read first (limited
 * by `window`), then each written. `order` gives the keys, newest first, the id last. The
 * categories are joined, not looked up per story: a sub-select per story scanned the small
 * categories table again each time, 127 µs of a page's 413 in PostgreSQL (28 stories).
 */
function storiesArray(db: DbOrTx, where: SQL | undefined, order: Record<string, SQL>, window: PageWindow) {
  const keys = Object.entries(order);
  const page = db
    .select({
      id: sql<string>`${impactStories.id}`.as('page_id'),
      ...Object.fromEntries(keys.map(([name, key]) => [name, key.as(`page_${name}`)])),
    })
    .from(impactStories)
    .where(where)
    .orderBy(...keys.map(([, key]) => desc(key)), desc(impactStories.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const columns = page as unknown as Record<string, SQL.Aliased>;
  const pageOrder = sql.join(
    [...keys.map(([name]) => sql`${columns[name]} desc`), sql`${page.id} desc`],
    sql`, `,
  );
  return db
    .select({ items: itemsArray(storyItem, pageOrder).as('items') })
    .from(page)
    .leftJoin(impactStories, eq(impactStories.id, page.id))
    .leftJoin(storyCategory, eq(storyCategory.id, impactStories.categoryId));
}

const newestPosted = () => ({
  posted: sql`${impactStories.datePosted}`,
  created: sql`${impactStories.createdAt}`,
});
const newestCreated = () => ({ created: sql`${impactStories.createdAt}` });

const namedPage = namedPageStatements();

/**
 * The first pages of a screen's size without a search, kept while no story and no category has
 * changed (db/kept-list-pages.ts): the stories' counter moves with both tables (migration 0039).
 * A view counted on a story moves it too, which only means that page is written afresh.
 */
const keptStories = keptListPage('impact_stories', listVersionOf('impact_stories'));

type StoriesStatement = (
  db: DbOrTx,
  window: PageWindow,
  figures: Record<string, SQL.Aliased>,
) => { prepare(name: string): unknown };

/**
 * The page's answer from its one row (`answerOf`): the first page of a screen's size without a
 * search is a statement named per shape (`named.key`) and size, and kept; any other runs with
 * its values.
 */
async function storiesPageJson(
  db: DbOrTx,
  query: PageQuery,
  named: { key: string; sizes: ReadonlySet<number> } | null,
  build: StoriesStatement,
  answerOf: (row: Record<string, unknown>) => string,
): Promise<string> {
  const { limit, offset } = pageWindow(query);
  if (named && offset === 0 && named.sizes.has(limit)) {
    const statement = namedPage(named.key, limit, (handle, window) =>
      build(handle, window, { kept_version: keptStories.version() }),
    );
    return keptStories.answer(db, `${named.key}:${limit}`, async () => {
      const row = (await statement(db, {}))[0] ?? {};
      return { answer: answerOf(row), version: row.kept_version };
    });
  }
  return answerOf((await runWithValues(build(db, PLACEHOLDERS, {}), { limit, offset }))[0] ?? {});
}

/** Readers' screen (24, impact-stories.queries.ts) and the bench's 25. */
const READER_PAGE_SIZES = new Set([24, 25]);

const approvedOnes = (featured: boolean, ...conditions: Array<SQL | undefined>) =>
  and(
    sql`${impactStories.approved}`,
    featured ? sql`${impactStories.featured}` : sql`not ${impactStories.featured}`,
    ...conditions,
  );

/** The readers' list as JSON text: featured stories first, then the page of the others. */
export async function readerStoriesJson(db: DbOrTx, query: StoryListQuery): Promise<string> {
  const search = storySearch(query.q);
  const matching = and(search, inCategory(query.category));
  const listed = approvedOnes(false, matching);
  const build: StoriesStatement = (handle, window, kept) => {
    const page = storiesArray(handle, listed, newestPosted(), window).as('listed');
    const featured = storiesArray(handle, approvedOnes(true, matching), newestPosted(), {
      limit: writtenCount(FEATURED_MAX),
      offset: writtenCount(0),
    });
    const total = matching
      ? sql<number>`${countSelect(handle, handle.select({ one: sql`1` }).from(impactStories).where(listed), search !== undefined)}`
      : tallyCount('impact_stories', { bucket: 'true,false' });
    return handle
      .select({
        featured: sql<string>`${featured}`.as('featured'),
        items: page.items,
        total: total.as('total'),
        ...kept,
      })
      .from(page);
  };
  const named = matching ? null : { key: 'stories', sizes: READER_PAGE_SIZES };
  return storiesPageJson(db, query, named, build, (row) => {
    const total = matchCountOf(Number(row.total ?? 0), search !== undefined);
    const answer = pageJsonText(String(row.items ?? '[]'), total, query);
    return `{"featured":${String(row.featured ?? '[]')},${answer.slice(1)}`;
  });
}

/** Management's screen (50, impact-stories.queries.ts) and the bench's 25. */
const MANAGER_PAGE_SIZES = new Set([50, 25]);

const APPROVAL: Record<StoryManageQuery['status'], SQL | undefined> = {
  all: undefined,
  approved: sql`${impactStories.approved}`,
  pending: sql`not ${impactStories.approved}`,
};

/** The tiles from the tally's buckets, 'approved,featured' (e.g. 'true,false'). */
function tilesOf(buckets: Record<string, number>) {
  const sum = (pick: (approved: string, featured: string) => boolean) =>
    Object.entries(buckets).reduce((n, [bucket, count]) => {
      const [approved = '', featured = ''] = bucket.split(',');
      return pick(approved, featured) ? n + count : n;
    }, 0);
  const total = sum(() => true);
  const approved = sum((a) => a === 'true');
  return { total, approved, pending: total - approved, featured: sum((_, f) => f === 'true') };
}

/** Management's list as JSON text: every story newest first, by approval, searched; the tiles. */
export async function managedStoriesJson(db: DbOrTx, query: StoryManageQuery): Promise<string> {
  const search = storySearch(query.q);
  const where = and(APPROVAL[query.status], search);
  const build: StoriesStatement = (handle, window, kept) => {
    const page = storiesArray(handle, where, newestCreated(), window).as('listed');
    return handle
      .select({
        items: page.items,
        tiles: tallyByBucket('impact_stories').as('tiles'),
        ...(search
          ? {
              matching:
                sql<number>`${countSelect(handle, handle.select({ one: sql`1` }).from(impactStories).where(where), true)}`.as(
                  'matching',
                ),
            }
          : {}),
        ...kept,
      })
      .from(page);
  };
  const named = search ? null : { key: `stories.manage.${query.status}`, sizes: MANAGER_PAGE_SIZES };
  return storiesPageJson(db, query, named, build, (row) => {
    const counts = tilesOf(JSON.parse(String(row.tiles ?? '{}')) as Record<string, number>);
    // Without a search, the tiles already count the page's stories.
    const total = search
      ? matchCountOf(Number(row.matching ?? 0), true)
      : { total: query.status === 'all' ? counts.total : counts[query.status], capped: false };
    return pageJsonText(String(row.items ?? '[]'), total, query, { counts });
  });
}
