import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { StudentListQuery } from '../../../contracts/students';
import { searchMode } from '../../../domain/search';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import type { StudentSort } from '../../../domain/students';
import type { DbOrTx } from '../../db/client';
import { students } from '../../db/schema';
import { statementsByShape } from '../../db/statements-by-shape';
import { STUDENT_LIST_ITEM } from './students.latest-page';
import { studentSearchPattern, studentsMatching } from './students.search';

/*
 * A page of a searched student list, or of a partner's students, as the JSON text of its list
 * items, written by PostgreSQL as students.latest-page.ts writes the list without either. The
 * statement is built by Drizzle once per shape of filters (a tenth to a quarter of a search's CPU
 * in Node was Drizzle building it) and planned by PostgreSQL for each request's values, as a LIKE
 * pattern must be: the plan for 'natasha' is not the plan for 'university of zambia'.
 */

/** The list's orders, each ending with the id so that a page never changes between requests. */
export const ORDER: Record<StudentSort, SQL[]> = {
  created_at_desc: [desc(students.createdAt), desc(students.id)],
  created_at_asc: [asc(students.createdAt), asc(students.id)],
  name_asc: [asc(sql`lower(${students.fullName})`), asc(students.id)],
  name_desc: [desc(sql`lower(${students.fullName})`), desc(students.id)],
};

/*
 * The same orders written so that no index can provide them. When a search matches few students,
 * scanning the created_at index backwards and testing every row until 25 match is the slow road
 * (EXPLAIN: ~20 ms on 50,000 students); finding the matches with the trigram index and sorting
 * those few is ~2 ms. The planner cannot know how few match; we do, from the counts.
 */
const ORDER_BY_SORTING: Record<StudentSort, SQL[]> = {
  created_at_desc: [desc(sql`${students.createdAt} + interval '0 seconds'`), desc(students.id)],
  created_at_asc: [asc(sql`${students.createdAt} + interval '0 seconds'`), asc(students.id)],
  name_asc: ORDER.name_asc,
  name_desc: ORDER.name_desc,
};

type PageRequest = Omit<StudentListQuery, 'page' | 'pageSize'>;

/** Which filters a page has (their values come as placeholders) and how it is ordered and read. */
interface PageShape {
  scope: 'all' | 'officer' | 'none';
  search: 'prefix' | 'anywhere' | 'none';
  status: boolean;
  category: boolean;
  landlord: boolean;
  institution: boolean;
  sort: StudentSort;
  sortFew: boolean;
}

function pageStatement(db: DbOrTx, shape: PageShape) {
  const value = sql.placeholder;
  const filters: Array<SQL | undefined> = [
    shape.scope === 'officer'
      ? eq(students.assignedOfficerId, value('officerId'))
      : shape.scope === 'none'
        ? sql`false`
        : undefined,
    shape.search === 'none' ? undefined : studentsMatching(shape.search, value('pattern')),
    shape.status ? eq(students.programStatus, value('status')) : undefined,
    shape.landlord ? eq(students.landlordId, value('landlordId')) : undefined,
    shape.institution ? eq(students.institutionId, value('institutionId')) : undefined,
    shape.category ? eq(students.programLevel, value('category')) : undefined,
  ];
  // The page's ids first, then their rows: finding the ids reads only the list indexes (schema:
  // students_created_idx holds what a search filters on), where selecting the row's columns while
  // searching would read the wide row of each student passed over.
  const pageIds = db
    .select({ id: students.id })
    .from(students)
    .where(and(...filters))
    .orderBy(...(shape.sortFew ? ORDER_BY_SORTING : ORDER)[shape.sort])
    .limit(value('limit'))
    .offset(value('offset'))
    .as('page_ids');
  return db
    .select({
      items:
        sql<string>`'[' || coalesce(string_agg(${STUDENT_LIST_ITEM}, ',' order by ${sql.join(ORDER[shape.sort], sql`, `)}), '') || ']'`.as(
          'items',
        ),
    })
    .from(pageIds)
    .innerJoin(students, eq(students.id, pageIds.id));
}

/** Built statements by shape: a few dozen at most (the shape's fields are flags and the sort). */
const byShape = statementsByShape();

/**
 * The page's items as JSON text. `matching` is how many the search matches, when known (the
 * tiles), so that few matches are sorted rather than walked to (FEW_MATCHES).
 */
export async function searchedStudentPageJson(
  db: DbOrTx,
  actor: StudentActor,
  query: PageRequest,
  page: { limit: number; offset: number; matching?: number },
): Promise<string> {
  const scope = studentScope(actor);
  const mode = query.q ? searchMode(query.q) : undefined;
  const shape: PageShape = {
    scope: scope.kind,
    search: mode ?? 'none',
    status: query.status !== undefined,
    category: query.category !== undefined,
    landlord: query.landlord_id !== undefined,
    institution: query.institution_id !== undefined,
    sort: query.sort,
    sortFew: mode !== undefined && (page.matching ?? Number.POSITIVE_INFINITY) <= FEW_MATCHES,
  };
  // Unnamed: PostgreSQL plans it for each request's values.
  const statement = byShape(JSON.stringify(shape), (handle) => pageStatement(handle, shape));
  const [row] = await statement(db, {
    officerId: scope.kind === 'officer' ? scope.officerId : undefined,
    pattern: mode && query.q ? studentSearchPattern(mode, query.q) : undefined,
    status: query.status,
    category: query.category,
    landlordId: query.landlord_id,
    institutionId: query.institution_id,
    limit: page.limit,
    offset: page.offset,
  });
  return String(row?.items ?? '[]');
}

/**
 * Up to this many matches, a searched page is found through the search index and sorted. Walking
 * the date index visits about 25 × students ÷ matches index entries (many more when the matches
 * cluster in time, as CHL numbers of one intake do); sorting visits each match's row once, which
 * costs about ten entries' worth. EXPLAIN on 50,000 students: 970 matches walked in 0.8 ms, sorted
 * in 3-5 ms; 34 matches sorted in 1.4 ms where a walk reads most of the index. A capped count
 * (more than SEARCH_COUNT_CAP) arrives as Infinity: never few.
 */
const FEW_MATCHES = 300;
