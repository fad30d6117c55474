import { and, desc, type SQL, sql } from 'drizzle-orm';
import type {
  StoryListQuery,
  StoryListResponse,
  StoryManageQuery,
  StoryManageResponse,
} from '../../../contracts/impact-stories';
import { FEATURED_MAX } from '../../../domain/impact-stories';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { impactStories } from '../../db/schema';
import { readTallyBuckets, readTallyCount } from '../../db/tally-figures';
import { type PageQuery, pageOf, pageWindow } from '../../http/paging';
import { inCategory, newestPosted, selectStories, storyDto, storySearch } from './story-records';

/*
 * The two lists of stories, each item made by storyDto from the row the page read:
 * - Readers (StoryListResponse): the approved stories not featured, newest posted first, and the
 *   featured ones apart; without a search or category the total is the `impact_stories` tally's
 *   'true,false' bucket (approved, not featured), which counts exactly that list.
 * - Management (StoryManageResponse): every story newest first, the tiles from the tally's buckets
 *   ('approved,featured'), which also give the total of a list filtered by approval alone.
 * A search (or a category) counts its matches, a search up to the cap (D17).
 */

const newestCreated = [desc(impactStories.createdAt), desc(impactStories.id)];

/** The stories `where` selects in `order`, the page `window` of them. */
async function storiesOf(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  { limit, offset }: { limit: number; offset: number },
) {
  const rows = await selectStories(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(storyDto);
}

const storyMatches = (db: DbOrTx, where: SQL | undefined, searched: boolean) =>
  countMatches(db, db.select({ one: sql`1` }).from(impactStories).where(where), searched);

const approvedOnes = (featured: boolean, ...conditions: Array<SQL | undefined>) =>
  and(
    sql`${impactStories.approved}`,
    featured ? sql`${impactStories.featured}` : sql`not ${impactStories.featured}`,
    ...conditions,
  );

/** The readers' list: featured stories first, then the page of the others. */
export async function readerStories(db: DbOrTx, query: StoryListQuery): Promise<StoryListResponse> {
  const search = storySearch(query.q);
  const matching = and(search, inCategory(query.category));
  const listed = approvedOnes(false, matching);
  const [featured, items, total] = await Promise.all([
    storiesOf(db, approvedOnes(true, matching), newestPosted, { limit: FEATURED_MAX, offset: 0 }),
    storiesOf(db, listed, newestPosted, pageWindow(query)),
    matching
      ? storyMatches(db, listed, search !== undefined)
      : readTallyCount(db, 'impact_stories', { bucket: 'true,false' }),
  ]);
  return { featured, ...pageOf(items, total, query) };
}

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

/** Management's list: every story newest first, by approval, searched; the tiles. */
export async function managedStories(
  db: DbOrTx,
  query: StoryManageQuery & PageQuery,
): Promise<StoryManageResponse> {
  const search = storySearch(query.q);
  const where = and(APPROVAL[query.status], search);
  const [items, buckets] = await Promise.all([
    storiesOf(db, where, newestCreated, pageWindow(query)),
    readTallyBuckets(db, 'impact_stories'),
  ]);
  const counts = tilesOf(buckets);
  // Without a search, the tiles already count the page's stories.
  const total = search
    ? await storyMatches(db, where, true)
    : query.status === 'all'
      ? counts.total
      : counts[query.status];
  return { ...pageOf(items, total, query), counts };
}
