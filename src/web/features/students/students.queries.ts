import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OfficerOption,
  Student,
  StudentCreateInput,
  StudentListResponse,
  StudentUpdateInput,
} from '../../../contracts/students';
import { ApiError, api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import { apiQuery, type StudentListParams } from './student-list-params';

const keys = queryKeys.students;

/** GET /api/students with filters and paging; the previous page stays on screen while the next loads. */
export function useStudentList(params: StudentListParams, pageSize: number) {
  const query = apiQuery(params, pageSize);
  return useQuery({
    queryKey: keys.list(query),
    ...queryOf<StudentListResponse>(`/api/students?${query}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/students/:id: the whole record. A list row carries only a list item (no NRC, guardian,
 * accommodation...), so a dialog opened from a row shows what the row has and waits for this.
 */
export function useStudent(id: string | null) {
  return useQuery({
    queryKey: keys.one(id),
    ...queryOf<Student>(`/api/students/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });
}

/** GET /api/students/officers (the assign-officer dropdown; admin and deputy manager only). */
export function useOfficers(enabled: boolean) {
  return useQuery({
    queryKey: keys.officers,
    ...queryOf<OfficerOption[]>('/api/students/officers'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

function useRefreshStudents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.all }),
      // Student counts feed the dashboard's figures and recent activity.
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
}

export function useCreateStudent() {
  const refresh = useRefreshStudents();
  return useMutation({
    mutationFn: (body: StudentCreateInput) => api.post<Student>('/api/students', body),
    onSuccess: () => refresh(),
  });
}

export function useUpdateStudent() {
  const refresh = useRefreshStudents();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StudentUpdateInput }) =>
      api.put<Student>(`/api/students/${encodeURIComponent(id)}`, body),
    onSuccess: (student) => {
      queryClient.setQueryData(keys.one(student.id), student);
      return refresh();
    },
  });
}

export function useDeleteStudent() {
  const refresh = useRefreshStudents();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/students/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: keys.one(id) });
      return refresh();
    },
  });
}

/** Refreshes lists and counts after an import. */
export function useStudentsRefresh() {
  return useRefreshStudents();
}

/** The reason to show after 'Failed to add student: ' and the like. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'The server could not be reached. Check your connection.';
    return error.message || `The server answered ${error.status}.`;
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}
