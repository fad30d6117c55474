import { type SQL, sql } from 'drizzle-orm';
import type { FormListQuery, FormListResponse } from '../../../contracts/forms';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { readTallyBuckets } from '../../db/tally-figures';
import { pageOf, pageWindow } from '../../http/paging';
import { formDto, matchingForms, newestForms, selectForms } from './form-records';

/*
 * The forms list (FormListResponse): a page of the forms the caller reaches in the lists' order,
 * each made by formDto from the row the page read, and the tiles: the forms of the caller's scope
 * by status, from the tally the database keeps (row_tallies 'forms', scoped by the officer of the
 * form's student). studentScopeCondition gives managers every student (every scope of the tally
 * summed) and a program officer the students assigned to them (the tally's scope holding their
 * id). Filtered by status at most, the tally is also the list's total; any other filter or a
 * search counts its matches (capped for a search, D17).
 */

const NO_TILES = { total: 0, draft: 0, completed: 0, reviewed: 0 };

/** The list for `actor`; `where` is formFilters of the query (scope, filters and search). */
export async function formListPage(
  db: DbOrTx,
  actor: StudentActor,
  query: FormListQuery,
  where: SQL | undefined,
): Promise<FormListResponse> {
  const scope = studentScope(actor);
  // studentScopeCondition reaches no student: nothing to read (staff never get here).
  if (scope.kind === 'none') return { ...pageOf([], 0, query), counts: NO_TILES };
  const searched = Boolean(query.q?.trim());
  const { limit, offset } = pageWindow(query);
  const [rows, byStatus] = await Promise.all([
    selectForms(db)
      .where(where)
      .orderBy(...newestForms)
      .limit(limit)
      .offset(offset),
    readTallyBuckets(db, 'forms', scope.kind === 'officer' ? { scope: scope.officerId } : {}),
  ]);
  const tile = (status: string) => byStatus[status] ?? 0;
  const all = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const joins = { scoped: scope.kind === 'officer' };
  const total =
    query.type || query.student_id || searched
      ? await countMatches(db, matchingForms(db, { one: sql`1`.as('one') }, where, joins), searched)
      : query.status
        ? tile(query.status)
        : all;
  return {
    ...pageOf(rows.map(formDto), total, query),
    counts: { total: all, draft: tile('draft'), completed: tile('completed'), reviewed: tile('reviewed') },
  };
}
