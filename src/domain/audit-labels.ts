import { ALLOWANCE_FIELD_LABELS, APPROVAL_STAGE_LABELS } from './allowance-stages';
import {
  ANNOUNCEMENT_FIELD_LABELS,
  ANNOUNCEMENT_PRIORITY_LABELS,
  ANNOUNCEMENT_TYPE_LABELS,
  AUDIENCE_LABELS,
} from './announcements';
import { HIDDEN_VALUE } from './audit';
import {
  ISSUE_FIELD_LABELS,
  ISSUE_STATUS_LABELS,
  TASK_CATEGORY_LABELS,
  TASK_FIELD_LABELS,
  TASK_STATUS_LABELS,
} from './case-work';
import { INSTITUTION_FIELD_LABELS, LANDLORD_FIELD_LABELS } from './corporate';
import { DELEGATION_FIELD_LABELS } from './delegations';
import { EVENT_FIELD_LABELS, EVENT_STATUS_LABELS, EVENT_TYPE_LABELS } from './events';
import { FORM_FIELD_LABELS, FORM_STATUS_LABELS, FORM_TYPE_LABELS } from './forms';
import { IMPACT_STORY_FIELD_LABELS, STORY_CATEGORY_FIELD_LABELS } from './impact-stories';
import { LIBRARY_FIELD_LABELS, RESOURCE_CATEGORY_LABELS, RESOURCE_TYPE_LABELS } from './library';
import { PAYMENT_BATCH_FIELD_LABELS, PAYMENT_BATCH_STATUS_LABELS } from './payment-batches';
import { roleTitle } from './roles';
import { BACKUP_FIELD_LABELS, SETTING_LABELS } from './settings';
import { STUDENT_FILE_FIELD_LABELS } from './student-files';
import { PROGRAM_LEVEL_LABELS, PROGRAM_STATUS_LABELS, STUDENT_FIELD_LABELS } from './students';
import { ACCOUNT_FIELD_LABELS, ROLE_REQUEST_FIELD_LABELS } from './users';
import { MEMORY_FIELD_LABELS, YEARBOOK_ENTRY_FIELD_LABELS, YEARBOOK_FIELD_LABELS } from './yearbook';

/**
 * The audit trail in the words of the screens (docs/product.md D15). Stored entries never change,
 * so they keep the records' own field names and codes; these name them when they are shown. Each
 * area keeps its field labels beside its other labels; this gathers them by kind of record.
 */

/** Every kind of record the trail holds, as the Activity Log's filter names it. */
export const AUDIT_RECORD_KIND_LABELS = {
  student: 'Students',
  allowance: 'Allowances',
  payment_batch: 'Payment batches',
  delegation: 'Approval delegations',
  account: 'Accounts and sign-ins',
  landlord: 'Landlords',
  institution: 'Institutions',
  task: 'Tasks',
  issue: 'Issues',
  form: 'Forms',
  file: 'Student files',
  announcement: 'Announcements',
  event: 'Events',
  library_resource: 'Library resources',
  yearbook: 'Yearbooks',
  yearbook_entry: 'Yearbook entries',
  memory_wall_post: 'Memory wall posts',
  impact_story: 'Impact stories',
  story_category: 'Story categories',
  settings: 'System settings',
  backup: 'Backups',
} as const;
export type AuditRecordKind = keyof typeof AUDIT_RECORD_KIND_LABELS;
export const AUDIT_RECORD_KINDS = Object.keys(AUDIT_RECORD_KIND_LABELS) as [
  AuditRecordKind,
  ...AuditRecordKind[],
];

/** The fields each kind of record's entries name, with their labels. */
export const AUDIT_FIELD_LABELS: Record<AuditRecordKind, Readonly<Record<string, string>>> = {
  student: STUDENT_FIELD_LABELS,
  allowance: ALLOWANCE_FIELD_LABELS,
  payment_batch: PAYMENT_BATCH_FIELD_LABELS,
  delegation: DELEGATION_FIELD_LABELS,
  // An account's entries are about the account or about a role it asked for.
  account: { ...ROLE_REQUEST_FIELD_LABELS, ...ACCOUNT_FIELD_LABELS },
  landlord: LANDLORD_FIELD_LABELS,
  institution: INSTITUTION_FIELD_LABELS,
  task: TASK_FIELD_LABELS,
  issue: ISSUE_FIELD_LABELS,
  form: FORM_FIELD_LABELS,
  file: STUDENT_FILE_FIELD_LABELS,
  announcement: ANNOUNCEMENT_FIELD_LABELS,
  event: EVENT_FIELD_LABELS,
  library_resource: LIBRARY_FIELD_LABELS,
  yearbook: YEARBOOK_FIELD_LABELS,
  yearbook_entry: YEARBOOK_ENTRY_FIELD_LABELS,
  memory_wall_post: MEMORY_FIELD_LABELS,
  impact_story: IMPACT_STORY_FIELD_LABELS,
  story_category: STORY_CATEGORY_FIELD_LABELS,
  settings: SETTING_LABELS,
  backup: BACKUP_FIELD_LABELS,
};

