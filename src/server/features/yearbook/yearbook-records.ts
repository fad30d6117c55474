import { and, count, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type { Entry, Memory, Yearbook } from '../../../contracts/yearbook';
import {
  canManageYearbooks,
  type EntryStatus,
  YEARBOOK_MESSAGES as M,
  yearbookVisibleTo,
} from '../../../domain/yearbook';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { memoryWallPosts, students, yearbookEntries, yearbooks } from '../../db/schema';
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
const noEntries = (): Counts => ({ total: 0, approved: 0, pending: 0, rejected: 0 });

/** Each yearbook's entries by state and memories, as the caller may see them. */
async function figuresOf(db: DbOrTx, user: SessionUser, ids: string[]) {
  if (ids.length === 0) return { entries: new Map<string, Counts>(), memories: new Map<string, number>() };
  const manager = canManageYearbooks(user.role);
  const [entryRows, memoryRows] = await Promise.all([
    db
      .select({ id: yearbookEntries.yearbookId, status: yearbookEntries.status, n: count() })
      .from(yearbookEntries)
      .where(
        and(
          inArray(yearbookEntries.yearbookId, ids),
          manager ? undefined : eq(yearbookEntries.status, 'approved'),
        ),
      )
      .groupBy(yearbookEntries.yearbookId, yearbookEntries.status),
    db
      .select({ id: memoryWallPosts.yearbookId, n: count() })
      .from(memoryWallPosts)
      .where(inArray(memoryWallPosts.yearbookId, ids))
      .groupBy(memoryWallPosts.yearbookId),
  ]);
  const entries = new Map<string, Counts>();
  for (const row of entryRows) {
    const counts = entries.get(row.id) ?? noEntries();
    counts[row.status as EntryStatus] = row.n;
    counts.total += row.n;
    entries.set(row.id, counts);
  }
  return { entries, memories: new Map(memoryRows.map((r) => [r.id, r.n])) };
}

export async function yearbookDtos(db: DbOrTx, user: SessionUser, rows: YearbookRow[]): Promise<Yearbook[]> {
  const { entries, memories } = await figuresOf(
    db,
    user,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    year: row.year,
    title: row.title,
    theme: row.theme,
    cover_image_url: row.coverImageUrl,
    status: row.status,
    created_by: row.createdByName,
    published_date: row.publishedDate,
    entry_counts: entries.get(row.id) ?? noEntries(),
    memory_count: memories.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
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
