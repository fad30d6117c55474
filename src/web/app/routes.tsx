import type { ReactNode } from 'react';
import type { Role } from '../../domain/roles';
// Where everyone lands once signed in: in the signed-in app's own file, not a page loaded on demand,
// so that it shows without one more download after the app's (issue 22). Its banner is small; the
// figures below it load on demand.
import { DashboardPage } from '../features/dashboard';
import { type CodeOnDemand, onDemand } from './code-on-demand';
import { navigation } from './navigation';
import { NotBuiltYet } from './not-built-yet';
import { pageOnDemand } from './on-demand-page';

/** One signed-in page, rendered inside the layout. */
export interface AppRoute {
  path: string;
  element: ReactNode;
  /** Users below this rank see 'Access Denied' instead. Staff-only areas use 'program_officer' (docs/product.md D9). */
  minRole?: Role;
  /** The code of a page loaded on demand: asked for as soon as the app's code is here (startLoadingPage). */
  code?: CodeOnDemand<unknown>;
}

/** The code of each page loaded on demand. */
const pageCode = {
  students: onDemand(() => import('../features/students')),
  studentProfiles: onDemand(() => import('../features/student-profiles')),
  allowances: onDemand(() => import('../features/allowances')),
  paymentBatches: onDemand(() => import('../features/payment-batches')),
  corporate: onDemand(() => import('../features/corporate')),
  yearbook: onDemand(() => import('../features/yearbook')),
  impactStories: onDemand(() => import('../features/impact-stories')),
  announcements: onDemand(() => import('../features/announcements')),
  events: onDemand(() => import('../features/events')),
  library: onDemand(() => import('../features/library')),
  caseWork: onDemand(() => import('../features/case-work')),
  formsFiles: onDemand(() => import('../features/forms-files')),
  users: onDemand(() => import('../features/users')),
  account: onDemand(() => import('../features/account')),
  activityLog: onDemand(() => import('../features/activity-log')),
  settings: onDemand(() => import('../features/settings')),
};

// Pages load on demand, so the sign-in screens stay small. Use this shape for new features:
//   const StudentsPage = pageOnDemand(pageCode.students, (m) => m.StudentsPage);
const StudentsPage = pageOnDemand(pageCode.students, (m) => m.StudentsPage);
const StudentProfilesPage = pageOnDemand(pageCode.studentProfiles, (m) => m.StudentProfilesPage);

const AllowancesPage = pageOnDemand(pageCode.allowances, (m) => m.AllowancesPage);
const PaymentBatchesPage = pageOnDemand(pageCode.paymentBatches, (m) => m.PaymentBatchesPage);
const CorporatePage = pageOnDemand(pageCode.corporate, (m) => m.CorporatePage);
const YearbookPage = pageOnDemand(pageCode.yearbook, (m) => m.YearbookPage);
const YearbookAdminPage = pageOnDemand(pageCode.yearbook, (m) => m.YearbookAdminPage);
const StoriesPage = pageOnDemand(pageCode.impactStories, (m) => m.StoriesPage);
const StoriesAdminPage = pageOnDemand(pageCode.impactStories, (m) => m.StoriesAdminPage);
const AnnouncementsPage = pageOnDemand(pageCode.announcements, (m) => m.AnnouncementsPage);
const EventsPage = pageOnDemand(pageCode.events, (m) => m.EventsPage);
const LibraryPage = pageOnDemand(pageCode.library, (m) => m.LibraryPage);
const TasksPage = pageOnDemand(pageCode.caseWork, (m) => m.TasksPage);
const IssuesPage = pageOnDemand(pageCode.caseWork, (m) => m.IssuesPage);
const FormsPage = pageOnDemand(pageCode.formsFiles, (m) => m.FormsPage);
const FilesPage = pageOnDemand(pageCode.formsFiles, (m) => m.FilesPage);
const UsersPage = pageOnDemand(pageCode.users, (m) => m.UsersPage);
const MyProfilePage = pageOnDemand(pageCode.account, (m) => m.MyProfilePage);
const ActivityLogPage = pageOnDemand(pageCode.activityLog, (m) => m.ActivityLogPage);
const SettingsPage = pageOnDemand(pageCode.settings, (m) => m.SettingsPage);
/**
 * Signed-in routes. A feature adds its page with one line, e.g.
 *   { path: '/students', element: <StudentsPage />, code: pageCode.students, minRole: 'program_officer' },
 * '/' redirects to /dashboard and only truly unknown paths go to /dashboard (see router.tsx).
 */
