import {
  DEFAULT_STUDENT_SORT,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
  type ProgramLevel,
  type ProgramStatus,
  STUDENT_SORTS,
  type StudentSort,
} from '../../../domain/students';

/** Rows per page of the Student Management table. */
export const STUDENTS_PAGE_SIZE = 25;

/** What the student list shows, as kept in the address bar (?q=&category=&status=&sort=&page=). */
export interface StudentListParams {
  q: string;
  category: ProgramLevel | '';
  status: ProgramStatus | '';
  sort: StudentSort;
  page: number;
}

export const DEFAULT_LIST_PARAMS: StudentListParams = {
  q: '',
  category: '',
  status: '',
  sort: DEFAULT_STUDENT_SORT,
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value && (values as readonly string[]).includes(value) ? (value as T) : '';

/** Reads the list's state from the URL; anything unknown falls back to the default. */
export function readListParams(search: URLSearchParams): StudentListParams {
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').trim().slice(0, 100),
    category: oneOf(PROGRAM_LEVELS, search.get('category')),
    status: oneOf(PROGRAM_STATUSES, search.get('status')),
    sort: oneOf(STUDENT_SORTS, search.get('sort')) || DEFAULT_STUDENT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL form of the list's state; defaults are left out so links stay short. */
export function writeListParams(params: StudentListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  if (params.status) search.set('status', params.status);
  if (params.sort !== DEFAULT_STUDENT_SORT) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** Query string for GET /api/students (with paging) or the CSV export (without). */
export function apiQuery(params: StudentListParams, pageSize: number | null = STUDENTS_PAGE_SIZE): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  if (params.status) search.set('status', params.status);
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
export function isFiltered(params: Pick<StudentListParams, 'q' | 'category' | 'status'>): boolean {
  return params.q !== '' || params.category !== '' || params.status !== '';
}

/** 'Showing 1–25 of 120'; 'Showing 0 of 0' when empty. */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from}–${to} of ${total}`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
