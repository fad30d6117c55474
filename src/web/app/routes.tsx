import type { ReactNode } from 'react';
import type { Role } from '../../domain/roles';
// Where everyone lands once signed in: in the signed-in app's own file, not a page loaded on demand,
// so that it shows without one more download after the app's (issue 22). Its banner is small; the
// figures below it load on demand.
import { DashboardPage } from '../features/dashboard';
import { navigation } from './navigation';
import { NotBuiltYet } from './not-built-yet';
import { pageOnDemand } from './on-demand-page';
import { pageCode } from './screen-code';

/** One signed-in page, rendered inside the layout. */
export interface AppRoute {
  path: string;
  element: ReactNode;
  /** Users below this rank see 'Access Denied' instead. Staff-only areas use 'program_officer' (docs/product.md D9). */
  minRole?: Role;
}

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
 *   { path: '/students', element: <StudentsPage />, minRole: 'program_officer' },
 * and its code in screen-code.ts (pageCode, SCREEN_CODE).
 * '/' redirects to /dashboard and only truly unknown paths go to /dashboard (see router.tsx).
 */
const builtRoutes: AppRoute[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/students', element: <StudentsPage />, minRole: 'program_officer' },
  {
    path: '/profiles',
    element: <StudentProfilesPage />,
    minRole: 'program_officer',
  },
  { path: '/allowances', element: <AllowancesPage />, minRole: 'program_officer' },
  {
    path: '/payment-batches',
    element: <PaymentBatchesPage />,
    minRole: 'admin',
  },
  { path: '/tasks', element: <TasksPage />, minRole: 'program_officer' },
  { path: '/issues', element: <IssuesPage />, minRole: 'program_officer' },
  { path: '/forms', element: <FormsPage />, minRole: 'program_officer' },
  { path: '/files', element: <FilesPage />, minRole: 'program_officer' },
  { path: '/corporate', element: <CorporatePage />, minRole: 'program_officer' },
  { path: '/announcements', element: <AnnouncementsPage /> },
  { path: '/events', element: <EventsPage /> },
  { path: '/library', element: <LibraryPage /> },
  { path: '/yearbook', element: <YearbookPage /> },
  {
    path: '/yearbook-admin',
    element: <YearbookAdminPage />,
    minRole: 'deputy_manager',
  },
  { path: '/impact-stories', element: <StoriesPage /> },
  {
    path: '/impact-stories-admin',
    element: <StoriesAdminPage />,
    minRole: 'deputy_manager',
  },
  { path: '/users', element: <UsersPage />, minRole: 'deputy_manager' },
  { path: '/activity-log', element: <ActivityLogPage />, minRole: 'admin' },
  // The sidebar shows Settings from deputy manager up (spec §2); the screen itself is for admins.
  { path: '/settings', element: <SettingsPage />, minRole: 'admin' },
  // Reached from the name in the top bar, not the sidebar: every account's own page.
  { path: '/account', element: <MyProfilePage /> },
];

/**
 * Every sidebar link leads somewhere: an area not built yet has a page that says so, rather than
 * a redirect that would look like a broken link.
 */
const notBuiltRoutes: AppRoute[] = navigation
  .filter((item) => !builtRoutes.some((route) => route.path === item.to))
  .map((item) => ({ path: item.to, element: <NotBuiltYet title={item.title ?? item.label} /> }));

export const appRoutes: AppRoute[] = [...builtRoutes, ...notBuiltRoutes];
