import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Story,
  StoryCategory,
  StoryListResponse,
  StoryManageResponse,
} from '../../../contracts/impact-stories';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

const keys = queryKeys.stories;
const path = (id: string) => `/api/impact-stories/${encodeURIComponent(id)}`;

export const STORIES_PAGE_SIZE = 24;

/** Approved stories, searched and filtered, with the featured ones apart. */
export function useStories(params: { q: string; category: string; page: number }) {
  const search = new URLSearchParams({ page: String(params.page), pageSize: String(STORIES_PAGE_SIZE) });
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  const query = search.toString();
  return useQuery({
    queryKey: keys.list(query),
    ...queryOf<StoryListResponse>(`/api/impact-stories?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One story, for a link that opens a story not on the page shown. */
export function useStory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.all, 'one', id],
    ...queryOf<Story>(path(id)),
    enabled: enabled && id !== '',
    retry: false,
  });
}

export function useManagedStories(params: { status: string; page: number }) {
  const query = new URLSearchParams({
    status: params.status,
    page: String(params.page),
    pageSize: '50',
  }).toString();
  return useQuery({
    queryKey: keys.manage(query),
    ...queryOf<StoryManageResponse>(`/api/impact-stories/manage?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useStoryCategories() {
  return useQuery({
    queryKey: keys.categories,
    ...queryOf<{ items: StoryCategory[] }>('/api/story-categories'),
    staleTime: 60_000,
  });
}

/** Counts a view of an opened story (the server counts one per user per day) and refreshes the lists. */
export function useCountView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ views_count: number; counted: boolean }>(`${path(id)}/view`),
    onSuccess: (answer) => {
      if (answer.counted) void queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

function useStoriesMutation<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useSaveStory = () =>
  useStoriesMutation(({ id, body }: { id?: string; body: unknown }) =>
    id ? api.put<Story>(path(id), body) : api.post<Story>('/api/impact-stories', body),
  );
export const useDeleteStory = () => useStoriesMutation((id: string) => api.delete<void>(path(id)));
export const useApproveStory = () =>
  useStoriesMutation(({ id, approved }: { id: string; approved: boolean }) =>
    api.post<Story>(`${path(id)}/approve`, { approved }),
  );
export const useFeatureStory = () =>
  useStoriesMutation(({ id, featured }: { id: string; featured: boolean }) =>
    api.post<Story>(`${path(id)}/feature`, { featured }),
  );

const categoryPath = (id: string) => `/api/story-categories/${encodeURIComponent(id)}`;
export const useSaveCategory = () =>
  useStoriesMutation(({ id, body }: { id?: string; body: unknown }) =>
    id
      ? api.put<StoryCategory>(categoryPath(id), body)
      : api.post<StoryCategory>('/api/story-categories', body),
  );
export const useDeleteCategory = () => useStoriesMutation((id: string) => api.delete<void>(categoryPath(id)));
