import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PublicSettings } from '../../contracts/settings';
import { DEFAULT_SETTINGS, type PasswordRules, passwordRuleText } from '../../domain/settings';
import { queryKeys } from './query-keys';
import { queryOf } from './query-of';

/** The settings every page may read, signed in or not (docs/product.md D13). */
export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    ...queryOf<PublicSettings>('/api/settings/public'),
    staleTime: 60_000,
  });
}

const DEFAULT_RULES: PasswordRules = DEFAULT_SETTINGS.security.passwordPolicy;

/**
 * The password policy in force as published to every page, signed in or not; the default policy's
 * until read. Every password form checks with it (newPasswordSchema) and hints with its sentence,
 * so the form and the server name the same rules.
 */
export function usePasswordPolicy(): PasswordRules {
  const published = usePublicSettings().data?.password_policy;
  return useMemo(() => {
    if (!published) return DEFAULT_RULES;
    return {
      minLength: published.min_length,
      requireUppercase: published.require_uppercase,
      requireLowercase: published.require_lowercase,
      requireNumbers: published.require_numbers,
      requireSpecialChars: published.require_special_chars,
    };
  }, [published]);
}

/** The password policy in one sentence, for a password field's hint. */
export function usePasswordRule(): string {
  return passwordRuleText(usePasswordPolicy());
}

/** A password form's schema under the published policy, built again only when the policy changes. */
export function usePolicySchema<S>(schemaOf: (policy: PasswordRules) => S): {
  policy: PasswordRules;
  schema: S;
} {
  const policy = usePasswordPolicy();
  const schema = useMemo(() => schemaOf(policy), [schemaOf, policy]);
  return { policy, schema };
}
