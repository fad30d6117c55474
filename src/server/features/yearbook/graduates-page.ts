import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { GraduateListResponse } from '../../../contracts/yearbook';
import { searchMode } from '../../../domain/search';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { containsPattern, prefixPattern } from '../../db/like-pattern';
import { studentCounts, students } from '../../db/schema';
import { type PageQuery, pageOf, pageWindow } from '../../http/paging';

/*
 * Graduating Students (GraduateListResponse): students whose status is graduated, by full name
 * (students_graduated_name_idx). Without a search the total is summed from the figures triggers
 * keep (student_counts: a few hundred rows at most, where counting read every graduate); a search
 * counts its matches up to the cap (D17).
 */

const graduated = eq(students.programStatus, 'graduated');

function graduateSearch(q: string): SQL | undefined {
  return searchMode(q) === 'prefix'
    ? or(ilike(students.firstName, prefixPattern(q)), ilike(students.lastName, prefixPattern(q)))
    : ilike(students.fullName, containsPattern(q));
}

async function everyGraduate(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${studentCounts.studentCount}), 0)::int` })
    .from(studentCounts)
    .where(eq(studentCounts.programStatus, 'graduated'));
  return Number(row?.n ?? 0);
}

/** The graduates' page; the caller has checked the user manages yearbooks. */
export async function graduatePage(
  db: DbOrTx,
  query: PageQuery & { q?: string },
): Promise<GraduateListResponse> {
  const q = query.q?.trim();
  const where = and(graduated, q ? graduateSearch(q) : undefined);
  const { limit, offset } = pageWindow(query);
  const [items, total] = await Promise.all([
    db
      .select({
        id: students.id,
        full_name: students.fullName,
        current_program: students.currentProgram,
        profile_photo_url: students.profilePhotoUrl,
      })
      .from(students)
      .where(where)
      .orderBy(asc(students.fullName), asc(students.id))
      .limit(limit)
      .offset(offset),
    q ? countMatches(db, db.select({ one: sql`1` }).from(students).where(where), true) : everyGraduate(db),
  ]);
  return pageOf(items, total, query);
}
