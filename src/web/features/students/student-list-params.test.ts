import { describe, expect, it } from 'vitest';
import { parseListState, serialiseListState } from '../../lib/list-state';
import {
  apiQuery,
  DEFAULT_LIST_PARAMS,
  exportUrl,
  isFiltered,
  type StudentListParams,
  StudentListParamsSchema,
} from './student-list-params';

const readListParams = (search: URLSearchParams) => parseListState(StudentListParamsSchema, search);
const writeListParams = (params: StudentListParams) => serialiseListState(StudentListParamsSchema, params);

describe('student list params', () => {
  it('reads the URL, ignoring unknown values', () => {
    expect(
      readListParams(
        new URLSearchParams(
          'q=%20mwila%20&category=diploma&status=graduated&page=3&sort=name_asc&landlord_id=b6f1c3de-0000-4000-8000-000000000001',
        ),
      ),
    ).toEqual({
      q: 'mwila',
      category: 'diploma',
      status: 'graduated',
      sort: 'name_asc',
      landlord_id: 'b6f1c3de-0000-4000-8000-000000000001',
      institution_id: '',
      page: 3,
    });
    expect(
      readListParams(new URLSearchParams('category=college&status=x&page=-2&sort=zzz&institution_id=nope')),
    ).toEqual(DEFAULT_LIST_PARAMS);
    expect(readListParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(writeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
    expect(writeListParams({ ...DEFAULT_LIST_PARAMS, q: 'a b', page: 2, sort: 'name_desc' }).toString()).toBe(
      'q=a+b&sort=name_desc&page=2',
    );
  });

  it('builds the API and export queries', () => {
    const params = { ...DEFAULT_LIST_PARAMS, q: 'unza', category: 'university' as const, page: 2 };
    expect(apiQuery(params)).toBe('q=unza&category=university&sort=created_at_desc&page=2&pageSize=25');
    expect(exportUrl(params)).toBe(
      '/api/students/export.csv?q=unza&category=university&sort=created_at_desc',
    );
  });

  it('knows when a search or filter is active', () => {
    expect(isFiltered(DEFAULT_LIST_PARAMS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_PARAMS, status: 'enrolled' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_LIST_PARAMS, category: 'launch_year' })).toBe(true);
  });
});
