/**
 * The installed app's web app manifest (issue 48 item 1), made from the settings as they are now,
 * so that a phone shows the organisation's own name and colour under its icon.
 */

/** What the manifest is made from: System Settings' general and appearance choices. */
export interface ManifestSettings {
  systemName: string;
  organizationName: string;
  theme: 'light' | 'dark' | 'auto';
  primaryColor: string;
}

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** The longest name a phone's home screen shows under an icon without cutting it. */
export const SHORT_NAME_MAX = 12;

/** The page's background in each theme (slate-50 in light; what it becomes in dark, styles.css). */
export const PAGE_BACKGROUND = { light: '#f8fafc', dark: '#020617' } as const;

/** The files in src/web/public/icons/ (scripts/app-icons.mjs draws them from the favicon). */
export const MANIFEST_ICONS: ManifestIcon[] = [
  { src: '/icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/app-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The name under the icon: the system's name when it fits, else its first word when that fits
 * ('CHL Back-office' gives 'CHL'), else the name cut at the limit.
 */
export function shortNameOf(systemName: string): string {
  const name = systemName.trim();
  if (name.length <= SHORT_NAME_MAX) return name;
  const first = name.split(/\s+/)[0] ?? '';
  if (first.length > 0 && first.length <= SHORT_NAME_MAX) return first;
  return name.slice(0, SHORT_NAME_MAX).trimEnd();
}

/**
 * The manifest for `settings`. The splash screen's background follows the theme the settings
 * choose for everyone ('auto' follows each device, which a manifest cannot: light, as the page
 * starts); the title bar takes the primary colour.
 */
export function webAppManifest(settings: ManifestSettings): WebAppManifest {
  const name = settings.systemName.trim();
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    description: `${name}: ${settings.organizationName.trim()}`,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: settings.primaryColor,
    background_color: settings.theme === 'dark' ? PAGE_BACKGROUND.dark : PAGE_BACKGROUND.light,
    icons: MANIFEST_ICONS,
  };
}
