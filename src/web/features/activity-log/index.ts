/** The Activity Log (/activity-log): the audit trail for admins. */
export { ActivityLogPage } from './activity-log-page';
