import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  StudentCounts,
  StudentCountsCapped,
  StudentListQuery,
  StudentListResponse,
} from '../../../contracts/students';
import { capCount, type MatchCount, SEARCH_COUNT_CAP, searchMode } from '../../../domain/search';
import type { StudentActor } from '../../../domain/student-permissions';
import {
  PROGRAM_LEVELS,
  type ProgramLevel,
  type ProgramStatus,
  type StudentSort,
} from '../../../domain/students';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { studentCounts, students, users } from '../../db/schema';
import { pageOf, pageWindow } from '../../http/paging';
import { type StudentRow, scopeCondition, selectStudents, studentListColumns } from './students.query';
import { studentMatches } from './students.search';

/*
 * The student list: a page of students in the user's scope, searched, filtered and sorted, and
 * the counts its category tiles show (from student_counts, kept by triggers, without a search or
 * partner; counted otherwise, a search's capped at 1,000 per D17).
 */

/** The list's orders, each ending with the id so that a page never changes between requests. */
const ORDER: Record<StudentSort, SQL[]> = {
  created_at_desc: [desc(students.createdAt), desc(students.id)],
  created_at_asc: [asc(students.createdAt), asc(students.id)],
  name_asc: [asc(sql`lower(${students.fullName})`), asc(students.id)],
  name_desc: [desc(sql`lower(${students.fullName})`), desc(students.id)],
};

/** The list's filters except category: the scope, the search text and the status. */
type Narrowing = Pick<StudentListQuery, 'q' | 'status' | 'landlord_id' | 'institution_id'>;

function baseFilters(actor: StudentActor, query: Narrowing): SQL[] {
  const filters: SQL[] = [];
  const scope = scopeCondition(actor);
  if (scope) filters.push(scope);
  // D17: one or two characters match the start of a name or number, more anywhere (search_text is
  // lower-cased and trigram-indexed).
  if (query.q) filters.push(studentMatches({ text: query.q, mode: searchMode(query.q) }));
  if (query.status) filters.push(eq(students.programStatus, query.status));
  if (query.landlord_id) filters.push(eq(students.landlordId, query.landlord_id));
  if (query.institution_id) filters.push(eq(students.institutionId, query.institution_id));
  return filters;
}

function listFilters(actor: StudentActor, query: Omit<StudentListQuery, 'page' | 'pageSize'>): SQL[] {
  const filters = baseFilters(actor, query);
  if (query.category) filters.push(eq(students.programLevel, query.category));
  return filters;
}

/** A page of the list with its tiles; the tile a category selects is the total it pages by. */
export async function listStudents(
  db: DbOrTx,
  actor: StudentActor,
  query: StudentListQuery,
): Promise<StudentListResponse> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const tally = await countStudents(db, actor, filters);
  const tile = filters.category ?? 'all';
  const total = { total: tally.counts[tile], capped: tally.capped[tile] };
  const { limit, offset } = pageWindow(query);
  const items =
    offset < total.total
      ? await db
          .select(studentListColumns)
          .from(students)
          .leftJoin(users, eq(users.id, students.assignedOfficerId))
          .where(and(...listFilters(actor, filters)))
          .orderBy(...ORDER[query.sort])
          .limit(limit)
          .offset(offset)
      : [];
  return { ...pageOf(items, total, query), counts: tally.counts, counts_capped: tally.capped };
}

/** Every student the list would show with these filters, whole records, in order (the CSV export). */
export function findStudentRows(
  db: DbOrTx,
  actor: StudentActor,
  query: Omit<StudentListQuery, 'page' | 'pageSize'>,
): Promise<StudentRow[]> {
  return selectStudents(db)
    .where(and(...listFilters(actor, query)))
    .orderBy(...ORDER[query.sort]);
}

/** The tiles' figures, and which of them stand for "more than 1,000" (a search, D17). */
export interface StudentTally {
  counts: StudentCounts;
  capped: StudentCountsCapped;
}

/** No tile capped: the figures without a search, and a search's under 1,000. */
const EXACT: StudentCountsCapped = { all: false, university: false, diploma: false, launch_year: false };

/** How many students each category tile would show, under the same scope, search and status. */
export async function countStudents(
  db: DbOrTx,
  actor: StudentActor,
  query: Narrowing,
): Promise<StudentTally> {
  if (query.q) return countSearchMatches(db, baseFilters(actor, query));
  const groups =
    query.landlord_id || query.institution_id
      ? await db
          .select({ level: students.programLevel, n: sql<number>`count(*)::int` })
          .from(students)
          .where(and(...baseFilters(actor, query)))
          .groupBy(students.programLevel)
      : await keptCountsByLevel(db, actor, query.status);
  const counts: StudentCounts = { all: 0, university: 0, diploma: 0, launch_year: 0 };
  for (const { level, n } of groups) {
    counts[level] += Number(n);
    counts.all += Number(n);
  }
  return { counts, capped: EXACT };
}

