import { type NavItem, navigation } from '../navigation';

/** Pages reached from elsewhere than the sidebar. */
const OTHER_PAGES: Record<string, string> = { '/account': 'My Profile' };

/** The screen's title for the browser tab ('Student Management'), or null for a path with no screen. */
export function pageTitleOf(pathname: string, items: readonly NavItem[] = navigation): string | null {
  const item = items.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  if (item) return item.title ?? item.label;
  return OTHER_PAGES[pathname] ?? null;
}

/** '<page> · <system name>', or the system name alone. */
export const documentTitle = (page: string | null, systemName: string): string =>
  page ? `${page} · ${systemName}` : systemName;
