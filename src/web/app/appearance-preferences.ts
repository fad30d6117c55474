import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyPreferences } from '../../contracts/users';
import { toast } from '../components/ui';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';
import { queryOf } from '../lib/query-of';

/** The signed-in user's own theme (null follows the system's), read once per session. */
export function useMyPreferences(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.myPreferences,
    ...queryOf<MyPreferences>('/api/me/preferences'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves the user's theme; the screen changes at once and changes back if the save fails. */
export function useSaveThemePreference() {
  const queryClient = useQueryClient();
  const key = queryKeys.myPreferences;
  return useMutation({
    mutationFn: (theme_preference: MyPreferences['theme_preference']) =>
      api.put<MyPreferences>('/api/me/preferences', { theme_preference }),
    onMutate: async (theme_preference) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MyPreferences>(key);
      queryClient.setQueryData<MyPreferences>(key, { theme_preference });
      return { before };
    },
    onError: (_error, _choice, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      else void queryClient.invalidateQueries({ queryKey: key });
      toast.error('Failed to save your theme. Please try again.');
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
