import { and, eq, sql } from 'drizzle-orm';
import type { StudentCounts, StudentCountsCapped } from '../../../contracts/students';
import { searchMode } from '../../../domain/search';
import type { StudentScope } from '../../../domain/student-permissions';
import type { DbOrTx } from '../../db/client';
import { containsPattern, prefixPattern } from '../../db/like-pattern';
import { fixedStatement, NAMED_STATEMENTS } from '../../db/prepared';
import { studentSearchTallies, studentsVersion } from '../../db/schema';
import { NO_SCOPE } from '../../db/schema/row-tallies';

/*
 * A search's tiles are counted once per version of the students and kept
 * (schema/student-search-tallies.ts says why). Correctness rests on one order: the version is read
 * BEFORE the counting starts. A write committed after that read moves the version on, so tiles
 * that may or may not include it are kept under a version no request asks for again; a write
 * committed before it is seen by the counting, which runs after.
 */

export interface KeptTiles {
  counts: StudentCounts;
  capped: StudentCountsCapped;
}

/** Which kept tiles a search's would be: whose students, the search as matched, the status. */
export interface TilesKey {
  scope: string;
  search: string;
  status: string;
}

export function tilesKey(
  scope: StudentScope & { kind: 'all' | 'officer' },
  q: string,
  status?: string,
): TilesKey {
  const mode = searchMode(q);
  return {
    scope: scope.kind === 'officer' ? scope.officerId : NO_SCOPE,
    search: `${mode}:${mode === 'anywhere' ? containsPattern(q) : prefixPattern(q)}`,
    status: status ?? '',
  };
}

/** The current version, and the tiles kept for this key at that version if any: one row always. */
const keptTilesLookup = fixedStatement(
  (db) =>
    db
      .select({ version: studentsVersion.version, tiles: studentSearchTallies.tiles })
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

/**
 * The search's tiles: kept ones when counted at the current version, else `count()`'s, kept for
 * the next request (with the tiles of older versions cleared away, as nothing will read them).
 */
export async function keptSearchTiles(
  db: DbOrTx,
  key: TilesKey,
  count: () => Promise<KeptTiles>,
): Promise<KeptTiles> {
  const [row] = await keptTilesLookup(db, { ...key });
  if (row?.tiles != null) return JSON.parse(String(row.tiles)) as KeptTiles;
  const tiles = await count();
  // No version row (a database whose tables were emptied by hand): count, keep nothing.
  if (row?.version == null) return tiles;
  const version = Number(row.version);
  const kept = JSON.stringify({ counts: tiles.counts, capped: tiles.capped });
  // The clearing spares this key's row, which the insert below may update: one statement must not
  // change a row twice.
  await db.execute(sql`with cleared as (
      delete from ${studentSearchTallies}
       where ${studentSearchTallies.studentsVersion} < ${version}
         and (${studentSearchTallies.scope}, ${studentSearchTallies.search}, ${studentSearchTallies.status})
             <> (${key.scope}::uuid, ${key.search}, ${key.status}))
    insert into ${studentSearchTallies} (scope, search, status, students_version, tiles)
    values (${key.scope}, ${key.search}, ${key.status}, ${version}, ${kept})
    on conflict (scope, search, status) do update
       set students_version = excluded.students_version, tiles = excluded.tiles
     where ${studentSearchTallies.studentsVersion} < excluded.students_version`);
  return tiles;
}
