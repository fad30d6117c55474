import { z } from 'zod';
import {
  DEFAULT_STUDENT_SORT,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
  STUDENT_SORTS,
} from '../../../domain/students';
import { defaultListState, filterParam, listStateSchema } from '../../lib/list-state';

/** Rows per page of the Student Management table. */
export const STUDENTS_PAGE_SIZE = 25;

/** What the student list shows, as kept in the address bar (?q=&category=&status=&sort=&page=). */
/** A record's id, or '' for none. */
const recordParam = z.union([z.uuid(), z.literal('')]).default('');

export const StudentListParamsSchema = listStateSchema({
  category: filterParam(PROGRAM_LEVELS),
  status: filterParam(PROGRAM_STATUSES),
  sort: z.enum(STUDENT_SORTS).default(DEFAULT_STUDENT_SORT),
  /** The students of one landlord or institution of Corporate Collaborations (their cards link here). */
  landlord_id: recordParam,
  institution_id: recordParam,
});

export type StudentListParams = z.output<typeof StudentListParamsSchema>;

export const DEFAULT_LIST_PARAMS: StudentListParams = defaultListState(StudentListParamsSchema);

/** Query string for GET /api/students (with paging) or the CSV export (without). */
export function apiQuery(params: StudentListParams, pageSize: number | null = STUDENTS_PAGE_SIZE): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  if (params.status) search.set('status', params.status);
  if (params.landlord_id) search.set('landlord_id', params.landlord_id);
  if (params.institution_id) search.set('institution_id', params.institution_id);
  search.set('sort', params.sort);
  if (pageSize !== null) {
    search.set('page', String(params.page));
    search.set('pageSize', String(pageSize));
  }
  return search.toString();
}

/** GET /api/students/export.csv with the list's current filters (all pages). */
export function exportUrl(params: StudentListParams): string {
  return `/api/students/export.csv?${apiQuery(params, null)}`;
}

/** True when a search or filter narrows the list (decides which empty state is shown). */
export function isFiltered(
  params: Pick<StudentListParams, 'q' | 'category' | 'status' | 'landlord_id' | 'institution_id'>,
): boolean {
  return (
    params.q !== '' ||
    params.category !== '' ||
    params.status !== '' ||
    params.landlord_id !== '' ||
    params.institution_id !== ''
  );
}
