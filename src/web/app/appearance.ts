/*
 * System Settings' General and Appearance choices as the browser applies them (docs/product.md D13):
 * which theme is in force, the classes and colour variables on <html>, and the last state seen,
 * kept in localStorage so the next load starts in it instead of flashing the defaults.
 */
import type { PublicSettings } from '../../contracts/settings';
import { PROGRAMME_TIME_ZONE, type ProgrammeTimeZone } from '../../domain/dates';
import { DEFAULT_SETTINGS } from '../../domain/settings';
import { primaryPalette } from '../lib/colour';
import type { Currency, DateFormat } from '../lib/format';

export type ThemeChoice = 'light' | 'dark' | 'auto';
export type EffectiveTheme = 'light' | 'dark';

export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The public settings the screens apply, in the app's own words. */
export interface SystemAppearance {
  systemName: string;
  organizationName: string;
  theme: ThemeChoice;
  primaryColor: string;
  sidebarCollapsed: boolean;
  compact: boolean;
  dateFormat: DateFormat;
  timeZone: ProgrammeTimeZone;
  /** The label shown with amounts (never a conversion). */
  currency: Currency;
}

export const DEFAULT_APPEARANCE: SystemAppearance = {
  systemName: DEFAULT_SETTINGS.general.systemName,
  organizationName: DEFAULT_SETTINGS.general.organizationName,
  theme: DEFAULT_SETTINGS.appearance.theme,
  primaryColor: DEFAULT_SETTINGS.appearance.primaryColor,
  sidebarCollapsed: DEFAULT_SETTINGS.appearance.sidebarCollapsed,
  compact: DEFAULT_SETTINGS.appearance.compactMode,
  dateFormat: DEFAULT_SETTINGS.general.dateFormat,
  timeZone: PROGRAMME_TIME_ZONE,
  currency: DEFAULT_SETTINGS.general.currency,
};

export function fromPublicSettings(s: PublicSettings): SystemAppearance {
  return {
    systemName: s.system_name,
    organizationName: s.organization_name,
    theme: s.appearance.theme,
    primaryColor: s.appearance.primary_color,
    sidebarCollapsed: s.appearance.sidebar_collapsed,
    compact: s.appearance.compact_mode,
    dateFormat: s.date_format,
    timeZone: s.timezone,
    currency: s.currency,
  };
}

/** The user's own theme wins over the system's; 'auto' follows the device (prefers-color-scheme). */
export function resolveTheme(
  userChoice: ThemeChoice | null | undefined,
  systemChoice: ThemeChoice,
  prefersDark: boolean,
): EffectiveTheme {
  const choice = userChoice ?? systemChoice;
  if (choice === 'auto') return prefersDark ? 'dark' : 'light';
  return choice;
}

/** Puts the theme, density and primary colour on <html>, where styles.css picks them up. */
export function applyToDocument(
  root: HTMLElement,
  { theme, compact, primaryColor }: { theme: EffectiveTheme; compact: boolean; primaryColor: string },
): void {
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('compact', compact);
  const palette = primaryPalette(primaryColor, theme);
  root.style.setProperty('--color-primary', palette.primary);
  root.style.setProperty('--color-primary-hover', palette.hover);
  root.style.setProperty('--color-primary-active', palette.active);
  root.style.setProperty('--color-primary-soft', palette.soft);
  root.style.setProperty('--color-primary-foreground', palette.foreground);
  root.ownerDocument.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.primary);
}

/** What was last applied: the system's settings and the theme choice in force (the user's or the system's). */
export interface Snapshot {
  system: SystemAppearance;
  choice: ThemeChoice;
}

const STORAGE_KEY = 'chl.appearance';

export function readSnapshot(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Snapshot | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Snapshot>;
    if (!parsed.system || !parsed.choice) return null;
    return { system: { ...DEFAULT_APPEARANCE, ...parsed.system }, choice: parsed.choice };
  } catch {
    return null;
  }
}

export function writeSnapshot(
  snapshot: Snapshot,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
) {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // Private browsing or a full quota: the next load starts from the defaults, no harm done.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
