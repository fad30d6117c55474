import { z } from 'zod';
import { AUDIT_RECORD_KIND_LABELS, AUDIT_RECORD_KINDS } from '../../../domain/audit-labels';
import { pageParam } from '../../lib/list-state';

/** Rows per page of the Activity Log. */
export const AUDIT_PAGE_SIZE = 25;

const text = z.string().trim().max(100).default('');
const day = z.union([z.iso.date(), z.literal('')]).default('');

/** The Activity Log's filters in the URL: who, what, which record and when (Lusaka days). */
export const ActivityLogParamsSchema = z.object({
  actor_id: text,
  entity_type: z.union([z.enum(AUDIT_RECORD_KINDS), z.literal('')]).default(''),
  action: text,
  entity_id: text,
  from: day,
  to: day,
  page: pageParam,
});
export type ActivityLogParams = z.output<typeof ActivityLogParamsSchema>;

/** The API query string of the filters; `paged` adds the page (the CSV export takes every entry). */
export function auditQueryString(params: ActivityLogParams, paged: boolean): string {
  const search = new URLSearchParams();
  for (const key of ['actor_id', 'entity_type', 'action', 'entity_id', 'from', 'to'] as const)
    if (params[key]) search.set(key, params[key]);
  if (paged) {
    search.set('page', String(params.page));
    search.set('pageSize', String(AUDIT_PAGE_SIZE));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

export const RECORD_KIND_OPTIONS = [
  { value: '', label: 'Any record' },
  ...AUDIT_RECORD_KINDS.map((kind) => ({ value: kind, label: AUDIT_RECORD_KIND_LABELS[kind] })),
];

/** The actions the product records today, as the filter offers them. */
export const ACTION_OPTIONS = [
  { value: '', label: 'Any action' },
  ...[
    ['student.created', 'Student added'],
    ['student.updated', 'Student updated'],
    ['student.reassigned', 'Student reassigned'],
    ['student.deleted', 'Student deleted'],
    ['students.imported', 'Students imported'],
    ['student.imported', 'Student added by import'],
    ['students.import_undone', 'Student import undone'],
    ['payment_channel.added', 'Payment channel added'],
    ['payment_channel.changed', 'Payment channel changed'],
    ['payment_channel.made_primary', 'Payment channel made primary'],
    ['payment_channel.name_checked', "Wallet holder's name checked"],
    ['payment_channel.confirmed', 'Wallet confirmed'],
    ['allowance.submitted', 'Allowance submitted'],
    ['allowances.uploaded', 'Allowances uploaded in bulk'],
    ['allowance.uploaded', 'Allowance added by bulk upload'],
    ['allowances.upload_undone', 'Bulk upload undone'],
    ['allowance.approved', 'Allowance approved'],
    ['allowance.denied', 'Allowance denied'],
    ['allowance.paid', 'Allowance paid'],
    ['auth.signed_in', 'Signed in'],
    ['auth.sign_in_failed', 'Failed sign-in'],
    ['account.registered', 'Account registered'],
    ['account.created', 'Account created'],
    ['account.email_verified', 'Email verified'],
    ['account.password_reset', 'Password reset'],
    ['account.email_digest_changed', 'Daily summary switched on or off'],
    ['account.two_factor_enabled', 'Two-factor sign-in set up'],
    ['account.two_factor_disabled', 'Two-factor sign-in turned off'],
    ['settings.updated', 'System settings changed'],
    ['settings.reset', 'System settings reset to defaults'],
    ['landlord.created', 'Landlord added'],
    ['landlord.updated', 'Landlord updated'],
    ['landlord.deleted', 'Landlord deleted'],
    ['institution.created', 'Institution added'],
    ['institution.updated', 'Institution updated'],
    ['institution.deleted', 'Institution deleted'],
    ['yearbook.created', 'Yearbook created'],
    ['yearbook.updated', 'Yearbook updated'],
    ['yearbook.published', 'Yearbook published'],
    ['yearbook.deleted', 'Yearbook deleted'],
    ['yearbook_entry.submitted', 'Yearbook entry submitted'],
    ['yearbook_entry.resubmitted', 'Yearbook entry changed by its student'],
    ['yearbook_entry.created', 'Yearbook entry added'],
    ['yearbook_entry.updated', 'Yearbook entry updated'],
    ['yearbook_entry.approved', 'Yearbook entry approved'],
    ['yearbook_entry.rejected', 'Yearbook entry rejected'],
    ['yearbook_entry.deleted', 'Yearbook entry deleted'],
    ['memory_wall_post.created', 'Memory shared'],
    ['impact_story.created', 'Story added'],
    ['impact_story.updated', 'Story updated'],
    ['impact_story.approved', 'Story approved'],
    ['impact_story.unapproved', 'Story unapproved'],
    ['impact_story.featured', 'Story featured'],
    ['impact_story.unfeatured', 'Story removed from featured'],
    ['impact_story.deleted', 'Story deleted'],
    ['story_category.created', 'Story category added'],
    ['story_category.updated', 'Story category updated'],
    ['story_category.deleted', 'Story category removed'],
    ['task.created', 'Task added'],
    ['task.updated', 'Task updated'],
    ['task.moved', 'Task moved'],
    ['task.completed', 'Task completed'],
    ['task.deleted', 'Task deleted'],
    ['issue.reported', 'Issue reported'],
    ['issue.updated', 'Issue updated'],
    ['issue.started', 'Issue work started'],
    ['issue.resolved', 'Issue resolved'],
    ['issue.closed', 'Issue closed'],
    ['issue.reopened', 'Issue reopened'],
    ['issue.commented', 'Issue comment'],
    ['issue.deleted', 'Issue deleted'],
    ['form.created', 'Form started'],
    ['form.updated', 'Form updated'],
    ['form.completed', 'Form completed'],
    ['form.reviewed', 'Form reviewed'],
    ['form.deleted', 'Form deleted'],
    ['file.uploaded', 'Student file uploaded'],
    ['file.deleted', 'Student file deleted'],
    ['library.created', 'Library resource added'],
    ['library.updated', 'Library resource updated'],
    ['library.deleted', 'Library resource deleted'],
    ['announcement.created', 'Announcement posted'],
    ['announcement.updated', 'Announcement updated'],
    ['announcement.deleted', 'Announcement deleted'],
    ['event.created', 'Event added'],
    ['event.updated', 'Event updated'],
    ['event.deleted', 'Event deleted'],
    ['account.invited', 'Account invited'],
    ['account.invitation_accepted', 'Invitation accepted'],
    ['account.updated', 'Account updated'],
    ['account.role_changed', 'Role changed'],
    ['account.profile_updated', 'Own profile updated'],
    ['account.password_changed', 'Password changed'],
    ['role_request.requested', 'Role requested'],
    ['role_request.granted', 'Role request granted'],
    ['role_request.declined', 'Role request declined'],
    ['backup.created', 'Backup made'],
    ['backup.deleted', 'Backup deleted'],
    ['backup.restored', 'Backup restored'],
  ].map(([value, label]) => ({ value: value!, label: label! })),
];
