import { desc, eq } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type { Story } from '../../../contracts/impact-stories';
import { canManageStories, STORY_MESSAGES as M, storyColor } from '../../../domain/impact-stories';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { recordColumns } from '../../db/record-columns';
import { impactStories, storyCategories } from '../../db/schema';
import { notFound } from '../../http/errors';

/*
 * Stories as the API answers them, with their category, and the lookup every story route starts
 * from: a story the caller may not see (not approved, for a reader) answers 404 like a missing one.
 */

export const selectStories = (db: DbOrTx) =>
  db
    .select({
      story: recordColumns(impactStories),
      category: { id: storyCategories.id, name: storyCategories.name, color: storyCategories.color },
    })
    .from(impactStories)
    .innerJoin(storyCategories, eq(storyCategories.id, impactStories.categoryId));

/** The readers' order: the newest posted first. */
export const newestPosted = [
  desc(impactStories.datePosted),
  desc(impactStories.createdAt),
  desc(impactStories.id),
];

export type StoryRow = Awaited<ReturnType<ReturnType<typeof selectStories>['where']>>[number];

export function storyDto({ story, category }: StoryRow): Story {
  return {
    id: story.id,
    student_id: story.studentId,
    student_name: story.studentName,
    student_photo_url: story.studentPhotoUrl,
    program: story.program,
    year: story.year,
    title: story.title,
    excerpt: story.excerpt,
    content: story.content,
    category_id: story.categoryId,
    category: { id: category.id, name: category.name, color: storyColor(category.color) },
    image_url: story.imageUrl,
    video_url: story.videoUrl,
    featured: story.featured,
    approved: story.approved,
    approved_by: story.approvedBy,
    approved_date: story.approvedDate,
    date_posted: story.datePosted,
    views_count: story.viewsCount,
    created_at: story.createdAt.toISOString(),
    updated_at: story.updatedAt.toISOString(),
  };
}

/** The story's fields as the audit trail keeps them. */
export const auditedStory = (s: StoryRow['story']) => ({
  student_id: s.studentId,
  student_name: s.studentName,
  student_photo_url: s.studentPhotoUrl,
  program: s.program,
  year: s.year,
  title: s.title,
  excerpt: s.excerpt,
  content: s.content,
  category_id: s.categoryId,
  image_url: s.imageUrl,
  video_url: s.videoUrl,
  featured: s.featured,
  approved: s.approved,
  approved_by: s.approvedBy,
  approved_date: s.approvedDate,
});

/** The story, locked when `forUpdate`; 404 when missing or not the caller's to see. */
export async function visibleStory(
  db: DbOrTx,
  user: SessionUser,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoryRow> {
  if (!isUuid(id)) throw notFound(M.storyNotFound);
  const query = selectStories(db).where(eq(impactStories.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: impactStories }) : await query;
  if (!row || (!row.story.approved && !canManageStories(user.role))) throw notFound(M.storyNotFound);
  return row;
}

/** The search over student name, title and excerpt: 1-2 characters match the start of a word (D17). */
export const storySearch = (q: string | undefined) => textSearch(impactStories.searchText, q);

export const inCategory = (category: string | null | undefined) =>
  category ? eq(impactStories.categoryId, category) : undefined;