const builtRoutes: AppRoute[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/students', element: <StudentsPage />, code: pageCode.students, minRole: 'program_officer' },
  {
    path: '/profiles',
    element: <StudentProfilesPage />,
    code: pageCode.studentProfiles,
    minRole: 'program_officer',
  },
  { path: '/allowances', element: <AllowancesPage />, code: pageCode.allowances, minRole: 'program_officer' },
  {
    path: '/payment-batches',
    element: <PaymentBatchesPage />,
    code: pageCode.paymentBatches,
    minRole: 'admin',
  },
  { path: '/tasks', element: <TasksPage />, code: pageCode.caseWork, minRole: 'program_officer' },
  { path: '/issues', element: <IssuesPage />, code: pageCode.caseWork, minRole: 'program_officer' },
  { path: '/forms', element: <FormsPage />, code: pageCode.formsFiles, minRole: 'program_officer' },
  { path: '/files', element: <FilesPage />, code: pageCode.formsFiles, minRole: 'program_officer' },
  { path: '/corporate', element: <CorporatePage />, code: pageCode.corporate, minRole: 'program_officer' },
  { path: '/announcements', element: <AnnouncementsPage />, code: pageCode.announcements },
  { path: '/events', element: <EventsPage />, code: pageCode.events },
  { path: '/library', element: <LibraryPage />, code: pageCode.library },
  { path: '/yearbook', element: <YearbookPage />, code: pageCode.yearbook },
  {
    path: '/yearbook-admin',
    element: <YearbookAdminPage />,
    code: pageCode.yearbook,
    minRole: 'deputy_manager',
  },
  { path: '/impact-stories', element: <StoriesPage />, code: pageCode.impactStories },
  {
    path: '/impact-stories-admin',
    element: <StoriesAdminPage />,
    code: pageCode.impactStories,
    minRole: 'deputy_manager',
  },
  { path: '/users', element: <UsersPage />, code: pageCode.users, minRole: 'deputy_manager' },
  { path: '/activity-log', element: <ActivityLogPage />, code: pageCode.activityLog, minRole: 'admin' },
  // The sidebar shows Settings from deputy manager up (spec §2); the screen itself is for admins.
  { path: '/settings', element: <SettingsPage />, code: pageCode.settings, minRole: 'admin' },
  // Reached from the name in the top bar, not the sidebar: every account's own page.
  { path: '/account', element: <MyProfilePage />, code: pageCode.account },
];

/**
 * Every sidebar link leads somewhere: an area not built yet has a page that says so, rather than
 * a redirect that would look like a broken link.
 */
const notBuiltRoutes: AppRoute[] = navigation
  .filter((item) => !builtRoutes.some((route) => route.path === item.to))
  .map((item) => ({ path: item.to, element: <NotBuiltYet title={item.title ?? item.label} /> }));

export const appRoutes: AppRoute[] = [...builtRoutes, ...notBuiltRoutes];

/**
 * Fetches the code of the page at `path`, as soon as the app's code is here (start-early.ts):
 * beside the session look-up, rather than once the app has rendered and the page asks.
 */
export function startLoadingPage(path: string): void {
  appRoutes
    .find((route) => route.path === path)
    ?.code?.load()
    .catch(() => {
      // Only a head start: the page asks again when shown, and says so if it cannot.
    });
}
