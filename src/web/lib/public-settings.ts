import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../contracts/settings';
import { DEFAULT_SETTINGS, passwordRuleText } from '../../domain/settings';
import { api } from './api';
import { queryKeys } from './query-keys';

/** The settings every page may read, signed in or not (docs/product.md D13). */
export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => api.get<PublicSettings>('/api/settings/public', signal),
    staleTime: 60_000,
  });
}

/** The password policy in one sentence for a password field's hint; the default policy's until read. */
export function usePasswordRule(): string {
  const { data } = usePublicSettings();
  return typeof data?.password_rule === 'string'
    ? data.password_rule
    : passwordRuleText(DEFAULT_SETTINGS.security.passwordPolicy);
}
