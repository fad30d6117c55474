import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { MemoryInput } from '../../../contracts/yearbook';
import { classOf } from '../../../domain/yearbook';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, jsonObject } from '../../db/json-items';
import { tallyCount } from '../../db/row-tallies';
import { memoryWallPosts } from '../../db/schema';
import { pageJsonText } from '../../http/json-text';
import type { PageQuery } from '../../http/paging';
import { recordAudit } from '../audit/audit.service';
import {
  listedYearbookId,
  type PageWindow,
  requireVisibleYearbook,
  requireYearbookId,
  runListPage,
  yearbookStatusColumn,
} from './yearbook-list-kit';
import { actorOf, memoryDto, visibleYearbook } from './yearbook-records';

/*
 * The memory wall of a yearbook (docs/product.md §2, §5): everyone who sees the yearbook reads it,
 * newest first, and any signed-in user posts to it as themselves (D11).
 */

/** memoryDto of the `memory_wall_posts` row. */
const memoryItem: SQL<string> = jsonObject({
  id: memoryWallPosts.id,
  yearbook_id: memoryWallPosts.yearbookId,
  author_id: memoryWallPosts.authorId,
  author_name: memoryWallPosts.authorName,
  message: memoryWallPosts.message,
  photo_url: memoryWallPosts.photoUrl,
  created_at: isoTimestamp(memoryWallPosts.createdAt),
});

/** The yearbook's screen (200, yearbook.queries.ts) and the bench's 25. */
const SCREEN_PAGE_SIZES = new Set([200, 25]);

/**
 * One statement answering one row (docs/decisions/002): the yearbook's status (for the 404), the
 * page's memories as JSON text written by PostgreSQL (their ids and times read off
 * memory_wall_posts_yearbook_idx first, the items written for those only), and how many the wall
 * holds from the `memory_wall_posts` tally (row_tallies, per yearbook).
 */
function wallStatement(db: DbOrTx, window: PageWindow) {
  const page = db
    .select({
      id: sql<string>`${memoryWallPosts.id}`.as('page_id'),
      created: sql`${memoryWallPosts.createdAt}`.as('page_created'),
    })
    .from(memoryWallPosts)
    .where(eq(memoryWallPosts.yearbookId, listedYearbookId))
    .orderBy(desc(memoryWallPosts.createdAt), desc(memoryWallPosts.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  return db
    .select({
      yearbook: yearbookStatusColumn.as('yearbook'),
      items: itemsArray(memoryItem, sql`${page.created} desc, ${page.id} desc`).as('items'),
      total: tallyCount('memory_wall_posts', { scope: listedYearbookId }).as('total'),
    })
    .from(page)
    .leftJoin(memoryWallPosts, eq(memoryWallPosts.id, page.id));
}

/** The wall of a yearbook the caller sees (404 otherwise), newest first, as JSON text (MemoryListResponse). */
export async function listMemories(
  deps: AppDeps,
  user: SessionUser,
  yearbookId: string,
  query: PageQuery,
): Promise<string> {
  requireYearbookId(yearbookId);
  const row = await runListPage(
    deps.db,
    query,
    { key: 'memory_wall_posts', sizes: SCREEN_PAGE_SIZES },
    wallStatement,
    { yearbookId },
  );
  requireVisibleYearbook(user, row.yearbook);
  return pageJsonText(String(row.items ?? '[]'), { total: Number(row.total ?? 0), capped: false }, query);
}

export async function postMemory(deps: AppDeps, user: SessionUser, yearbookId: string, input: MemoryInput) {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const yearbook = await visibleYearbook(tx, user, yearbookId);
    const [added] = await tx
      .insert(memoryWallPosts)
      .values({
        yearbookId,
        authorId: user.id,
        authorName: user.name,
        message: input.message,
        photoUrl: input.photo_url ?? null,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: actorOf(user),
      officerId: null,
      entityType: 'memory_wall_post',
      entityId: added!.id,
      action: 'memory_wall_post.created',
      summary: `${user.name} shared a memory on the ${classOf(yearbook.year)} wall`,
      at: now,
      before: null,
      after: { message: added!.message, photo_url: added!.photoUrl },
    });
    return added!;
  });
  return memoryDto(row);
}
