import { eq, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type { Entry, Memory, Yearbook } from '../../../contracts/yearbook';
import { canManageYearbooks, YEARBOOK_MESSAGES as M, yearbookVisibleTo } from '../../../domain/yearbook';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { tallyByBucket, tallyCount } from '../../db/row-tallies';
import { type memoryWallPosts, students, yearbookEntries, yearbooks } from '../../db/schema';
import { notFound } from '../../http/errors';

/*
 * The yearbook's records as the API answers them, and the lookups every yearbook route starts
 * from. A record the caller may not see answers 404 like one that does not exist (D11), so a
 * draft's or a pending entry's existence is never told to a non-manager.
 */

export type YearbookRow = typeof yearbooks.$inferSelect;

export const actorOf = (user: SessionUser) => ({ id: user.id, name: user.name });

/** The yearbook, locked when `forUpdate`; 404 when missing or not the caller's to see. */
export async function visibleYearbook(
  db: DbOrTx,
  user: SessionUser,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<YearbookRow> {
  if (!isUuid(id)) throw notFound(M.yearbookNotFound);
  const query = db.select().from(yearbooks).where(eq(yearbooks.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row || !yearbookVisibleTo(user.role, row.status)) throw notFound(M.yearbookNotFound);
  return row;
}

type Counts = Yearbook['entry_counts'];

/**
 * A yearbook with its figures: its entries by status and its memories, from the tallies triggers
 * keep per yearbook (row_tallies), as subqueries of the statement that reads it. Counting them
 * read a class's every entry and memory (8,000 and 10,000 at national size: 1.6 ms of PostgreSQL
 * a list, and two statements more).
 */
const figureColumns = {
  entries: tallyByBucket('yearbook_entries', { scope: qualified(yearbooks.id) }),
  memories: tallyCount('memory_wall_posts', { scope: qualified(yearbooks.id) }),
};

export const selectYearbooks = (db: DbOrTx) =>
  db.select({ yearbook: yearbooks, ...figureColumns }).from(yearbooks);

/** A yearbook as read with its figures (selectYearbooks, visibleYearbookWithFigures). */
export type YearbookWithFigures = { yearbook: YearbookRow; entries: unknown; memories: unknown };

/**
 * The yearbook with columns of its own read in the same statement (`also`: subqueries over
 * "yearbooks"."id"), 404 as visibleYearbook answers.
 */
export async function visibleYearbookWith<Also extends Record<string, SQL>>(
  db: DbOrTx,
  user: SessionUser,
  id: string,
  also: Also,
): Promise<{ yearbook: YearbookRow } & Record<keyof Also, unknown>> {
  if (!isUuid(id)) throw notFound(M.yearbookNotFound);
  const [row] = await db
    .select({ yearbook: yearbooks, ...(also as Record<string, SQL>) })
    .from(yearbooks)
    .where(eq(yearbooks.id, id));
  if (!row || !yearbookVisibleTo(user.role, row.yearbook.status)) throw notFound(M.yearbookNotFound);
  return row as { yearbook: YearbookRow } & Record<keyof Also, unknown>;
}

/** The yearbook with its figures, as the list answers it; 404 when not the caller's to see. */
export const visibleYearbookWithFigures = (db: DbOrTx, user: SessionUser, id: string) =>
  visibleYearbookWith(db, user, id, figureColumns);

/** The entries by state as the caller may see them: management all, everyone else the approved. */
function entryCountsFor(user: SessionUser, byStatus: Record<string, number>): Counts {
  const counts: Counts = { total: 0, approved: 0, pending: 0, rejected: 0 };
  const manager = canManageYearbooks(user.role);
  for (const status of ['approved', 'pending', 'rejected'] as const) {
    if (status !== 'approved' && !manager) continue;
    counts[status] = byStatus[status] ?? 0;
    counts.total += counts[status];
  }
  return counts;
}

export function yearbookDto(
  user: SessionUser,
  { yearbook: row, entries, memories }: YearbookWithFigures,
): Yearbook {
  return {
    id: row.id,
    year: row.year,
    title: row.title,
    theme: row.theme,
    cover_image_url: row.coverImageUrl,
    status: row.status,
    created_by: row.createdByName,
    published_date: row.publishedDate,
    entry_counts: entryCountsFor(user, JSON.parse(String(entries))),
    memory_count: Number(memories),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The yearbook's fields as the audit trail keeps them. */
export const auditedYearbook = (row: YearbookRow) => ({
  year: row.year,
  title: row.title,
  theme: row.theme,
  cover_image_url: row.coverImageUrl,
  status: row.status,
  published_date: row.publishedDate,
});

/** An entry with the student record's photo, the fallback when the entry names none. */
export const entryColumns = {
  id: yearbookEntries.id,
  yearbookId: yearbookEntries.yearbookId,
  studentId: yearbookEntries.studentId,
  studentName: yearbookEntries.studentName,
  studentPhotoUrl: yearbookEntries.studentPhotoUrl,
  recordPhotoUrl: students.profilePhotoUrl,
  program: yearbookEntries.program,
  quote: yearbookEntries.quote,
  achievements: yearbookEntries.achievements,
  status: yearbookEntries.status,
  approvedBy: yearbookEntries.approvedBy,
  approvedDate: yearbookEntries.approvedDate,
  createdAt: yearbookEntries.createdAt,
  updatedAt: yearbookEntries.updatedAt,
};

export const selectEntries = (db: DbOrTx) =>
  db
    .select(entryColumns)
    .from(yearbookEntries)
    .innerJoin(students, eq(students.id, yearbookEntries.studentId));

export type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];

export function entryDto(row: EntryRow): Entry {
  return {
    id: row.id,
    yearbook_id: row.yearbookId,
    student_id: row.studentId,
    student_name: row.studentName,
    student_photo_url: row.studentPhotoUrl,
    program: row.program,
    quote: row.quote,
    achievements: row.achievements,
    status: row.status,
    approved_by: row.approvedBy,
    approved_date: row.approvedDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    photo_url: row.studentPhotoUrl ?? row.recordPhotoUrl,
  };
}

/** The entry's fields as the audit trail keeps them. */
export const auditedEntry = (row: EntryRow) => ({
  student_name: row.studentName,
  program: row.program,
  student_photo_url: row.studentPhotoUrl,
  quote: row.quote,
  achievements: row.achievements,
  status: row.status,
  approved_by: row.approvedBy,
  approved_date: row.approvedDate,
});

/** The entry and its yearbook; 404 when either is not the caller's to see. */
export async function visibleEntry(
  db: DbOrTx,
  user: SessionUser,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ entry: EntryRow; yearbook: YearbookRow }> {
  if (!isUuid(id)) throw notFound(M.entryNotFound);
  const query = selectEntries(db).where(eq(yearbookEntries.id, id));
  const [entry] = options.forUpdate ? await query.for('update', { of: yearbookEntries }) : await query;
  if (!entry) throw notFound(M.entryNotFound);
  const yearbook = await visibleYearbook(db, user, entry.yearbookId).catch(() => {
    throw notFound(M.entryNotFound);
  });
  if (!canManageYearbooks(user.role) && entry.status !== 'approved') throw notFound(M.entryNotFound);
  return { entry, yearbook };
}

export type MemoryRow = typeof memoryWallPosts.$inferSelect;

export const memoryDto = (row: MemoryRow): Memory => ({
  id: row.id,
  yearbook_id: row.yearbookId,
  author_id: row.authorId,
  author_name: row.authorName,
  message: row.message,
  photo_url: row.photoUrl,
  created_at: row.createdAt.toISOString(),
});
