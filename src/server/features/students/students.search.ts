import { type AnyColumn, and, asc, type SQL, sql } from 'drizzle-orm';
import { isStaffRole } from '../../../domain/roles';
import { type SearchMode, searchMode } from '../../../domain/search';
import { PROGRAM_LEVEL_LABELS } from '../../../domain/students';
import { opensOn, type SearchTerm, searchSource } from '../../area-sources';
import { containsPattern, prefixPattern, textSearch } from '../../db/like-pattern';
import { students } from '../../db/schema';
import { scopeCondition } from './students.query';

/**
 * Students whose name or CHL number matches the term (docs/product.md D17): one or two characters
 * the start of the first name, last name or number; three or more anywhere in the name, email,
 * institution or number (search_text, trigram-indexed).
 */
export function studentMatches(term: SearchTerm): SQL {
  return studentsMatching(term.mode, studentSearchPattern(term.mode, term.text));
}

/** The LIKE pattern a search matches with in its mode. */
export const studentSearchPattern = (mode: SearchMode, text: string) =>
  mode === 'anywhere' ? containsPattern(text) : prefixPattern(text);

/** studentMatches of a pattern (studentSearchPattern). */
export function studentsMatching(mode: SearchMode, pattern: string): SQL {
  if (mode === 'anywhere') return sql`${students.searchText} like ${pattern}`;
  return sql`(lower(${students.firstName}) like ${pattern}
           or lower(${students.lastName}) like ${pattern}
           or lower(coalesce(${students.chlNumber}, '')) like ${pattern})`;
}

/** Where the records an area searches by its student's name are, for ofStudentsNamed to choose its way. */
export interface NamedAmong {
  /**
   * The caller reaches few records (a program officer's cases: a few dozen of 10,000): each one's
   * student is tested by its key, which costs less than finding every student the term names.
   */
  fewRecords?: boolean;
  /**
   * The students whose records the caller reaches (forms and files: studentScopeCondition): only
   * they are looked up, a program officer's few hundred through students_officer_name_idx.
   */
  students?: SQL;
}

/**
 * A record whose student's full name matches q (D17: 1-2 characters the start of a word), for an
 * area searching by its student's name, without testing 50,000 names:
 * - three or more characters name some students: they come first, from the names' own trigram index
 *   (students_full_name_trgm_idx; search_text would also hold every CHL number, so 'CHL-20' would
 *   read all of them to find no name), as an array, which the record's index on `studentId` answers
 *   even beside the record's own search in an OR (`in (select ...)` there hashes every student).
 *   Names come from a small pool, so a piece of one names hundreds or thousands ('than': 1,848 of
 *   50,000, each a probe of the record's index): a caller in a student scope looks up only the
 *   students of its scope (`among.students`);
 * - one or two characters name thousands ('m': 23,500 of 50,000), and a caller with few records
 *   (`among.fewRecords`) has less to test than any look-up, so each record's own student is tested
 *   by its key instead: a list or the top bar walking its newest records stops at its page (the top
 *   bar's newest 6 files for 'm': 0.4 ms, against 50-80 ms to collect 23,500 students).
 */
export function ofStudentsNamed(
  studentId: AnyColumn,
  q: string | undefined,
  among: NamedAmong = {},
): SQL | undefined {
  const text = q?.trim();
  const named = textSearch(sql`lower(${students.fullName})`, text);
  if (!text || !named) return undefined;
  if (searchMode(text) === 'prefix' || among.fewRecords)
    return sql`(select ${named} from ${students} where ${students.id} = ${studentId})`;
  return sql`${studentId} = any(array(select ${students.id} from ${students} where ${and(among.students, named)}))`;
}

/** The students area of the top bar's search: the user's own students only (D9). */
export const studentSearch = searchSource({
  area: 'students',
  label: 'Students',
  readableBy: (user) => isStaffRole(user.role),
  rows: (db) =>
    db
      .select({
        id: students.id,
        full_name: students.fullName,
        chl_number: students.chlNumber,
        program_level: students.programLevel,
        institution_name: students.institutionName,
      })
      .from(students)
      .$dynamic(),
  matching: (term, { user }) => and(scopeCondition(user), studentMatches(term)),
  order: [asc(sql`lower(${students.fullName})`), asc(students.id)],
  item: (s) => ({
    title: s.full_name,
    detail: [s.chl_number, PROGRAM_LEVEL_LABELS[s.program_level], s.institution_name]
      .filter(Boolean)
      .join(' · '),
  }),
  opens: opensOn('/students'),
});
