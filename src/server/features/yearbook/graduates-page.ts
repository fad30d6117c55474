import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { searchMode } from '../../../domain/search';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { itemsArray, jsonObject } from '../../db/json-items';
import { containsPattern, prefixPattern } from '../../db/like-pattern';
import { studentCounts, students } from '../../db/schema';
import { pageJsonText } from '../../http/json-text';
import type { PageQuery } from '../../http/paging';
import { type PageWindow, runListPage } from './yearbook-list-kit';

/*
 * Graduating Students (GraduateListResponse): students whose status is graduated, by full name, as
 * one statement answering one row (docs/decisions/002). The page's ids and names are read off
 * students_graduated_name_idx (its condition written into the statement, so that a plan kept for
 * the named statement can use that partial index), and the items written for those only. Without a
 * search the total is summed from the figures triggers keep (student_counts: a few hundred rows at
 * most, where counting read every graduate); a search counts its matches up to the cap (D17).
 */

/** The yearbook's Add Entry picker (200, yearbook.queries.ts) and the bench's 25. */
const SCREEN_PAGE_SIZES = new Set([200, 25]);

/** The graduate as the list answers it (GraduateSchema). */
const graduateItem: SQL<string> = jsonObject({
  id: students.id,
  full_name: students.fullName,
  current_program: students.currentProgram,
  profile_photo_url: students.profilePhotoUrl,
});

const graduated = sql`${students.programStatus} = 'graduated'`;

function graduateSearch(q: string): SQL | undefined {
  return searchMode(q) === 'prefix'
    ? or(ilike(students.firstName, prefixPattern(q)), ilike(students.lastName, prefixPattern(q)))
    : ilike(students.fullName, containsPattern(q));
}

const counted = alias(studentCounts, 'graduate_counts');
const everyGraduate = sql<number>`(select coalesce(sum(${counted.studentCount}), 0)::int
  from ${studentCounts} ${counted} where ${counted.programStatus} = 'graduated')`;

function pageStatement(db: DbOrTx, search: SQL | undefined, window: PageWindow) {
  const where = and(graduated, search);
  const page = db
    .select({
      id: sql<string>`${students.id}`.as('page_id'),
      name: sql<string>`${students.fullName}`.as('page_name'),
    })
    .from(students)
    .where(where)
    .orderBy(asc(students.fullName), asc(students.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const total = search
    ? sql<number>`${countSelect(db, db.select({ one: sql`1` }).from(students).where(where), true)}`
    : everyGraduate;
  return db
    .select({
      items: itemsArray(graduateItem, sql`${page.name} asc, ${page.id} asc`).as('items'),
      total: total.as('total'),
    })
    .from(page)
    .leftJoin(students, eq(students.id, page.id));
}

/** The graduates' answer as JSON text; the caller has checked the user manages yearbooks. */
export async function graduatePageJson(db: DbOrTx, query: PageQuery & { q?: string }): Promise<string> {
  const q = query.q?.trim();
  const search = q ? graduateSearch(q) : undefined;
  const row = await runListPage(
    db,
    query,
    search ? null : { key: 'graduates', sizes: SCREEN_PAGE_SIZES },
    (handle, window) => pageStatement(handle, search, window),
    {},
  );
  return pageJsonText(String(row.items ?? '[]'), matchCountOf(Number(row.total ?? 0), Boolean(q)), query);
}
