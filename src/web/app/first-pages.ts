import { hasRoleRank, type Role } from '../../domain/roles';

/**
 * What each signed-in screen asks for first, known from its address alone: the first page of its
 * list. start-early.ts asks for it as soon as the session says who is signed in, beside the
 * screen's code still arriving, instead of once that code has loaded and rendered (issue 47: on a
 * phone the list's request waited for the screen's code and the session in turn, its largest paint
 * at about 4 s). The page's list hook takes the answer asked for here (askEarly, lib/api.ts)
 * because it asks for the same address: first-pages.test.tsx renders every page and checks that
 * it does, so the two cannot drift. Kept free of the screens' code: the entry carries it.
 */

export interface FirstPage {
  /** As in routes.tsx: below this rank the screen says 'Access Denied' and asks for nothing. */
  minRole?: Role;
  /**
   * What the screen asks for first when its address has no query: its list's first page (or, on
   * a screen without a list, its record: Settings, My Profile).
   */
  list: string;
}

/** By path: every signed-in screen whose code loads on demand (the dashboard asks in start-early.ts). */
export const FIRST_PAGES: Record<string, FirstPage> = {
  '/students': {
    minRole: 'program_officer',
    list: '/api/students?sort=created_at_desc&page=1&pageSize=25',
  },
  '/profiles': {
    minRole: 'program_officer',
    list: '/api/students?sort=name_asc&page=1&pageSize=24',
  },
  '/allowances': {
    minRole: 'program_officer',
    list: '/api/allowances?page=1&pageSize=25',
  },
  '/payment-batches': {
    minRole: 'admin',
    list: '/api/payment-batches?page=1&pageSize=25',
  },
  '/tasks': { minRole: 'program_officer', list: '/api/tasks?page=1&pageSize=200' },
  '/issues': { minRole: 'program_officer', list: '/api/issues?page=1&pageSize=25' },
  '/forms': { minRole: 'program_officer', list: '/api/forms?page=1&pageSize=25' },
  '/files': { minRole: 'program_officer', list: '/api/files?page=1&pageSize=25' },
  '/corporate': {
    minRole: 'program_officer',
    list: '/api/landlords?page=1&pageSize=24',
  },
  '/announcements': { list: '/api/announcements?page=1&pageSize=20' },
  '/events': { list: '/api/events?page=1&pageSize=20' },
  '/library': { list: '/api/library?page=1&pageSize=20' },
  '/yearbook': { list: '/api/yearbooks?pageSize=200' },
  '/yearbook-admin': {
    minRole: 'deputy_manager',
    list: '/api/yearbooks?pageSize=200',
  },
  '/impact-stories': { list: '/api/impact-stories?page=1&pageSize=24' },
  '/impact-stories-admin': {
    minRole: 'deputy_manager',
    list: '/api/impact-stories/manage?status=all&page=1&pageSize=50',
  },
  '/users': { minRole: 'deputy_manager', list: '/api/users?page=1&pageSize=24' },
  '/activity-log': { minRole: 'admin', list: '/api/audit?page=1&pageSize=25' },
  '/settings': { minRole: 'admin', list: '/api/settings' },
  '/account': { list: '/api/me/profile' },
};

/** The first page of the list at `path` + `search`, if `role` may see it; null when unknown. */
export function firstListRequest(path: string, search: string, role: string): string | null {
  const page = FIRST_PAGES[path];
  // A filtered or paged address: the screen builds its own request from it.
  if (!page || search !== '') return null;
  return !page.minRole || hasRoleRank(role, page.minRole) ? page.list : null;
}
