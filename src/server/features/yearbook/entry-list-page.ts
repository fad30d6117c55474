import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { EntryListQuery, EntryListResponse } from '../../../contracts/yearbook';
import { canManageYearbooks } from '../../../domain/yearbook';
import type { SessionUser } from '../../app-env';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { rowTallies, yearbookEntries, yearbooks } from '../../db/schema';
import { readTallyCount } from '../../db/tally-figures';
import { pageOf, pageWindow } from '../../http/paging';
import { entryDto, selectEntries, visibleYearbook } from './yearbook-records';

/*
 * A yearbook's entries (EntryListResponse), each made by entryDto from the row the page read:
 * management every entry newest first, with the classes of the student's entries in other
 * yearbooks; everyone else the approved ones by name. Without a search or program the count is
 * the `yearbook_entries` tally (row_tallies: per yearbook, by status); a search or program counts
 * its matches (a search up to the cap, D17). The programs of the list's filter come from the
 * `yearbook_programs` tally.
 */

/** The student's name and the program: 1-2 characters the start of a word, else anywhere (D17). */
export const entrySearch = (q: string): SQL | undefined => textSearch(yearbookEntries.searchText, q);

/**
 * The programs of the yearbook's entries (all, or the approved only), in order, from the
 * `yearbook_programs` tally (buckets 'status,program', per yearbook), which triggers keep.
 */
async function programsOf(db: DbOrTx, yearbookId: string, approvedOnly: boolean): Promise<string[]> {
  const t = rowTallies;
  const program = sql<string>`substr(${t.bucket}, strpos(${t.bucket}, ',') + 1)`;
  const rows = await db
    .selectDistinct({ program })
    .from(t)
    .where(
      and(
        eq(t.tally, 'yearbook_programs'),
        eq(t.scope, yearbookId),
        ne(t.bucket, ''),
        ne(t.rowCount, 0),
        approvedOnly ? sql`${t.bucket} like 'approved,%'` : undefined,
      ),
    )
    .orderBy(program);
  return rows.map((r) => r.program);
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
  await visibleYearbook(db, user, yearbookId);
  const manager = canManageYearbooks(user.role);
  const q = query.q?.trim();
  const filters = and(
    q ? entrySearch(q) : undefined,
    query.program ? eq(yearbookEntries.program, query.program) : undefined,
  );
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
  const [rows, total, programs] = await Promise.all([
    selectEntries(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    filters
      ? countMatches(db, db.select({ one: sql`1` }).from(yearbookEntries).where(where), Boolean(q))
      : readTallyCount(db, 'yearbook_entries', {
          scope: yearbookId,
          bucket: manager ? undefined : 'approved',
        }),
    programsOf(db, yearbookId, !manager),
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
  return { ...pageOf(items, total, query), programs };
}
