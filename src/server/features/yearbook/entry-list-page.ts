import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EntryListQuery } from '../../../contracts/yearbook';
import { searchMode } from '../../../domain/search';
import { canManageYearbooks } from '../../../domain/yearbook';
import type { SessionUser } from '../../app-env';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { itemsArray, keptObjectWith, writtenJson } from '../../db/json-items';
import { containsPattern, prefixPattern } from '../../db/like-pattern';
import { tallyCount } from '../../db/row-tallies';
import { rowTallies, students, yearbookEntries, yearbooks } from '../../db/schema';
import { pageJsonText } from '../../http/json-text';
import {
  listedYearbookId,
  type PageWindow,
  requireVisibleYearbook,
  requireYearbookId,
  runListPage,
  yearbookStatusColumn,
} from './yearbook-list-kit';

/*
 * A yearbook's entries (EntryListResponse) as one statement after the session look-up, answering
 * one row (docs/decisions/002): the yearbook's status (for the 404), the page's entries as JSON
 * text written by PostgreSQL, how many there are, and the programs of the list's filter. Without a
 * search or program the count is the `yearbook_entries` tally (row_tallies: per yearbook, by
 * status), which counts what the list shows; a search or program counts its matches in the same
 * statement (a search up to the cap, D17). The page's ids and sort keys are read off the index of
 * its order first (yearbook_entries_yearbook_created_idx, _yearbook_name_idx), and the items
 * written for those only.
 */

/** The yearbook's screens (200, yearbook.queries.ts) and the bench's 25. */
const SCREEN_PAGE_SIZES = new Set([200, 25]);

const entryStudent = alias(students, 'entry_student');

/**
 * entryDto of the `yearbook_entries` row: what its row decides as a trigger keeps it
 * (yearbook_entries.list_item, migration 0042), then the photo, which falls back to the student
 * record's.
 */
const photoUrl = sql`coalesce(${yearbookEntries.studentPhotoUrl}, ${entryStudent.profilePhotoUrl})`;
const entryItem: SQL<string> = keptObjectWith(yearbookEntries.listItem, { photo_url: photoUrl });

/**
 * Management's item adds the classes of the student's entries in other yearbooks (issue 46: a
 * reviewer sees a student who would be in two yearbooks), through yearbook_entries_student_idx.
 */
const otherClasses = writtenJson(
  sql`(select coalesce(json_agg(oy.year order by oy.year)::text, '[]') from ${yearbookEntries} oe
        join ${yearbooks} oy on oy.id = oe.yearbook_id
       where oe.student_id = ${yearbookEntries.studentId} and oe.yearbook_id <> ${yearbookEntries.yearbookId})`,
);
const managerEntryItem: SQL<string> = keptObjectWith(yearbookEntries.listItem, {
  photo_url: photoUrl,
  other_classes: otherClasses,
});

/**
 * The programs of the yearbook's entries (all, or the approved only), in order, as a JSON array,
 * from the `yearbook_programs` tally (row_tallies: per yearbook, by status and program), which
 * triggers keep. Walking yearbook_entries_program_idx from each program to the next, one probe per
 * program, cost 87 µs of the page's 300 in PostgreSQL with 20 programs (the lists bench).
 */
function programsColumn(approvedOnly: boolean): SQL<string> {
  const t = rowTallies;
  const approved = approvedOnly ? sql` and ${t.bucket} like 'approved,%'` : sql``;
  return sql<string>`(select coalesce(json_agg(p.program order by p.program), '[]')::text from (
      select distinct substr(${t.bucket}, strpos(${t.bucket}, ',') + 1) as program from ${t}
       where ${t.tally} = 'yearbook_programs' and ${t.scope} = ${listedYearbookId}::uuid
         and ${t.bucket} <> '' and ${t.rowCount} <> 0${approved}) p)`;
}

/** 1-2 characters: the start of the name, of any of its words, or of the program; else anywhere (D17). */
export function entrySearch(q: string): SQL | undefined {
  if (searchMode(q) === 'prefix') {
    const start = prefixPattern(q);
    return or(
      ilike(yearbookEntries.studentName, start),
      ilike(yearbookEntries.studentName, `% ${start}`),
      ilike(yearbookEntries.program, start),
    );
  }
  const anywhere = containsPattern(q);
  return or(ilike(yearbookEntries.studentName, anywhere), ilike(yearbookEntries.program, anywhere));
}

interface Shape {
  manager: boolean;
  /** The list's search and program conditions; none: the tally counts the page's list. */
  filters: SQL | undefined;
  searched: boolean;
}

function pageStatement(db: DbOrTx, shape: Shape, window: PageWindow) {
  const visible = and(
    eq(yearbookEntries.yearbookId, listedYearbookId),
    // Written in, not a parameter: the index of the readers' order starts with the status.
    shape.manager ? undefined : sql`${yearbookEntries.status} = 'approved'`,
  );
  const where = and(visible, shape.filters);
  // Management reviews the newest first; the yearbook itself reads in name order.
  const key = shape.manager ? yearbookEntries.createdAt : yearbookEntries.studentName;
  const direction = shape.manager ? desc : asc;
  const page = db
    .select({ id: sql<string>`${yearbookEntries.id}`.as('page_id'), key: sql`${key}`.as('page_key') })
    .from(yearbookEntries)
    .where(where)
    .orderBy(direction(key), direction(yearbookEntries.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const order = shape.manager ? sql`${page.key} desc, ${page.id} desc` : sql`${page.key} asc, ${page.id} asc`;
  const total = shape.filters
    ? sql<number>`${countSelect(db, db.select({ one: sql`1` }).from(yearbookEntries).where(where), shape.searched)}`
    : tallyCount('yearbook_entries', {
        scope: listedYearbookId,
        bucket: shape.manager ? undefined : 'approved',
      });
  return (
    db
      .select({
        yearbook: yearbookStatusColumn.as('yearbook'),
        items: itemsArray(shape.manager ? managerEntryItem : entryItem, order).as('items'),
        total: total.as('total'),
        programs: programsColumn(!shape.manager).as('programs'),
      })
      .from(page)
      .leftJoin(yearbookEntries, eq(yearbookEntries.id, page.id))
      // Joined rather than looked up per entry: a sub-select run for each row cost more than the join.
      .leftJoin(entryStudent, eq(entryStudent.id, yearbookEntries.studentId))
  );
}

/**
 * The entries the caller sees of a yearbook they see (404 otherwise), as JSON text: management
 * every entry newest first, everyone else the approved ones by name; searched and filtered.
 */
export async function entryPageJson(
  db: DbOrTx,
  user: SessionUser,
  yearbookId: string,
  query: EntryListQuery,
): Promise<string> {
  requireYearbookId(yearbookId);
  const manager = canManageYearbooks(user.role);
  const q = query.q?.trim();
  const filters = and(
    q ? entrySearch(q) : undefined,
    query.program ? eq(yearbookEntries.program, query.program) : undefined,
  );
  const shape: Shape = { manager, filters, searched: Boolean(q) };
  const named = filters
    ? null
    : { key: `yearbook_entries.${manager ? 'all' : 'approved'}`, sizes: SCREEN_PAGE_SIZES };
  const row = await runListPage(db, query, named, (handle, window) => pageStatement(handle, shape, window), {
    yearbookId,
  });
  requireVisibleYearbook(user, row.yearbook);
  const total = matchCountOf(Number(row.total ?? 0), shape.searched);
  return pageJsonText(String(row.items ?? '[]'), total, query, {
    programs: JSON.parse(String(row.programs ?? '[]')) as string[],
  });
}
