import { and, eq, sql } from 'drizzle-orm';
import type { StudentListQuery } from '../../../contracts/students';
import { searchMode } from '../../../domain/search';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import { DEFAULT_STUDENT_SORT } from '../../../domain/students';
import type { DbOrTx } from '../../db/client';
import { fixedStatement, NAMED_STATEMENTS } from '../../db/prepared';
import { studentSearchTallies, studentsVersion } from '../../db/schema';
import { NO_SCOPE } from '../../db/schema/row-tallies';
import type { StudentTally } from './students.list';
import { studentSearchPattern } from './students.search';

/*
 * A search's tiles, and its first page, are counted once per version of the students and kept
 * (schema/student-search-tallies.ts says why). Correctness rests on one order: the version is read
 * BEFORE the counting starts. A write committed after that read moves the version on, so tiles
 * that may or may not include it are kept under a version no request asks for again; a write
 * committed before it is seen by the counting, which runs after.
 */

/** Which kept tiles a search's would be: whose students, the search as matched, the status. */
export interface TilesKey {
  scope: string;
  search: string;
  status: string;
}

/**
 * The key a list is kept under: its search ('' for none), whose students and the status filter.
 * None for a partner's students (few, and seldom asked again) or a user who reaches no students.
 */
export function keptSearchKey(
  actor: StudentActor,
  query: Pick<StudentListQuery, 'q' | 'status' | 'landlord_id' | 'institution_id'>,
): TilesKey | undefined {
  const scope = studentScope(actor);
  if (scope.kind === 'none' || query.landlord_id || query.institution_id) return undefined;
  const mode = query.q ? searchMode(query.q) : undefined;
  return {
    scope: scope.kind === 'officer' ? scope.officerId : NO_SCOPE,
    search: mode && query.q ? `${mode}:${studentSearchPattern(mode, query.q)}` : '',
    status: query.status ?? '',
  };
}

/** The page kept with the tiles: the first as Student Management first shows a list or search. */
export const isKeptPage = (query: Pick<StudentListQuery, 'page' | 'pageSize' | 'sort' | 'category'>) =>
  query.page === 1 && query.pageSize === 25 && query.sort === DEFAULT_STUDENT_SORT && !query.category;

/** The current version, and what is kept for this key at that version if any: one row always. */
const keptLookup = fixedStatement(
  (db) =>
    db
      .select({
        version: studentsVersion.version,
        tiles: studentSearchTallies.tiles,
        first_page: studentSearchTallies.firstPage,
      })
      .from(studentsVersion)
      .leftJoin(
        studentSearchTallies,
        and(
          eq(studentSearchTallies.scope, sql.placeholder('scope')),
          eq(studentSearchTallies.search, sql.placeholder('search')),
          eq(studentSearchTallies.status, sql.placeholder('status')),
          eq(studentSearchTallies.studentsVersion, studentsVersion.version),
        ),
      ),
  NAMED_STATEMENTS.studentSearchTiles,
);

/** What is kept of a search at the students' current version. */
export interface KeptSearch {
  /** The current version; null in a database whose version row was removed by hand (keep nothing). */
  version: number | null;
  tiles: StudentTally | null;
  firstPage: string | null;
}

/** Read first, before anything is counted (see the top of this file). */
export async function keptSearch(db: DbOrTx, key: TilesKey): Promise<KeptSearch> {
  const [row] = await keptLookup(db, { ...key });
  return {
    version: row?.version == null ? null : Number(row.version),
    tiles: row?.tiles == null ? null : (JSON.parse(String(row.tiles)) as StudentTally),
    firstPage: row?.first_page == null ? null : String(row.first_page),
  };
}

/**
 * Keeps a search's tiles, and its first page when that is what was read, under the version read
 * before counting them; clears away what was kept at older versions, which nothing will read.
 */
export async function keepSearch(
  db: DbOrTx,
  key: TilesKey,
  version: number,
  tiles: StudentTally,
  firstPage: string | null,
): Promise<void> {
  const kept = JSON.stringify({ counts: tiles.counts, capped: tiles.capped });
  const t = studentSearchTallies;
  // The clearing spares this key's row, which the insert may update: one statement must not change
  // a row twice. A first page already kept at this version stays when this request read another.
  await db.execute(sql`with cleared as (
      delete from ${t}
       where ${t.studentsVersion} < ${version}
         and (${t.scope}, ${t.search}, ${t.status}) <> (${key.scope}::uuid, ${key.search}, ${key.status}))
    insert into ${t} (scope, search, status, students_version, tiles, first_page)
    values (${key.scope}, ${key.search}, ${key.status}, ${version}, ${kept}, ${firstPage})
    on conflict (scope, search, status) do update
       set students_version = excluded.students_version, tiles = excluded.tiles,
           first_page = case when ${t.studentsVersion} = excluded.students_version
                             then coalesce(excluded.first_page, ${t.firstPage}) else excluded.first_page end
     where ${t.studentsVersion} <= excluded.students_version`);
}
