import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Entry,
  EntryListResponse,
  GraduateListResponse,
  Memory,
  MemoryListResponse,
  MyEntriesResponse,
  Yearbook,
  YearbookListResponse,
} from '../../../contracts/yearbook';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

const keys = queryKeys.yearbook;
const path = (id: string) => `/api/yearbooks/${encodeURIComponent(id)}`;
const entryPath = (id: string) => `/api/yearbook-entries/${encodeURIComponent(id)}`;

/** Every yearbook the user sees, newest class first (a programme has a few dozen at most). */
export function useYearbooks() {
  return useQuery({
    queryKey: keys.list,
    ...queryOf<YearbookListResponse>('/api/yearbooks?pageSize=200'),
  });
}

/** A yearbook's entries (the viewer's share of them), searched and filtered by program. */
export function useEntries(yearbookId: string | null, filters: { q?: string; program?: string } = {}) {
  const search = new URLSearchParams({ pageSize: '200' });
  if (filters.q) search.set('q', filters.q);
  if (filters.program) search.set('program', filters.program);
  const query = search.toString();
  return useQuery({
    queryKey: keys.entries(yearbookId ?? '', query),
    ...queryOf<EntryListResponse>(`${path(yearbookId!)}/entries?${query}`),
    enabled: yearbookId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMemories(yearbookId: string | null) {
  return useQuery({
    queryKey: keys.memories(yearbookId ?? ''),
    ...queryOf<MemoryListResponse>(`${path(yearbookId!)}/memories?pageSize=200`),
    enabled: yearbookId !== null,
  });
}

/**
 * Submit Entry's page: the user's student record (null: no record is theirs, and the tab is not
 * offered), their class's yearbook first and every other holding their entry.
 */
export function useMyEntries() {
  return useQuery({
    queryKey: keys.myEntries,
    ...queryOf<MyEntriesResponse>('/api/yearbooks/my-entries'),
  });
}

export function useGraduates(enabled = true) {
  return useQuery({
    queryKey: keys.graduates,
    ...queryOf<GraduateListResponse>('/api/yearbooks/graduates?pageSize=200'),
    enabled,
  });
}

export const pdfHref = (yearbookId: string) => `${path(yearbookId)}/pdf`;

/** A change refreshes everything yearbook (counts, entries, walls), the bell refreshes itself. */
function useYearbookMutation<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useSaveYearbook = () =>
  useYearbookMutation(({ id, body }: { id?: string; body: unknown }) =>
    id ? api.put<Yearbook>(path(id), body) : api.post<Yearbook>('/api/yearbooks', body),
  );
export const usePublishYearbook = () =>
  useYearbookMutation((id: string) => api.post<Yearbook>(`${path(id)}/publish`));
export const useDeleteYearbook = () => useYearbookMutation((id: string) => api.delete<void>(path(id)));

export const useSaveEntry = () =>
  useYearbookMutation(({ yearbookId, id, body }: { yearbookId: string; id?: string; body: unknown }) =>
    id ? api.put<Entry>(entryPath(id), body) : api.post<Entry>(`${path(yearbookId)}/entries`, body),
  );
export const useDecideEntry = () =>
  useYearbookMutation(({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
    api.post<Entry>(`${entryPath(id)}/${decision}`),
  );
export const useDeleteEntry = () => useYearbookMutation((id: string) => api.delete<void>(entryPath(id)));

export const useSaveMyEntry = () =>
  useYearbookMutation(({ yearbookId, body }: { yearbookId: string; body: unknown }) =>
    api.put<{ entry: Entry; created: boolean }>(`${path(yearbookId)}/my-entry`, body),
  );
export const usePostMemory = () =>
  useYearbookMutation(({ yearbookId, body }: { yearbookId: string; body: unknown }) =>
    api.post<Memory>(`${path(yearbookId)}/memories`, body),
  );
