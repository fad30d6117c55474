/**
 * The code each side of the app loads on demand (docs/product.md §2): the sign-in page downloads no
 * signed-in screen nor the forms of the other signed-out pages, and a signed-in screen none of them.
 * Each is asked for once, here: start-early.ts asks first, and the pages (on-demand-page.tsx) find
 * it already loaded.
 */
import { type CodeOnDemand, onDemand } from './code-on-demand';

/** The addresses a signed-out visitor may stay on; every other one leads to /login. */
export const SIGNED_OUT_PATHS = [
  '/login',
  '/staff-login',
  '/forgot-password',
  '/reset-password',
  '/accept-invitation',
  '/verify-email',
] as const;

export type SignedOutPath = (typeof SIGNED_OUT_PATHS)[number];

const isSignedOutPath = (path: string) => (SIGNED_OUT_PATHS as readonly string[]).includes(path);

export const loginPageCode = onDemand(() => import('../features/auth/login'));
export const signedOutPagesCode = onDemand(() => import('../features/auth/form-pages'));
export const signedInAppCode = onDemand(() => import('./signed-in-app'));

/** The code of each signed-in page loaded on demand (routes.tsx shows them). */
export const pageCode = {
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

/**
 * The code each signed-in address shows, as routes.tsx renders it (first-pages.test.tsx holds the
 * two together): known in the entry, so that it downloads beside the signed-in app's code, not
 * once that has arrived and run (issue 47).
 */
export const SCREEN_CODE: Record<string, CodeOnDemand<unknown>> = {
  '/students': pageCode.students,
  '/profiles': pageCode.studentProfiles,
  '/allowances': pageCode.allowances,
  '/payment-batches': pageCode.paymentBatches,
  '/tasks': pageCode.caseWork,
  '/issues': pageCode.caseWork,
  '/forms': pageCode.formsFiles,
  '/files': pageCode.formsFiles,
  '/corporate': pageCode.corporate,
  '/announcements': pageCode.announcements,
  '/events': pageCode.events,
  '/library': pageCode.library,
  '/yearbook': pageCode.yearbook,
  '/yearbook-admin': pageCode.yearbook,
  '/impact-stories': pageCode.impactStories,
  '/impact-stories-admin': pageCode.impactStories,
  '/users': pageCode.users,
  '/activity-log': pageCode.activityLog,
  '/settings': pageCode.settings,
  '/account': pageCode.account,
};

/**
 * Fetches the code `path` most likely needs, before anyone knows who is signed in: the sign-in
 * page, the other signed-out pages, or the signed-in app and, beside it, the page at `path`
 * (rather than once the app has rendered and the page asks). Nothing at '/', which a signed-out
 * visitor reaches as often as anyone.
 */
export function startLoadingCodeFor(path: string): void {
  if (path === '/') return;
  const headStartOnly = () => {
    // Only a head start: the page asks again when shown, and says so if it cannot.
  };
  if (path === '/login') loginPageCode.load().catch(headStartOnly);
  else if (isSignedOutPath(path)) signedOutPagesCode.load().catch(headStartOnly);
  else {
    signedInAppCode.load().catch(headStartOnly);
    SCREEN_CODE[path]?.load().catch(headStartOnly);
  }
}
