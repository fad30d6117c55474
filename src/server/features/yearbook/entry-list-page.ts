import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { EntryListQuery, EntryListResponse } from '../../../contracts/yearbook';
import { canManageYearbooks } from '../../../domain/yearbook';
import type { SessionUser } from '../../app-env';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { qualified } from '../../db/qualified';
import { tallyCount } from '../../db/row-tallies';
import { rowTallies, yearbookEntries, yearbooks } from '../../db/schema';
import { pageOf, pageWindow } from '../../http/paging';
import { entryDto, selectEntries, visibleYearbookWith } from './yearbook-records';

/*
 * A yearbook's entries (EntryListResponse), each made by entryDto from the row the page read:
 * management every entry newest first, with the classes of the student's entries in other
 * yearbooks; everyone else the approved ones by name. Without a search or program the count is
 * the `yearbook_entries` tally (row_tallies: per yearbook, by status); a search or program counts
 * its matches (a search up to the cap, D17). The programs of the list's filter come from the
 * `yearbook_programs` tally. Both tallies are read in the statement that finds the yearbook: a
 * reader's page is two statements after the session look-up (it was four), one when the kept total
 * says the page is empty.
 */

/** The student's name and the program: 1-2 characters the start of a word, else anywhere (D17). */
export const entrySearch = (q: string): SQL | undefined => textSearch(yearbookEntries.searchText, q);

/**
 * The programs of the yearbook around it (all, or the approved only), in order, from the
 * `yearbook_programs` tally (buckets 'status,program', per yearbook), which triggers keep: JSON
 * text of a sorted array.
 */
function programsSql(db: DbOrTx, approvedOnly: boolean): SQL<string> {
  const t = rowTallies;
  const programs = db
    .selectDistinct({ program: sql<string>`substr(${t.bucket}, strpos(${t.bucket}, ',') + 1)`.as('program') })
    .from(t)
    .where(
      and(
        eq(t.tally, 'yearbook_programs'),
        eq(t.scope, qualified(yearbooks.id)),
        ne(t.bucket, ''),
        ne(t.rowCount, 0),
        approvedOnly ? sql`${t.bucket} like 'approved,%'` : undefined,
      ),
    )
    .as('programs');
  return sql<string>`(select coalesce(json_agg(${programs.program} order by ${programs.program}), '[]')::text from ${programs})`;
}

/** Each student's classes in yearbooks other than this one (issue 46: a reviewer sees both). */
async function otherClassesOf(db: DbOrTx, yearbookId: string, studentIds: string[]) {
  const classes = new Map<string, number[]>();
  if (studentIds.length === 0) return classes;
  const rows = await db
    .select({ studentId: yearbookEntries.studentId, year: yearbooks.year })
    .from(yearbookEntries)
    .innerJoin(yearbooks, eq(yearbooks.id, yearbookEntries.yearbookId))
    .where(and(inArray(yearbookEntries.studentId, studentIds), ne(yearbookEntries.yearbookId, yearbookId)))
    .orderBy(yearbooks.year);
  for (const row of rows) classes.set(row.studentId, [...(classes.get(row.studentId) ?? []), row.year]);
  return classes;
}

/** The entries the caller sees of a yearbook they see (404 otherwise); searched and filtered. */
export async function entryListPage(
  db: DbOrTx,
  user: SessionUser,
  yearbookId: string,
  query: EntryListQuery,
): Promise<EntryListResponse> {
  const manager = canManageYearbooks(user.role);
  const q = query.q?.trim();
  const filters = and(
    q ? entrySearch(q) : undefined,
    query.program ? eq(yearbookEntries.program, query.program) : undefined,
  );
  // The yearbook (404 when not the caller's) with its programs and, unfiltered, the list's total
  // from the tallies, in one statement.
  const { total: kept, programs } = await visibleYearbookWith(db, user, yearbookId, {
    programs: programsSql(db, !manager),
    total: filters
      ? sql`null`
      : tallyCount('yearbook_entries', {
          scope: qualified(yearbooks.id),
          bucket: manager ? undefined : 'approved',
        }),
  });
  const where = and(
    eq(yearbookEntries.yearbookId, yearbookId),
    manager ? undefined : eq(yearbookEntries.status, 'approved'),
    filters,
  );
  // Management reviews the newest first; the yearbook itself reads in name order.
  const order = manager
    ? [desc(yearbookEntries.createdAt), desc(yearbookEntries.id)]
    : [asc(yearbookEntries.studentName), asc(yearbookEntries.id)];
  const { limit, offset } = pageWindow(query);
  // A page the kept total puts past the end (every page of a yearbook without entries) is not read.
  const [rows, total] = await Promise.all([
    !filters && offset >= Number(kept)
      ? []
      : selectEntries(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
    filters
      ? countMatches(db, db.select({ one: sql`1` }).from(yearbookEntries).where(where), Boolean(q))
      : Number(kept),
  ]);
  const items = rows.map(entryDto);
  if (manager) {
    const classes = await otherClassesOf(
      db,
      yearbookId,
      rows.map((r) => r.studentId),
    );
    for (const item of items) item.other_classes = classes.get(item.student_id) ?? [];
  }
  return { ...pageOf(items, total, query), programs: JSON.parse(String(programs)) as string[] };
}
