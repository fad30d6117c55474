import { and, eq, sql } from 'drizzle-orm';
import type { StudentFileListQuery } from '../../../contracts/student-files';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { studentFiles, students } from '../../db/schema';
import { readTallyCount } from '../../db/tally-figures';
import { pageWindow } from '../../http/paging';
import { studentScopeCondition } from '../students/students.service';
import { fileSearch, newest, selectFiles } from './file-records';

/*
 * A page of the student files the caller reaches, newest first, as the record's own look-up reads
 * them (selectFiles), and how many match. Unfiltered, the total is the tally the database keeps
 * (row_tallies 'student_files', scoped by the officer of the file's student): studentScopeCondition
 * gives managers every student (every scope of the tally summed) and a program officer the students
 * assigned to them (the tally's scope holding their id). A filter or a search counts its matches
 * (capped for a search, D17).
 */

export async function fileRows(db: DbOrTx, actor: StudentActor, query: StudentFileListQuery) {
  const scope = studentScope(actor);
  const search = fileSearch(query.q, actor);
  const filters = and(
    query.student_id ? eq(studentFiles.studentId, query.student_id) : undefined,
    query.category ? eq(studentFiles.category, query.category) : undefined,
    query.form_id ? eq(studentFiles.formId, query.form_id) : undefined,
    search,
  );
  const where = and(studentScopeCondition(actor), filters);
  const { limit, offset } = pageWindow(query);
  // A file always has its student (student_id is NOT NULL, a foreign key): the join changes no count.
  const matches = db
    .select({ one: sql`1` })
    .from(studentFiles)
    .innerJoin(students, eq(students.id, studentFiles.studentId))
    .where(where);
  const [rows, total] = await Promise.all([
    selectFiles(db)
      .where(where)
      .orderBy(...newest)
      .limit(limit)
      .offset(offset),
    filters || scope.kind === 'none'
      ? countMatches(db, matches, search !== undefined)
      : readTallyCount(db, 'student_files', scope.kind === 'officer' ? { scope: scope.officerId } : {}),
  ]);
  return { rows, total };
}