/** Fields most records carry; a record's own label comes first. */
const COMMON_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  created_at: 'Created at',
  updated_at: 'Updated at',
  full_name: 'Full name',
  // Kept by the database for the lists (docs/decisions/002); a record read back whole carries them.
  list_item: 'List entry',
  directory_item: 'Directory entry',
  search_text: 'Search text',
};

/** The label a field has, or none: the fallback below is for entries older than a rename. */
export function labelledField(kind: string, field: string): string | undefined {
  return (
    (AUDIT_FIELD_LABELS as Record<string, Readonly<Record<string, string>> | undefined>)[kind]?.[field] ??
    COMMON_FIELD_LABELS[field]
  );
}

const ACRONYMS: Record<string, string> = {
  dpm: 'deputy manager',
  flmi: 'FLMI advisor',
  pm: 'program manager',
  id: 'ID',
};

/**
 * A field's label. A field no area has labelled yet (an entry older than a rename) still reads as
 * words: 'dpm_approved_by_id' -> 'Deputy manager approved by', 'security.sessionTimeout' ->
 * 'Security session timeout'.
 */
export function auditFieldLabel(kind: string, field: string): string {
  const labelled = labelledField(kind, field);
  if (labelled) return labelled;
  const words = field
    .replace(/_id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .split(/[_.]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase())
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A kind of record as the filter names it; an unknown kind as words. */
export function auditRecordKindLabel(kind: string): string {
  return (AUDIT_RECORD_KIND_LABELS as Record<string, string>)[kind] ?? auditFieldLabel('', kind);
}

// Codes stored in a field, in the words the screens use for them.
const STAGE_WORDS: Record<string, string> = {
  ...APPROVAL_STAGE_LABELS,
  dpm_review: APPROVAL_STAGE_LABELS.pending_dpm,
  flmi_review: APPROVAL_STAGE_LABELS.pending_flmi,
  pm_review: APPROVAL_STAGE_LABELS.pending_pm,
};
const VALUE_WORDS: Partial<Record<AuditRecordKind, Record<string, Readonly<Record<string, string>>>>> = {
  student: { program_level: PROGRAM_LEVEL_LABELS, program_status: PROGRAM_STATUS_LABELS },
  allowance: {
    approval_stage: STAGE_WORDS,
    rejected_at_stage: STAGE_WORDS,
    program_level: PROGRAM_LEVEL_LABELS,
  },
  payment_batch: { status: PAYMENT_BATCH_STATUS_LABELS },
  task: { status: TASK_STATUS_LABELS, category: TASK_CATEGORY_LABELS },
  issue: { status: ISSUE_STATUS_LABELS },
  form: { type: FORM_TYPE_LABELS, status: FORM_STATUS_LABELS },
  announcement: {
    type: ANNOUNCEMENT_TYPE_LABELS,
    priority: ANNOUNCEMENT_PRIORITY_LABELS,
    target_audience: AUDIENCE_LABELS,
  },
  event: { type: EVENT_TYPE_LABELS, status: EVENT_STATUS_LABELS },
  library_resource: { type: RESOURCE_TYPE_LABELS, category: RESOURCE_CATEGORY_LABELS },
};
const ROLE_FIELDS = new Set(['role', 'user_role', 'requested_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value before or after a change as people read it: stages, statuses and roles in the screens'
 * words, a person or record by the name `names` gives its id, yes/no, and '—' for nothing.
 */
export function auditValueText(
  kind: string,
  field: string,
  value: string | number | boolean | null,
  names: Readonly<Record<string, string>> = {},
): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' || value === HIDDEN_VALUE) return String(value);
  if (UUID.test(value)) return names[value] ?? value;
  if (ROLE_FIELDS.has(field)) return roleTitle(value);
  if (kind === 'delegation' && field === 'stages') return stageList(value);
  const words = VALUE_WORDS[kind as AuditRecordKind]?.[field];
  return words?.[value] ?? value;
}

/** A delegation's stages, stored as a JSON list of codes. */
function stageList(value: string): string {
  try {
    const stages = JSON.parse(value) as unknown;
    if (Array.isArray(stages)) return stages.map((s) => STAGE_WORDS[String(s)] ?? String(s)).join(', ');
  } catch {
    // Not a list: shown as it is.
  }
  return value;
}
