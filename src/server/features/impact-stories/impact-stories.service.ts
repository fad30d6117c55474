import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { StoryInput, StoryListQuery, StoryManageQuery } from '../../../contracts/impact-stories';
import { canManageStories, FEATURED_MAX, STORY_MESSAGES as M } from '../../../domain/impact-stories';
import type { AppDeps, SessionUser } from '../../app-env';
import { type NotificationSource, opensOn, searchSource, waitingRecords } from '../../area-sources';
import type { Tx } from '../../db/client';
import { impactStories, storyCategories, storyViews, students } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { recordChangeAudit } from '../audit/audit.service';
import { managedStories, readerStories } from './story-list-pages';
import {
  auditedStory,
  newestPosted,
  type StoryRow,
  storyDto,
  storySearch,
  visibleStory,
} from './story-records';

/*
 * Impact Stories (docs/product.md §2, §4, D11, D17): readers see approved stories, newest first,
 * with up to three featured ones apart; deputy managers and admins write, approve and feature.
 * Every change is recorded in the audit trail in its own transaction (D15).
 */

export function requireStoryManager(user: SessionUser): void {
  if (!canManageStories(user.role)) throw forbidden("You don't have permission to manage stories.");
}

/** The readers' list (StoryListResponse, story-list-pages.ts). */
export const listStories = (deps: AppDeps, query: StoryListQuery) => readerStories(deps.db, query);

export async function getStory(deps: AppDeps, user: SessionUser, id: string) {
  return storyDto(await visibleStory(deps.db, user, id));
}

/**
 * Opening a story: one view per user per story per Lusaka day (D17). The view and the count change
 * in one statement, so two tabs opening at once count once and never lose a view.
 */
export async function viewStory(deps: AppDeps, user: SessionUser, id: string) {
  await visibleStory(deps.db, user, id);
  const day = programmeDate(deps.clock.now());
  const result = await deps.db.execute<{ views_count: number; counted: boolean }>(sql`
    with viewed as (
      insert into ${storyViews} (story_id, user_id, day) values (${id}, ${user.id}, ${day})
      on conflict do nothing returning 1)
    update ${impactStories} set views_count = views_count + (select count(*) from viewed)
     where id = ${id}
    returning views_count, exists (select 1 from viewed) as counted`);
  const row = result.rows[0]!;
  return { views_count: Number(row.views_count), counted: Boolean(row.counted) };
}

/** Management's list (StoryManageResponse, story-list-pages.ts). */
export async function manageStories(deps: AppDeps, user: SessionUser, query: StoryManageQuery) {
  requireStoryManager(user);
  return managedStories(deps.db, query);
}

/** The form's fields as columns; a named student fills the name, photo and program left blank. */
async function columnsOf(tx: Tx, input: StoryInput) {
  const [category] = await tx
    .select({ id: storyCategories.id })
    .from(storyCategories)
    .where(eq(storyCategories.id, input.category_id));
  if (!category) throw badRequest(M.categoryNotFound, { category_id: M.categoryNotFound });
  let record: { photo: string | null; program: string | null } = { photo: null, program: null };
  if (input.student_id) {
    const [student] = await tx
      .select({ photo: students.profilePhotoUrl, program: students.currentProgram })
      .from(students)
      .where(eq(students.id, input.student_id));
    if (!student) throw badRequest(M.studentNotFound, { student_id: M.studentNotFound });
    record = student;
  }
  return {
    studentId: input.student_id ?? null,
    studentName: input.student_name,
    studentPhotoUrl: input.student_photo_url ?? record.photo,
    program: input.program ?? record.program,
    year: input.year,
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    categoryId: input.category_id,
    imageUrl: input.image_url ?? null,
    videoUrl: input.video_url ?? null,
  };
}

/** Approval as the form or the approve call sets it: approver and Lusaka date, cleared when unapproved. */
function approvalOf(approved: boolean, before: StoryRow['story'] | null, user: SessionUser, now: Date) {
  if (!approved) return { approved: false, approvedBy: null, approvedDate: null, featured: false };
  if (before?.approved) return { approved: true };
  return { approved: true, approvedBy: user.id, approvedDate: programmeDate(now) };
}

const audit = recordChangeAudit('impact_story', auditedStory);

export async function createStory(deps: AppDeps, user: SessionUser, input: StoryInput) {
  requireStoryManager(user);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(impactStories)
      .values({
        ...(await columnsOf(tx, input)),
        ...approvalOf(input.approved, null, user, now),
        datePosted: programmeDate(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, user, now, 'created', `${user.name} added the story "${input.title}"`, null, added!);
    return added!.id;
  });
  return getStory(deps, user, id);
}

/** What a manager's change sets on a story, and how its audit entry names it. */
interface StoryChange {
  columns: Partial<typeof impactStories.$inferInsert>;
  action: string;
  summary: string;
}

/**
 * A manager's change to one story: in one transaction the story is locked as they see it, the
 * columns `change` gives for it are saved and its audit entry written. Answers the story as saved.
 */
