import { asc, count, eq } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type { StoryCategory, StoryCategoryInput } from '../../../contracts/impact-stories';
import { STORY_MESSAGES as M, storyColor } from '../../../domain/impact-stories';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { answeringConstraints, brokenConstraint } from '../../db/constraint-errors';
import { impactStories, storyCategories } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { requireStoryManager } from './impact-stories.service';

/*
 * Story categories (docs/product.md §3): a name and one of five colours. Everyone reads them, by
 * name; management adds, renames and removes one no story uses.
 */

const NAME_TAKEN = { unique: { story_categories_name_key: M.categoryTaken } };

export async function listCategories(deps: AppDeps): Promise<{ items: StoryCategory[] }> {
  const rows = await deps.db
    .select({
      id: storyCategories.id,
      name: storyCategories.name,
      color: storyCategories.color,
      story_count: count(impactStories.id),
    })
    .from(storyCategories)
    .leftJoin(impactStories, eq(impactStories.categoryId, storyCategories.id))
    .groupBy(storyCategories.id)
    .orderBy(asc(storyCategories.name));
  return { items: rows.map((r) => ({ ...r, color: storyColor(r.color) })) };
}

async function categoryDto(deps: AppDeps, id: string) {
  const { items } = await listCategories(deps);
  return items.find((c) => c.id === id)!;
}

const audited = (row: typeof storyCategories.$inferSelect) => ({ name: row.name, color: row.color });
const audit = areaAudit('story_category', 'story_category');

export async function createCategory(deps: AppDeps, user: SessionUser, input: StoryCategoryInput) {
  requireStoryManager(user);
  const now = deps.clock.now();
  const id = await answeringConstraints(NAME_TAKEN, () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(storyCategories)
        .values({ ...input, createdAt: now })
        .returning();
      const summary = `${user.name} added the story category ${input.name}`;
      await audit(tx, user, now, row!.id, 'created', summary, null, audited(row!));
      return row!.id;
    }),
  );
  return categoryDto(deps, id);
}

async function lockedCategory(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound(M.categoryMissing);
  const [row] = await tx.select().from(storyCategories).where(eq(storyCategories.id, id)).for('update');
  if (!row) throw notFound(M.categoryMissing);
  return row;
}

export async function updateCategory(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: StoryCategoryInput,
) {
  requireStoryManager(user);
  const now = deps.clock.now();
  await answeringConstraints(NAME_TAKEN, () =>
    deps.db.transaction(async (tx) => {
      const before = await lockedCategory(tx, id);
      const [after] = await tx
        .update(storyCategories)
        .set(input)
        .where(eq(storyCategories.id, id))
        .returning();
      const summary = `${user.name} updated the story category ${input.name}`;
      await audit(tx, user, now, id, 'updated', summary, audited(before), audited(after!));
    }),
  );
  return categoryDto(deps, id);
}

/** Removes a category no story uses; one in use answers 409 saying how many. */
export async function deleteCategory(deps: AppDeps, user: SessionUser, id: string) {
  requireStoryManager(user);
  const now = deps.clock.now();
  const used = async () =>
    (await deps.db.select({ n: count() }).from(impactStories).where(eq(impactStories.categoryId, id)))[0]
      ?.n ?? 0;
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockedCategory(tx, id);
      const [inUse] = await tx
        .select({ n: count() })
        .from(impactStories)
        .where(eq(impactStories.categoryId, id));
      if ((inUse?.n ?? 0) > 0) throw conflict(M.categoryInUse(inUse!.n));
      await tx.delete(storyCategories).where(eq(storyCategories.id, id));
      const summary = `${user.name} removed the story category ${before.name}`;
      await audit(tx, user, now, id, 'deleted', summary, audited(before), null);
    });
  } catch (error) {
    // A story filed under it at this moment: the foreign key has the last word.
    if (brokenConstraint(error)?.kind !== 'foreign_key') throw error;
    throw conflict(M.categoryInUse(Math.max(1, await used())));
  }
}
