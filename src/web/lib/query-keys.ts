/**
 * Every TanStack Query key of the app. A change invalidates a whole root (`students.all`,
 * `allowances.all`, `dashboard`), so each root's keys start with it and nothing else may.
 */
export const queryKeys = {
  authConfig: ['auth-config'] as const,
  dashboard: ['dashboard'] as const,
  /** The dashboard of an account without a staff role; under the dashboard root, so it is refreshed with it. */
  myDashboard: ['dashboard', 'mine'] as const,
  students: {
    all: ['students'] as const,
    /** `query` is the list's API query string: filters, sort and paging. */
    list: (query: string) => ['students', 'list', query] as const,
    one: (id: string | null) => ['students', 'one', id] as const,
    officers: ['students', 'officers'] as const,
    /** Under the students root, so any student change refreshes an open history. */
    history: (id: string) => ['students', 'history', id] as const,
    /** A student's payment channels: under the students root, as their history. */
    paymentChannels: (id: string) => ['students', 'payment-channels', id] as const,
  },
  allowances: {
    all: ['allowances'] as const,
    list: (params: { q: string; stage: string; page: number }) => ['allowances', 'list', params] as const,
    detail: (id: string) => ['allowances', 'detail', id] as const,
    history: (id: string) => ['allowances', 'history', id] as const,
  },
  corporate: {
    all: ['corporate'] as const,
    /** `kind` is 'landlords' or 'institutions'; `query` the list's API query string. */
    list: (kind: string, query: string) => ['corporate', kind, query] as const,
  },
  /** The bell: every successful change refreshes it (query-client.ts), whatever its area. */
  notifications: ['notifications'] as const,
  /** The top bar's search, by the text searched. */
  search: (q: string) => ['search', q] as const,
  /** The Activity Log; `query` is its API query string. */
  auditLog: (query: string) => ['audit', query] as const,
  /** The student pickers' search (adding an allowance, a yearbook entry): its own root, kept apart from the students screens. */
  studentPicker: (q: string) => ['student-picker', q] as const,
  stories: {
    all: ['stories'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['stories', 'list', query] as const,
    manage: (query: string) => ['stories', 'manage', query] as const,
    categories: ['stories', 'categories'] as const,
  },
  tasks: {
    all: ['tasks'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['tasks', 'list', query] as const,
    one: (id: string) => ['tasks', 'one', id] as const,
    history: (id: string) => ['tasks', 'history', id] as const,
  },
  issues: {
    all: ['issues'] as const,
    list: (query: string) => ['issues', 'list', query] as const,
    one: (id: string) => ['issues', 'one', id] as const,
    comments: (id: string) => ['issues', 'comments', id] as const,
    history: (id: string) => ['issues', 'history', id] as const,
  },
  forms: {
    all: ['forms'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['forms', 'list', query] as const,
    one: (id: string) => ['forms', 'one', id] as const,
    history: (id: string) => ['forms', 'history', id] as const,
  },
  studentFiles: {
    all: ['student-files'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['student-files', 'list', query] as const,
    one: (id: string) => ['student-files', 'one', id] as const,
  },
  /** Whom tasks and issues can be assigned to. */
  staff: ['staff'] as const,
  announcements: {
    all: ['announcements'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['announcements', 'list', query] as const,
    one: (id: string) => ['announcements', 'one', id] as const,
  },
  events: {
    all: ['events'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['events', 'list', query] as const,
    one: (id: string) => ['events', 'one', id] as const,
    attendees: (id: string) => ['events', 'attendees', id] as const,
  },
  library: {
    all: ['library'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['library', 'list', query] as const,
    one: (id: string) => ['library', 'one', id] as const,
  },
  yearbook: {
    all: ['yearbook'] as const,
    list: ['yearbook', 'list'] as const,
    entries: (id: string, query: string) => ['yearbook', 'entries', id, query] as const,
    memories: (id: string) => ['yearbook', 'memories', id] as const,
    myEntries: ['yearbook', 'my-entries'] as const,
    graduates: ['yearbook', 'graduates'] as const,
  },
  users: {
    all: ['users'] as const,
    /** `query` is the list's API query string. */
    list: (query: string) => ['users', 'list', query] as const,
    one: (id: string) => ['users', 'one', id] as const,
    history: (id: string) => ['users', 'history', id] as const,
  },
  /** Manage Roles: each role, its permissions and how many hold it. */
  userRoles: ['user-roles'] as const,
  roleRequests: {
    all: ['role-requests'] as const,
    list: (query: string) => ['role-requests', query] as const,
  },
  /** GET /api/settings/public: names, appearance, formats and the password policy, for every page. */
  publicSettings: ['settings', 'public'] as const,
  /** GET /api/settings: the whole document and the version it was read at (admins). */
  settings: ['settings', 'document'] as const,
  /** Backup & Data: the backups and when the last one was made. */
  backups: ['backups'] as const,
  /** The signed-in user's own profile (/account). */
  myProfile: ['my-profile'] as const,
  /** The signed-in user's own choices (/api/me/preferences): today the theme. */
  myPreferences: ['my-preferences'] as const,
  /** The signed-in user's two-factor sign-in status (/account, and the setup the settings may require). */
  twoFactor: ['two-factor'] as const,
};