async function changeStory(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  change: (tx: Tx, before: StoryRow['story'], now: Date) => Promise<StoryChange>,
) {
  requireStoryManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { story: before } = await visibleStory(tx, user, id, { forUpdate: true });
    const { columns, action, summary } = await change(tx, before, now);
    const [after] = await tx
      .update(impactStories)
      .set({ ...columns, updatedAt: now })
      .where(eq(impactStories.id, id))
      .returning();
    await audit(tx, user, now, action, summary, before, after!);
  });
  return getStory(deps, user, id);
}

export const updateStory = (deps: AppDeps, user: SessionUser, id: string, input: StoryInput) =>
  changeStory(deps, user, id, async (tx, before, now) => ({
    columns: { ...(await columnsOf(tx, input)), ...approvalOf(input.approved, before, user, now) },
    action: 'updated',
    summary: `${user.name} updated the story "${input.title}"`,
  }));

export async function deleteStory(deps: AppDeps, user: SessionUser, id: string) {
  requireStoryManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { story: before } = await visibleStory(tx, user, id, { forUpdate: true });
    await tx.delete(impactStories).where(eq(impactStories.id, id));
    await audit(tx, user, now, 'deleted', `${user.name} deleted the story "${before.title}"`, before, null);
  });
}

/** Approve (approver and date) or unapprove (cleared, and no longer featured). */
export const approveStory = (deps: AppDeps, user: SessionUser, id: string, approved: boolean) =>
  changeStory(deps, user, id, async (_tx, before, now) => {
    const verb = approved ? 'approved' : 'unapproved';
    return {
      columns: approvalOf(approved, before, user, now),
      action: verb,
      summary: `${user.name} ${verb} the story "${before.title}"`,
    };
  });

// Any fixed number: the key under which featuring requests take turns (see featureStory).
const FEATURE_LOCK_KEY = 72_115_015;

/**
 * Features or unfeatures an approved story; a fourth featured story is refused (D17). Requests
 * take turns on an advisory lock, so two featuring the third and fourth at once cannot both pass
 * the count.
 */
export async function featureStory(deps: AppDeps, user: SessionUser, id: string, featured: boolean) {
  requireStoryManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEATURE_LOCK_KEY})`);
    const { story: before } = await visibleStory(tx, user, id, { forUpdate: true });
    if (before.featured === featured) return;
    if (featured) {
      if (!before.approved) throw conflict(M.notApprovedFeatured);
      const [current] = await tx
        .select({ n: count() })
        .from(impactStories)
        .where(eq(impactStories.featured, true));
      if ((current?.n ?? 0) >= FEATURED_MAX) throw conflict(M.featuredLimit);
    }
    const [after] = await tx
      .update(impactStories)
      .set({ featured, updatedAt: now })
      .where(eq(impactStories.id, id))
      .returning();
    const summary = `${user.name} ${featured ? 'featured' : 'stopped featuring'} the story "${before.title}"`;
    await audit(tx, user, now, featured ? 'featured' : 'unfeatured', summary, before, after!);
  });
  return getStory(deps, user, id);
}

/** Stories waiting for approval, for the people who approve them (D16). */
export const storyNotifications: NotificationSource = {
  area: 'impact-stories',
  label: 'Stories awaiting approval',
  async waitingFor(deps, user) {
    if (!canManageStories(user.role)) return { count: 0, items: [] };
    const pending = eq(impactStories.approved, false);
    return waitingRecords(
      deps.db,
      impactStories,
      pending,
      deps.db
        .select({ id: impactStories.id, title: impactStories.title, name: impactStories.studentName })
        .from(impactStories)
        .where(pending)
        .orderBy(desc(impactStories.createdAt), desc(impactStories.id)),
      (r) => ({
        id: r.id,
        title: r.title,
        detail: `${r.name} · Pending Review`,
        href: `/impact-stories-admin?${new URLSearchParams({ status: 'pending', open: r.id })}`,
      }),
    );
  },
};

/** Stories in the top bar's search: readers find approved ones, management every one. */
export const storySearchSource = searchSource({
  area: 'impact-stories',
  label: 'Impact Stories',
  readableBy: () => true,
  // What the item shows, not the whole story with its category (which every story has).
  rows: (db) =>
    db
      .select({
        id: impactStories.id,
        title: impactStories.title,
        studentName: impactStories.studentName,
        year: impactStories.year,
        approved: impactStories.approved,
      })
      .from(impactStories)
      .$dynamic(),
  matching: (term, { user }) =>
    and(canManageStories(user.role) ? undefined : eq(impactStories.approved, true), storySearch(term.text)),
  order: newestPosted,
  item: (story) => ({
    title: story.title,
    detail: `${story.studentName} · Class of ${story.year}${story.approved ? '' : ' · Pending Review'}`,
  }),
  opens: opensOn('/impact-stories'),
});
