import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Form,
  type FormConflict,
  FormConflictSchema,
  type FormListResponse,
} from '../../../contracts/forms';
import type { StudentFile, StudentFileListResponse } from '../../../contracts/student-files';
import { ApiError, api, apiRequest, errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

/** The query string of a list: the set values only. */
export function listQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/** The server's reason for a failed call, or the generic words. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK_MESSAGE });

export const formPath = (id: string) => `/api/forms/${encodeURIComponent(id)}`;
export const filePath = (id: string) => `/api/files/${encodeURIComponent(id)}`;
export const fileDownloadHref = (id: string) => `${filePath(id)}/download`;
export const formPdfHref = (id: string) => `${formPath(id)}/pdf`;
/** A home visit's photo, for an <img> (the session's cookie goes with it). */
export const formPhotoHref = (id: string) => `/api/form-photos/${encodeURIComponent(id)}`;
/** The CSV of the forms the list's filters select, every page. */
export const formsExportHref = (query: string) => `/api/forms/export.csv${query ? `?${query}` : ''}`;

export function useForms(query: string) {
  return useQuery({
    queryKey: queryKeys.forms.list(query),
    ...queryOf<FormListResponse>(`/api/forms?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One form: the one a link (`?open=`) or a row names, fresh from the server. */
export function useFormRecord(id: string) {
  return useQuery({
    queryKey: queryKeys.forms.one(id),
    ...queryOf<Form>(formPath(id)),
    enabled: id !== '',
    retry: false,
  });
}

export function useStudentFiles(query: string) {
  return useQuery({
    queryKey: queryKeys.studentFiles.list(query),
    ...queryOf<StudentFileListResponse>(`/api/files?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One file's record, for a link (`/files?open=<id>`) to a file not on the page shown. */
export function useStudentFile(id: string) {
  return useQuery({
    queryKey: queryKeys.studentFiles.one(id),
    ...queryOf<StudentFile>(filePath(id)),
    enabled: id !== '',
    retry: false,
  });
}

/**
 * Refreshes forms and files together: a file attached to a form changes its file count, and a
 * deleted form leaves its files without a form. A deleted record's own queries (the open dialog,
 * its history) are left alone: asked again, they would only answer 404 while the dialog closes.
 */
export function useRefreshFormsAndFiles() {
  const queryClient = useQueryClient();
  return (deletedId?: string) => {
    const predicate = (query: { queryKey: readonly unknown[] }) =>
      deletedId === undefined || !query.queryKey.includes(deletedId);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.forms.all, predicate }),
      queryClient.invalidateQueries({ queryKey: queryKeys.studentFiles.all, predicate }),
    ]);
  };
}

function useChange<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const refresh = useRefreshFormsAndFiles();
  // Tried with no network too: a save that cannot reach the server goes to the phone's outbox.
  return useMutation({ mutationFn: call, onSuccess: () => refresh(), networkMode: 'always' });
}

function useRemove(path: (id: string) => string) {
  const refresh = useRefreshFormsAndFiles();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(path(id)),
    onSuccess: (_answer, id) => refresh(id),
  });
}

/**
 * Saves a new form, or an edit of `saved` naming the version it started from (If-Match): a form
 * changed meanwhile in the same fields fails with 412 and the form as saved (formConflictOf).
 */
export const useSaveForm = () =>
  useChange(({ saved, body }: { saved?: Pick<Form, 'id' | 'version'>; body: unknown }) =>
    saved
      ? apiRequest<Form>(formPath(saved.id), {
          method: 'PUT',
          body,
          headers: { 'If-Match': `"${saved.version}"` },
        })
      : api.post<Form>('/api/forms', body),
  );

/** The form as saved and the fields changed on both sides, when a save failed for that (412). */
export function formConflictOf(error: unknown): FormConflict | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const parsed = FormConflictSchema.safeParse(error.answer);
  return parsed.success ? parsed.data : null;
}
export const useCompleteForm = () => useChange((id: string) => api.post<Form>(`${formPath(id)}/complete`));
export const useReviewForm = () =>
  useChange(({ id, review_note }: { id: string; review_note: string }) =>
    api.post<Form>(`${formPath(id)}/review`, { review_note }),
  );
export const useDeleteForm = () => useRemove(formPath);
export const useDeleteFile = () => useRemove(filePath);
