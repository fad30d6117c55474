/** The audit trail on screen: a record's History tab (and the Activity Log page for admins). */
export { DetailsTabs, type ExtraTab } from './details-tabs';
