import { desc, eq } from 'drizzle-orm';
import type { MemoryInput } from '../../../contracts/yearbook';
import { classOf } from '../../../domain/yearbook';
import type { AppDeps, SessionUser } from '../../app-env';
import { memoryWallPosts } from '../../db/schema';
import { readTallyCount } from '../../db/tally-figures';
import { type PageQuery, pageOf, pageWindow } from '../../http/paging';
import { recordAudit } from '../audit/audit.service';
import { actorOf, memoryDto, visibleYearbook } from './yearbook-records';

/*
 * The memory wall of a yearbook (docs/product.md §2, §5): everyone who sees the yearbook reads it,
 * newest first, and any signed-in user posts to it as themselves (D11).
 */

/** The wall of a yearbook the caller sees (404 otherwise), newest first (MemoryListResponse); its size from the `memory_wall_posts` tally. */
export async function listMemories(deps: AppDeps, user: SessionUser, yearbookId: string, query: PageQuery) {
  await visibleYearbook(deps.db, user, yearbookId);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    deps.db
      .select()
      .from(memoryWallPosts)
      .where(eq(memoryWallPosts.yearbookId, yearbookId))
      .orderBy(desc(memoryWallPosts.createdAt), desc(memoryWallPosts.id))
      .limit(limit)
      .offset(offset),
    readTallyCount(deps.db, 'memory_wall_posts', { scope: yearbookId }),
  ]);
  return pageOf(rows.map(memoryDto), total, query);
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