/** Without a search or partner the tiles are sums of student_counts: a few hundred rows at most. */
function keptCountsByLevel(db: DbOrTx, actor: StudentActor, status: StudentListQuery['status']) {
  const officer = scopeCondition(actor, studentCounts.officerId);
  return db
    .select({ level: studentCounts.programLevel, n: sql<number>`sum(${studentCounts.studentCount})::int` })
    .from(studentCounts)
    .where(and(officer, status ? eq(studentCounts.programStatus, status) : undefined))
    .groupBy(studentCounts.programLevel);
}

/*
 * A search's tiles, each exact up to SEARCH_COUNT_CAP or capped (D17). One pass reads at most
 * 1,001 matches: fewer, and every figure is exact (the usual case, one statement). Otherwise the
 * categories not already past the cap in that pass are counted the same way, each on its own.
 */
async function countSearchMatches(db: DbOrTx, filters: SQL[]): Promise<StudentTally> {
  const firstMatches = db
    .select({ level: students.programLevel })
    .from(students)
    .where(and(...filters))
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches');
  const groups = await db
    .select({ level: firstMatches.level, n: sql<number>`count(*)::int` })
    .from(firstMatches)
    .groupBy(firstMatches.level);
  const seen = (level: ProgramLevel) => groups.find((g) => g.level === level)?.n ?? 0;
  const read = groups.reduce((sum, g) => sum + g.n, 0);
  const unknown = read > SEARCH_COUNT_CAP ? PROGRAM_LEVELS.filter((l) => seen(l) <= SEARCH_COUNT_CAP) : [];
  const counted = unknown.length > 0 ? await countEachLevel(db, filters, unknown) : {};
  const byLevel = PROGRAM_LEVELS.map((level) => counted[level] ?? capCount(seen(level)));
  const counts: StudentCounts = { all: 0, university: 0, diploma: 0, launch_year: 0 };
  const capped: StudentCountsCapped = { ...EXACT };
  PROGRAM_LEVELS.forEach((level, i) => {
    counts[level] = byLevel[i]!.total;
    capped[level] = byLevel[i]!.capped;
  });
  // Exact categories add up to an exact whole, past the cap or not; one capped makes it capped.
  const all = byLevel.some((c) => c.capped)
    ? { total: SEARCH_COUNT_CAP, capped: true }
    : { total: byLevel.reduce((sum, c) => sum + c.total, 0), capped: false };
  counts.all = all.total;
  capped.all = all.capped;
  return { counts, capped };
}

/*
 * Each category's matches, counted to the cap, in one statement. A category holding few of a
 * broad term's matches ('university': no diploma has it) has its own search indexes
 * (schema/students.ts: a trigram index per category, prefix indexes ending in program_level), so
 * finding its few reads only its own index entries (0.1 ms on 50,000 students). But PostgreSQL
 * cannot know the category holds few: it takes the term's share of all students for the
 * category's, and under LIMIT 1001 a sequential scan expecting to stop early looks cheaper, then
 * reads every student to find none (EXPLAIN ANALYZE: 3,610 pages, 15-400 ms, where the index
 * reads 17). Sequential scans are therefore off for this one statement (SET LOCAL, in its own
 * transaction): through the indexes a category past the cap costs 3-9 ms, one with few 0.1-3 ms.
 * (Inside a caller's transaction the setting would last to that transaction's end: the list runs
 * outside one.)
 */
async function countEachLevel(
  db: DbOrTx,
  filters: SQL[],
  levels: ProgramLevel[],
): Promise<Partial<Record<ProgramLevel, MatchCount>>> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const columns = levels.map((level) => {
      const matches = tx
        .select({ one: sql`1` })
        .from(students)
        .where(and(...filters, eq(students.programLevel, level)));
      return sql`${countSelect(tx, matches, true)} as ${sql.identifier(level)}`;
    });
    const { rows } = await tx.execute<Record<string, number>>(sql`select ${sql.join(columns, sql`, `)}`);
    return rows[0] ?? {};
  });
  return Object.fromEntries(levels.map((level) => [level, matchCountOf(Number(row[level] ?? 0), true)]));
}

export interface StudentCountGroup {
  level: ProgramLevel;
  status: ProgramStatus;
  year: number;
  n: number;
}

/**
 * The user's students counted by category, status and start year, summed over officers from the
 * counts the database keeps (schema: studentCounts; a few hundred rows at most): the dashboard's,
 * as a query it reads with its other figures in one statement (a row per group, `n` an integer).
 */
export function studentCountGroupsSql(actor: StudentActor): SQL {
  const c = studentCounts;
  const scope = scopeCondition(actor, c.officerId);
  return sql`
    select ${c.programLevel} as level, ${c.programStatus} as status, ${c.startYear} as year,
           sum(${c.studentCount})::int as n
      from ${c}
     where ${c.studentCount} <> 0${scope ? sql` and ${scope}` : sql``}
     group by 1, 2, 3`;
}
