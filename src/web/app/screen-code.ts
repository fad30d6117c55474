import { type CodeOnDemand, onDemand } from './code-on-demand';

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
