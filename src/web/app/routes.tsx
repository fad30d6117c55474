import { lazy, type ReactNode } from 'react';
import type { Role } from '../../domain/roles';
// Where everyone lands once signed in: in the signed-in app's own file, not a page loaded on demand,
// so that it shows without one more download after the app's (issue 22). Its banner is small; the
// figures below it load on demand.
import { DashboardPage } from '../features/dashboard';
import { navigation } from './navigation';
import { NotBuiltYet } from './not-built-yet';

/** One signed-in page, rendered inside the layout. */
export interface AppRoute {
  path: string;
  element: ReactNode;
  /** Users below this rank see 'Access Denied' instead. Staff-only areas use 'program_officer' (docs/product.md D9). */
  minRole?: Role;
}

// Pages load on demand, so the sign-in screens stay small. Use this shape for new features:
//   const StudentsPage = lazy(() => import('../features/students').then((m) => ({ default: m.StudentsPage })));
const StudentsPage = lazy(() => import('../features/students').then((m) => ({ default: m.StudentsPage })));
const StudentProfilesPage = lazy(() =>
  import('../features/student-profiles').then((m) => ({ default: m.StudentProfilesPage })),
);

const AllowancesPage = lazy(() =>
  import('../features/allowances').then((m) => ({ default: m.AllowancesPage })),
);
const PaymentBatchesPage = lazy(() =>
  import('../features/payment-batches').then((m) => ({ default: m.PaymentBatchesPage })),
);
const CorporatePage = lazy(() => import('../features/corporate').then((m) => ({ default: m.CorporatePage })));
const YearbookPage = lazy(() => import('../features/yearbook').then((m) => ({ default: m.YearbookPage })));
const YearbookAdminPage = lazy(() =>
  import('../features/yearbook').then((m) => ({ default: m.YearbookAdminPage })),
);
const StoriesPage = lazy(() =>
  import('../features/impact-stories').then((m) => ({ default: m.StoriesPage })),
);
const StoriesAdminPage = lazy(() =>
  import('../features/impact-stories').then((m) => ({ default: m.StoriesAdminPage })),
);
const AnnouncementsPage = lazy(() =>
  import('../features/announcements').then((m) => ({ default: m.AnnouncementsPage })),
);
const EventsPage = lazy(() => import('../features/events').then((m) => ({ default: m.EventsPage })));
const LibraryPage = lazy(() => import('../features/library').then((m) => ({ default: m.LibraryPage })));
const TasksPage = lazy(() => import('../features/case-work').then((m) => ({ default: m.TasksPage })));
const IssuesPage = lazy(() => import('../features/case-work').then((m) => ({ default: m.IssuesPage })));
const FormsPage = lazy(() => import('../features/forms-files').then((m) => ({ default: m.FormsPage })));
const FilesPage = lazy(() => import('../features/forms-files').then((m) => ({ default: m.FilesPage })));
const UsersPage = lazy(() => import('../features/users').then((m) => ({ default: m.UsersPage })));
const MyProfilePage = lazy(() => import('../features/account').then((m) => ({ default: m.MyProfilePage })));
const ActivityLogPage = lazy(() =>
  import('../features/activity-log').then((m) => ({ default: m.ActivityLogPage })),
);
const SettingsPage = lazy(() => import('../features/settings').then((m) => ({ default: m.SettingsPage })));
/**
 * Signed-in routes. A feature adds its page with one line, e.g.
 *   { path: '/students', element: <StudentsPage />, minRole: 'program_officer' },
 * '/' redirects to /dashboard and only truly unknown paths go to /dashboard (see router.tsx).
 */
const builtRoutes: AppRoute[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/students', element: <StudentsPage />, minRole: 'program_officer' },
  { path: '/profiles', element: <StudentProfilesPage />, minRole: 'program_officer' },
  { path: '/allowances', element: <AllowancesPage />, minRole: 'program_officer' },
  { path: '/payment-batches', element: <PaymentBatchesPage />, minRole: 'admin' },
  { path: '/tasks', element: <TasksPage />, minRole: 'program_officer' },
  { path: '/issues', element: <IssuesPage />, minRole: 'program_officer' },
  { path: '/forms', element: <FormsPage />, minRole: 'program_officer' },
  { path: '/files', element: <FilesPage />, minRole: 'program_officer' },
  { path: '/corporate', element: <CorporatePage />, minRole: 'program_officer' },
  { path: '/announcements', element: <AnnouncementsPage /> },
  { path: '/events', element: <EventsPage /> },
  { path: '/library', element: <LibraryPage /> },
  { path: '/yearbook', element: <YearbookPage /> },
  { path: '/yearbook-admin', element: <YearbookAdminPage />, minRole: 'deputy_manager' },
  { path: '/impact-stories', element: <StoriesPage /> },
  { path: '/impact-stories-admin', element: <StoriesAdminPage />, minRole: 'deputy_manager' },
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
