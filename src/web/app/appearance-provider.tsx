import {
  createContext,
  Fragment,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { Toaster } from '../components/ui';
import { setDisplaySettings } from '../lib/format';
import { usePublicSettings } from '../lib/public-settings';
import { useAuth } from '../lib/session';
import { useMediaQuery } from '../lib/use-media-query';
import {
  applyToDocument,
  DEFAULT_APPEARANCE,
  type EffectiveTheme,
  fromPublicSettings,
  PREFERS_DARK_QUERY,
  readSnapshot,
  resolveTheme,
  type SystemAppearance,
  type ThemeChoice,
  writeSnapshot,
} from './appearance';
import { useMyPreferences } from './appearance-preferences';

export interface AppearanceValue {
  system: SystemAppearance;
  /** The user's own theme; null follows the system's; undefined while unknown or signed out. */
  userChoice: ThemeChoice | null | undefined;
  /** The theme on screen. */
  theme: EffectiveTheme;
}

const AppearanceContext = createContext<AppearanceValue>({
  system: DEFAULT_APPEARANCE,
  userChoice: undefined,
  theme: 'light',
});

export const useAppearance = () => useContext(AppearanceContext);

/**
 * Applies System Settings' names, formats and appearance to every screen, signed in or not, and
 * again whenever the public settings are read anew (an admin's save invalidates them).
 */
export function AppearanceProvider({ children }: { children: ReactNode }) {
  const [snapshot] = useState(readSnapshot);
  const { data: settings } = usePublicSettings();
  const { status } = useAuth();
  const preferences = useMyPreferences(status === 'signed-in');
  const prefersDark = useMediaQuery(PREFERS_DARK_QUERY);

  const system = useMemo(
    () => (settings ? fromPublicSettings(settings) : (snapshot?.system ?? DEFAULT_APPEARANCE)),
    [settings, snapshot],
  );
  const userChoice = status === 'signed-in' ? preferences.data?.theme_preference : undefined;
  // Until the user's own choice is read, the one last in force, so a reload keeps its theme.
  const choice: ThemeChoice =
    status === 'signed-out'
      ? system.theme
      : preferences.data
        ? (preferences.data.theme_preference ?? system.theme)
        : preferences.isPending
          ? (snapshot?.choice ?? system.theme)
          : system.theme;
  const theme = resolveTheme(choice, system.theme, prefersDark);

  // Set during render, before the screens below format a single date with it.
  setDisplaySettings({ dateFormat: system.dateFormat, timeZone: system.timeZone, currency: system.currency });
  const displayKey = `${system.dateFormat} ${system.timeZone} ${system.currency}`;

  useLayoutEffect(() => {
    applyToDocument(document.documentElement, {
      theme,
      compact: system.compact,
      primaryColor: system.primaryColor,
    });
    writeSnapshot({ system, choice });
  }, [theme, system, choice]);

  // Signed in, the layout titles each page; the signed-out pages carry the system's name.
  useEffect(() => {
    if (status !== 'signed-in') document.title = system.systemName;
  }, [status, system.systemName]);

  const value = useMemo(() => ({ system, userChoice, theme }), [system, userChoice, theme]);
  return (
    <AppearanceContext value={value}>
      {/* Dates are formatted outside React's sight: a new format or zone re-mounts the screens. */}
      <Fragment key={displayKey}>{children}</Fragment>
      <Toaster theme={theme} />
    </AppearanceContext>
  );
}
