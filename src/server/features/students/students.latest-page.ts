import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { StudentCounts, StudentListQuery } from '../../../contracts/students';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import { PROGRAM_LEVELS, type StudentSort } from '../../../domain/students';
import type { DbOrTx } from '../../db/client';
import { NAMED_STATEMENTS, runWithValues } from '../../db/prepared';
import { studentCounts, students, users } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import type { PageQuery } from '../../http/paging';
import { studentListColumns } from './students.query';

/*
 * The student list everyone opens first: no search and no partner, newest first or by name. It
 * is the busiest list of the product, and a bench profile showed its cost was round trips, not
 * SQL (each statement is a socket write and a parse in Node, and the server's one thread is what
 * runs out). So the page and its tiles are one statement answering one row:
 * - `items`: the page's list items as JSON text, written by PostgreSQL (row_to_json of the list
 *   item's columns, in the contract's order), which Node sends on without parsing;
 * - `counts`: the tiles, summed from the counts the database keeps (schema: studentCounts).
 * The first page of a size the screens ask for is a named statement per shape of filters, its
 * LIMIT and OFFSET written into it (db/prepared.ts writtenCount, docs/decisions/002), so that
 * PostgreSQL plans it once per connection; other pages are planned for their values.
 */

/** The page sizes the screens ask for: Student Management (25) and the student picker (20). */
const SCREEN_PAGE_SIZES = new Set([25, 20]);

/** A list item's columns as PostgreSQL writes them, the officer's name looked up by id. */
const itemColumns = sql.join(
  Object.entries(studentListColumns).map(([key, column]) =>
    column === users.name
      ? sql`(select ${users.name} from ${users} where ${users.id} = ${students.assignedOfficerId}) as ${sql.identifier(key)}`
      : sql`${column} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);
/** A student as the list answers it, as JSON text: over a select from `students` (also students.list.ts). */
export const STUDENT_LIST_ITEM = sql<string>`row_to_json((select item from (select ${itemColumns}) item))::text`;

/** What each sort orders by, and which way: the key, then the id to break ties. */
const SORTS: Record<StudentSort, { key: SQL; direction: typeof asc }> = {
  created_at_desc: { key: sql`${students.createdAt}`, direction: desc },
  created_at_asc: { key: sql`${students.createdAt}`, direction: asc },
  name_asc: { key: sql`lower(${students.fullName})`, direction: asc },
  name_desc: { key: sql`lower(${students.fullName})`, direction: desc },
};

interface Shape {
  officer: boolean;
  status: boolean;
  category: boolean;
  sort: StudentSort;
}
function pageStatement(db: DbOrTx, shape: Shape, window: PageWindow) {
  const officer = shape.officer ? eq(students.assignedOfficerId, sql.placeholder('officerId')) : undefined;
  const { key, direction } = SORTS[shape.sort];
  // The page's ids and sort keys first, read off an index; the items are written for those 25
  // only (as a column of this select they would be written for every row a sort passes over).
  const page = db
    .select({ id: sql<string>`${students.id}`.as('page_id'), key: key.as('page_key') })
    .from(students)
    .where(
      and(
        officer,
        shape.status ? eq(students.programStatus, sql.placeholder('status')) : undefined,
        shape.category ? eq(students.programLevel, sql.placeholder('category')) : undefined,
      ),
    )
    .orderBy(direction(key), direction(students.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const countFilters = and(
    sql`${studentCounts.studentCount} <> 0`,
    shape.officer ? eq(studentCounts.officerId, sql.placeholder('officerId')) : undefined,
    shape.status ? eq(studentCounts.programStatus, sql.placeholder('status')) : undefined,
  );
  return db
    .select({
      items:
        sql<string>`'[' || coalesce(string_agg(${STUDENT_LIST_ITEM}, ',' order by ${direction(page.key)}, ${direction(page.id)}), '') || ']'`.as(
          'items',
        ),
      counts: sql<string>`(select coalesce(json_object_agg(c.level, c.n), '{}')::text
        from (select ${studentCounts.programLevel} as level, sum(${studentCounts.studentCount})::int as n
                from ${studentCounts} where ${countFilters} group by ${studentCounts.programLevel}) c)`.as(
        'counts',
      ),
    })
    .from(page)
    .leftJoin(students, eq(students.id, page.id));
}

const namedPages = namedPageStatements(NAMED_STATEMENTS.studentListPage);

function namedFirstPage(shape: Shape, limit: number) {
  const key = `${shape.officer ? 'officer' : 'all'}.${shape.status ? 'status' : ''}.${shape.category ? 'category' : ''}.${shape.sort}`;
  return namedPages(key, limit, (db, window) => pageStatement(db, shape, window));
}

/** A page of the list without a search or partner: its items as JSON text, and its tiles. */
export interface LatestPage {
  items: string;
  counts: StudentCounts;
}

/** The list's page and tiles for a query without a search or partner. */
export async function latestStudentPage(
  db: DbOrTx,
  actor: StudentActor,
  query: Pick<StudentListQuery, 'status' | 'category' | 'sort'> & PageQuery,
): Promise<LatestPage> {
  const scope = studentScope(actor);
  const counts: StudentCounts = { all: 0, university: 0, diploma: 0, launch_year: 0 };
  let items = '[]';
  if (scope.kind !== 'none') {
    const shape: Shape = {
      officer: scope.kind === 'officer',
      status: query.status !== undefined,
      category: query.category !== undefined,
      sort: query.sort,
    };
    const limit = query.pageSize;
    const offset = (query.page - 1) * query.pageSize;
    const values = {
      officerId: scope.kind === 'officer' ? scope.officerId : undefined,
      status: query.status,
      category: query.category,
      limit,
      offset,
    };
    const [row] =
      offset === 0 && SCREEN_PAGE_SIZES.has(limit)
        ? await namedFirstPage(shape, limit)(db, values)
        : await runWithValues(pageStatement(db, shape, PLACEHOLDERS), values);
    items = String(row?.items ?? '[]');
    const byLevel = JSON.parse(String(row?.counts ?? '{}')) as Partial<StudentCounts>;
    for (const level of PROGRAM_LEVELS) {
      counts[level] = byLevel[level] ?? 0;
      counts.all += counts[level];
    }
  }
  return { items, counts };
}

/**
 * The list's answer (StudentListResponse) as JSON text around a LatestPage. The tile a category
 * filter selects is the total the list pages by.
 */
export function latestPageAnswer(
  { items, counts }: LatestPage,
  query: Pick<StudentListQuery, 'category'> & PageQuery,
): string {
  const total = counts[query.category ?? 'all'];
  const exact = '{"all":false,"university":false,"diploma":false,"launch_year":false}';
  return `{"items":${items},"total":${total},"total_capped":false,"page":${query.page},"pageSize":${query.pageSize},"counts":${JSON.stringify(counts)},"counts_capped":${exact}}`;
}
