import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StudentFileListQuery } from '../../../contracts/student-files';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { itemsArray, keptObjectWith } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { tallyCount } from '../../db/row-tallies';
import { studentFiles, students, users } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { pageWindow } from '../../http/paging';

/*
 * The student files list's answer (StudentFileListResponse) as JSON text, in one statement after
 * the session look-up (docs/decisions/002): one row holding the page's items, written by
 * PostgreSQL, and the total. Unfiltered, the total is the tally the database keeps (row_tallies
 * 'student_files', scoped by the officer of the file's student), over the list's scope:
 * studentScopeCondition gives managers every student (every scope of the tally summed) and a
 * program officer the students assigned to them (the tally's scope holding their id). A filter or
 * a search counts its matches in the same statement (capped for a search, D17).
 */

/** The file's student and uploader, joined to the page for their names (fileListItem). */
const fileStudent = alias(students, 'file_student');
const fileUploader = alias(users, 'file_uploader');

/**
 * fileDto (student-files.service.ts) as PostgreSQL writes it, over a select whose FROM holds
 * student_files with fileStudent and fileUploader left-joined: what the file's row decides as a
 * trigger keeps it (student_files.list_item, migration 0045), then the two names (a sub-select per
 * row for each cost more than the joins). forms-files.list-items.test.ts holds the two equal.
 */
const fileListItem = keptObjectWith(studentFiles.listItem, {
  student_name: sql`coalesce(${fileStudent.fullName}, '')`,
  uploaded_by_name: fileUploader.name,
});

interface FilePageShape {
  officer: boolean;
  student: boolean;
  category: boolean;
  form: boolean;
}

/** The files matching `where`, joined to the students only when it reads them. */
function matchingFiles(
  db: DbOrTx,
  fields: Record<string, SQL.Aliased>,
  where: SQL | undefined,
  join: boolean,
) {
  const files = db.select(fields).from(studentFiles).$dynamic();
  // A file always has its student (student_id is NOT NULL, a foreign key): the join changes no count.
  return (join ? files.innerJoin(students, eq(students.id, studentFiles.studentId)) : files).where(where);
}

/** The page's files: ids and sort keys read newest first, the items written for those only. */
function filePage(db: DbOrTx, shape: FilePageShape, search: SQL | undefined, window: PageWindow) {
  const where = and(
    // The officer's scope as studentScopeCondition writes it, the id a placeholder.
    shape.officer ? eq(students.assignedOfficerId, sql.placeholder('officerId')) : undefined,
    shape.student ? eq(studentFiles.studentId, sql.placeholder('studentId')) : undefined,
    shape.category ? eq(studentFiles.category, sql.placeholder('category')) : undefined,
    shape.form ? eq(studentFiles.formId, sql.placeholder('formId')) : undefined,
    search,
  );
  const join = shape.officer || search !== undefined;
  const page = matchingFiles(
    db,
    {
      id: sql<string>`${studentFiles.id}`.as('page_id'),
      created: sql`${studentFiles.createdAt}`.as('page_created'),
    },
    where,
    join,
  )
    .orderBy(desc(studentFiles.createdAt), desc(studentFiles.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const tallied = !shape.student && !shape.category && !shape.form && !search;
  const matching = tallied
    ? tallyCount('student_files', shape.officer ? { scope: sql`${sql.placeholder('officerId')}` } : {})
    : sql<number>`${countSelect(db, matchingFiles(db, { one: sql`1`.as('one') }, where, join), search !== undefined)}`;
  return db
    .select({
      items: itemsArray(fileListItem, sql`${page.created!} desc, ${page.id!} desc`).as('items'),
      matching: matching.as('matching'),
    })
    .from(page)
    .leftJoin(studentFiles, eq(studentFiles.id, page.id!))
    .leftJoin(fileStudent, eq(fileStudent.id, studentFiles.studentId))
    .leftJoin(fileUploader, eq(fileUploader.id, studentFiles.uploadedById));
}

/** The first page of the screen's size (files-page.tsx), unfiltered: a statement per scope. */
const SCREEN_PAGE_SIZES = new Set([25]);
const namedFirstPage = namedPageStatements();

/** The student files list's answer as JSON text; `search` is the query's words over name and student. */
export async function fileListPageJson(
  db: DbOrTx,
  actor: StudentActor,
  query: StudentFileListQuery,
  search: SQL | undefined,
): Promise<string> {
  const scope = studentScope(actor);
  // studentScopeCondition reaches no student: nothing to read (staff never get here).
  if (scope.kind === 'none') return pageJsonText('[]', { total: 0, capped: false }, query);
  const shape: FilePageShape = {
    officer: scope.kind === 'officer',
    student: query.student_id !== undefined,
    category: query.category !== undefined,
    form: query.form_id !== undefined,
  };
  const { limit, offset } = pageWindow(query);
  const values = {
    officerId: scope.kind === 'officer' ? scope.officerId : undefined,
    studentId: query.student_id,
    category: query.category,
    formId: query.form_id,
    limit,
    offset,
  };
  const unfiltered = !shape.student && !shape.category && !shape.form && !search;
  const [row] =
    unfiltered && offset === 0 && SCREEN_PAGE_SIZES.has(limit)
      ? await namedFirstPage(`files.${shape.officer ? 'officer' : 'all'}`, limit, (handle, window) =>
          filePage(handle, shape, undefined, window),
        )(db, values)
      : await runWithValues(filePage(db, shape, search, PLACEHOLDERS), values);
  const count = matchCountOf(Number(row?.matching ?? 0), search !== undefined);
  return pageJsonText(String(row?.items ?? '[]'), count, query);
}
