import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { PublicSettings } from '../../contracts/settings';
import type { MyPreferences } from '../../contracts/users';
import { json, stubApi } from '../testing/api-stub';
import { AppearanceProvider } from './appearance-provider';

/** Test helpers of the appearance tests (not shipped: only the tests import it). */

export function publicSettings(
  overrides: Partial<Omit<PublicSettings, 'appearance'>> & {
    appearance?: Partial<PublicSettings['appearance']>;
  } = {},
): PublicSettings {
  const { appearance, ...rest } = overrides;
  return {
    system_name: 'CHL Back-office',
    organization_name: 'Student sponsorship',
    timezone: 'Africa/Lusaka',
    date_format: 'DD/MM/YYYY',
    currency: 'ZMW',
    password_policy: {
      min_length: 8,
      require_uppercase: true,
      require_lowercase: true,
      require_numbers: true,
      require_special_chars: true,
    },
    password_rule: 'At least 8 characters',
    appearance: {
      theme: 'light',
      primary_color: '#059669',
      sidebar_collapsed: false,
      compact_mode: false,
      ...appearance,
    },
    ...rest,
  };
}

/** matchMedia as jsdom lacks it: `prefers-color-scheme: dark` answers `dark.matches`, and can change. */
export function stubDevice(dark: { matches: boolean }) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('prefers-color-scheme: dark') ? dark.matches : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    setDark(matches: boolean) {
      dark.matches = matches;
      for (const listener of listeners) listener();
    },
  };
}

/** The server's side: the public settings and the user's preference, both changeable by the test. */
export function stubServer(state: {
  settings: PublicSettings;
  preference: MyPreferences['theme_preference'];
}) {
  return stubApi((method, url, body) => {
    if (url === '/api/settings/public') return json(state.settings);
    if (url === '/api/me/preferences' && method === 'PUT') {
      state.preference = (body as MyPreferences).theme_preference;
      return json({ theme_preference: state.preference });
    }
    if (url === '/api/me/preferences') return json({ theme_preference: state.preference });
    return json({ error: 'Not found' }, 404);
  });
}

export function renderWithAppearance(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <AppearanceProvider>{ui}</AppearanceProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** Puts <html> back as a fresh page has it. */
export function resetDocument() {
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  localStorage.clear();
}
