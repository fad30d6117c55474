import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FormListQuery } from '../../../contracts/forms';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { itemsArray } from '../../db/json-items';
import { type KeptListPage, keptListPage, listVersionOf } from '../../db/kept-list-pages';
import { runWithValues } from '../../db/prepared';
import { tallyByBucket } from '../../db/row-tallies';
import { forms, students, studentsVersion } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { pageWindow } from '../../http/paging';
import { formListItem, matchingForms, newestForms } from './form-records';

/*
 * The forms list's answer (FormListResponse) as JSON text, in one statement after the session
 * look-up (docs/decisions/002): one row holding the page's items, written by PostgreSQL
 * (formListItem, equal to formDto), and the tiles: the forms of the caller's scope by status, from
 * the tally the database keeps (row_tallies 'forms', scoped by the officer of the form's student).
 * The tiles' scope is the list's: studentScopeCondition gives managers every student (every scope
 * of the tally summed) and a program officer the students assigned to them (the tally's scope
 * holding their id). Filtered by status at most, the tally is also the list's total; any other
 * filter or a search counts its matches in the same statement (capped for a search, D17). The
 * first page of the screen's size is kept while nothing it shows has changed (keptForms below).
 */

interface FormPageShape {
  officer: boolean;
  type: boolean;
  status: boolean;
  student: boolean;
}

/** The page's forms: ids and sort keys read in the lists' order, the items written for those only. */
function formPage(
  db: DbOrTx,
  shape: FormPageShape,
  search: SQL | undefined,
  window: PageWindow,
  kept?: KeptListPage,
) {
  const where = and(
    // The officer's scope as studentScopeCondition writes it, the id a placeholder.
    shape.officer ? eq(students.assignedOfficerId, sql.placeholder('officerId')) : undefined,
    shape.type ? eq(forms.type, sql.placeholder('type')) : undefined,
    shape.status ? eq(forms.status, sql.placeholder('status')) : undefined,
    shape.student ? eq(forms.studentId, sql.placeholder('studentId')) : undefined,
    search,
  );
  const joins = { scoped: shape.officer, searched: search !== undefined };
  const page = matchingForms(
    db,
    {
      id: sql<string>`${forms.id}`.as('page_id'),
      date: sql`${forms.formDate}`.as('page_date'),
      created: sql`${forms.createdAt}`.as('page_created'),
    },
    where,
    joins,
  )
    .orderBy(...newestForms)
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const officerTally = shape.officer ? { scope: sql`${sql.placeholder('officerId')}` } : {};
  const figures: Record<string, SQL.Aliased> = {
    items: itemsArray(formListItem, sql`${page.date!} desc, ${page.created!} desc, ${page.id!} desc`).as(
      'items',
    ),
    by_status: tallyByBucket('forms', officerTally).as('by_status'),
  };
  if (kept) figures.kept_version = kept.version();
  // Filtered by status at most, the tiles hold the total; otherwise the matches are counted.
  if (shape.type || shape.student || search) {
    const matches = matchingForms(db, { one: sql`1`.as('one') }, where, joins);
    figures.matching = sql<number>`${countSelect(db, matches, joins.searched)}`.as('matching');
  }
  return db.select(figures).from(page).leftJoin(forms, eq(forms.id, page.id!));
}

/** The first page of the screen's size (forms-page.tsx), by the tally alone: a statement per shape. */
const SCREEN_PAGE_SIZES = new Set([25]);
const namedFirstPage = namedPageStatements();

/**
 * The first page is kept while no form, student file, student or user's name has changed
 * (db/kept-list-pages.ts): the forms' counter moves with forms and student files (migration 0038),
 * students_version with students and renamed users.
 */
const keptForms = keptListPage(
  'forms',
  sql`(${listVersionOf('forms')} + (select ${studentsVersion.version} from ${studentsVersion}))`,
);

const EMPTY_TILES = { total: 0, draft: 0, completed: 0, reviewed: 0 };

/** The forms list's answer as JSON text; `search` is formSearch of the query's words. */
export async function formListPageJson(
  db: DbOrTx,
  actor: StudentActor,
  query: FormListQuery,
  search: SQL | undefined,
): Promise<string> {
  const scope = studentScope(actor);
  // studentScopeCondition reaches no student: nothing to read (staff never get here).
  if (scope.kind === 'none')
    return pageJsonText('[]', { total: 0, capped: false }, query, { counts: EMPTY_TILES });
  const shape: FormPageShape = {
    officer: scope.kind === 'officer',
    type: query.type !== undefined,
    status: query.status !== undefined,
    student: query.student_id !== undefined,
  };
  const { limit, offset } = pageWindow(query);
  const values = {
    officerId: scope.kind === 'officer' ? scope.officerId : undefined,
    type: query.type,
    status: query.status,
    studentId: query.student_id,
    limit,
    offset,
  };
  const named = !shape.type && !shape.student && !search && offset === 0 && SCREEN_PAGE_SIZES.has(limit);
  const answer = (row: Record<string, unknown> | undefined) => formsAnswer(row, query, search);
  if (named) {
    const statement = namedFirstPage(
      `forms.${shape.officer ? 'officer' : 'all'}.${shape.status ? 'status' : 'any'}`,
      limit,
      (handle, window) => formPage(handle, shape, undefined, window, keptForms),
    );
    return keptForms.answer(
      db,
      `${values.officerId ?? 'all'}:${query.status ?? 'any'}:${limit}`,
      async () => {
        const [row] = await statement(db, values);
        return { answer: answer(row), version: row?.kept_version };
      },
    );
  }
  const [row] = await runWithValues(formPage(db, shape, search, PLACEHOLDERS), values);
  return answer(row);
}

/** The answer from the page statement's row: the items as PostgreSQL wrote them, the tiles from the tally. */
function formsAnswer(
  row: Record<string, unknown> | undefined,
  query: FormListQuery,
  search: SQL | undefined,
): string {
  const byStatus = JSON.parse(String(row?.by_status ?? '{}')) as Record<string, number>;
  const tile = (status: string) => byStatus[status] ?? 0;
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const count =
    row?.matching === undefined
      ? { total: query.status ? tile(query.status) : total, capped: false }
      : matchCountOf(Number(row.matching), search !== undefined);
  return pageJsonText(String(row?.items ?? '[]'), count, query, {
    counts: { total, draft: tile('draft'), completed: tile('completed'), reviewed: tile('reviewed') },
  });
}
