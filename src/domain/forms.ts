/**
 * Forms Management (docs/product.md §2, §3, §4, D11, D12): the home visits, care calls and
 * discharges officers record about their students. Each type has its own fields, described here
 * once so the form on screen, the server's checks and the printable PDF agree.
 */
import { hasRoleRank } from './roles';

export const FORM_TYPES = ['home_visit', 'care_call', 'discharge'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_TYPE_LABELS: Record<FormType, string> = {
  home_visit: 'Home Visit',
  care_call: 'Care Call',
  discharge: 'Discharge',
};

export const FORM_STATUSES = ['draft', 'completed', 'reviewed'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const FORM_STATUS_LABELS: Record<FormStatus, string> = {
  draft: 'Draft',
  completed: 'Completed',
  reviewed: 'Reviewed',
};

export const DISCHARGE_REASONS = [
  'graduated',
  'completed_programme',
  'withdrew',
  'transferred',
  'dismissed',
  'other',
] as const;
export const DISCHARGE_REASON_LABELS: Record<(typeof DISCHARGE_REASONS)[number], string> = {
  graduated: 'Graduated',
  completed_programme: 'Completed the programme',
  withdrew: 'Withdrew',
  transferred: 'Transferred',
  dismissed: 'Dismissed',
  other: 'Other',
};

/** One field of a form type: how it is filled in, and whether completing the form needs it. */
export type FormFieldSpec = {
  key: string;
  label: string;
  required: boolean;
  hint?: string;
} & (
  | { kind: 'text'; max: number }
  | { kind: 'longtext'; max: number }
  | { kind: 'number'; min: number; max: number; unit: string }
  | { kind: 'rating'; min: 1; max: 5 }
  | { kind: 'choice'; choices: readonly string[]; labels: Record<string, string> }
);

const LONG = 4000;

export const FORM_FIELDS: Record<FormType, readonly FormFieldSpec[]> = {
  home_visit: [
    {
      key: 'people_present',
      label: 'People present',
      kind: 'text',
      max: 300,
      required: true,
      hint: 'Who was at the visit, e.g. the student, their mother and a younger brother',
    },
    { key: 'living_conditions', label: 'Living conditions', kind: 'longtext', max: LONG, required: true },
    { key: 'concerns', label: 'Concerns', kind: 'longtext', max: LONG, required: false },
    { key: 'follow_up_actions', label: 'Follow-up actions', kind: 'longtext', max: LONG, required: true },
  ],
  care_call: [
    {
      key: 'person_called',
      label: 'Who was called',
      kind: 'text',
      max: 200,
      required: true,
      hint: 'The student, or a guardian with their relationship',
    },
    {
      key: 'duration_minutes',
      label: 'Duration',
      kind: 'number',
      min: 1,
      max: 600,
      unit: 'minutes',
      required: true,
    },
    { key: 'topics', label: 'Topics discussed', kind: 'longtext', max: LONG, required: true },
    {
      key: 'wellbeing_rating',
      label: 'Wellbeing rating',
      kind: 'rating',
      min: 1,
      max: 5,
      required: true,
      hint: '1 is very poor, 5 is very good',
    },
    { key: 'follow_up', label: 'Follow-up', kind: 'longtext', max: LONG, required: false },
  ],
  discharge: [
    {
      key: 'reason',
      label: 'Reason for discharge',
      kind: 'choice',
      choices: DISCHARGE_REASONS,
      labels: DISCHARGE_REASON_LABELS,
      required: true,
    },
    {
      key: 'final_status',
      label: 'Final status',
      kind: 'text',
      max: 300,
      required: true,
      hint: 'Where the student leaves the programme, e.g. graduated with a BSc in Nursing',
    },
    {
      key: 'exit_interview_notes',
      label: 'Exit interview notes',
      kind: 'longtext',
      max: LONG,
      required: true,
    },
    {
      key: 'handover',
      label: 'Handover',
      kind: 'longtext',
      max: LONG,
      required: true,
      hint: 'Documents, equipment and contacts handed over, and to whom',
    },
  ],
};

export type FormFieldValue = string | number;
export type FormFieldValues = Record<string, FormFieldValue>;

/** The most photos one home visit may carry, and the largest photo (resized on the phone first). */
export const MAX_FORM_PHOTOS = 20;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const FORM_MESSAGES = {
  notFound: 'Form not found',
  typeRequired: 'Please choose the type of form',
  studentRequired: 'Please select a student',
  studentNotFound: 'Student not found',
  dateRequired: 'Please enter the date',
  dateInFuture: 'The date cannot be in the future',
  typeFixed: 'The type of a form cannot be changed. Start a new form instead.',
  locked: 'A reviewed form is locked.',
  completedReadOnly: 'A completed form can be changed only by a deputy manager or an admin.',
  notYourDraft: 'Only its author, a deputy manager or an admin can change a draft.',
  alreadyCompleted: 'This form is already completed.',
  reviewOnlyCompleted: 'Only a completed form can be reviewed.',
  reviewRole: 'Only a deputy manager or an admin can review forms.',
  reviewNoteRequired: 'Please write a review note',
  completeFirst: 'Some required fields are empty. Fill them in to complete the form.',
  required: (label: string) => `${label} is required`,
  created: 'Form saved as a draft.',
  saved: 'Form saved.',
  completed: 'Form completed.',
  reviewed: 'Form reviewed.',
  deleted: 'Form deleted.',
  noneFound: 'No forms found...',
  idNotUuid: 'The form id must be a UUID',
  idTaken:
    'A different form was already saved with this id. Nothing was changed: send it with a new id, or open the saved form and edit it.',
  ifMatchRequired:
    'Send the version you edited as If-Match (the ETag of GET /api/forms/{id}), so that changes made meanwhile are not overwritten.',
  ifMatchMalformed: 'If-Match must be the ETag of GET /api/forms/{id}, such as "3".',
  photoIdNotUuid: 'Each photo id must be a UUID',
  photoIdsList: 'photo_ids must be a list of photo ids',
  tooManyPhotos: `A form may carry at most ${MAX_FORM_PHOTOS} photos`,
  photosOnlyHomeVisit: 'Only a home visit may carry photos',
  photoMissing: 'Upload each photo before the form that names it: this one has not been uploaded.',
  photoTooLarge: 'The photo is larger than 5 MB. Resize it and try again.',
  photoEmpty: 'The photo is empty.',
  photoNotImage: 'A photo must be a JPEG, PNG or WebP image.',
  photoIdTaken:
    'A different photo was already uploaded with this id. Nothing was changed: send it with a new id.',
  photoNotFound: 'Photo not found',
  chooseConflicts: 'Choose which value to keep for each field changed on both sides, then save again.',
  changedMeanwhile:
    'Someone else changed the same fields of this form meanwhile. Choose which value to keep for each, then save again.',
} as const;

/** Deputy managers and admins: they review forms and may change completed ones (D11). */
export const isFormManager = (role: string) => hasRoleRank(role, 'deputy_manager');

export interface FormActor {
  id: string;
  role: string;
}

export interface FormState {
  status: FormStatus;
  author_id: string | null;
}

/**
 * Why the actor may not change (edit or delete) the form, or null when they may: a reviewed form
 * is locked; a completed one is management's; a draft its author's and management's.
 */
export function formChangeRefusal(actor: FormActor, form: FormState): string | null {
  if (form.status === 'reviewed') return FORM_MESSAGES.locked;
  if (isFormManager(actor.role)) return null;
  if (form.status === 'completed') return FORM_MESSAGES.completedReadOnly;
  return form.author_id === actor.id ? null : FORM_MESSAGES.notYourDraft;
}

export const canChangeForm = (actor: FormActor, form: FormState) => formChangeRefusal(actor, form) === null;
export const canCompleteForm = (actor: FormActor, form: FormState) =>
  form.status === 'draft' && canChangeForm(actor, form);
export const canReviewForm = (actor: FormActor, form: FormState) =>
  form.status === 'completed' && isFormManager(actor.role);

const isEmpty = (value: FormFieldValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The required fields of the type left empty, as `{ 'fields.<key>': '<Label> is required' }`;
 * empty when the form may be completed.
 */
export function missingRequiredFields(type: FormType, values: FormFieldValues): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const field of FORM_FIELDS[type]) {
    if (field.required && isEmpty(values[field.key]))
      missing[`fields.${field.key}`] = FORM_MESSAGES.required(field.label);
  }
  return missing;
}

/** A value as a person reads it: a rating as '4 of 5', a choice by its label, minutes with the unit. */
export function formFieldText(field: FormFieldSpec, value: FormFieldValue | undefined): string {
  if (isEmpty(value)) return '';
  if (field.kind === 'choice') return field.labels[String(value)] ?? String(value);
  if (field.kind === 'rating') return `${value} of ${field.max}`;
  if (field.kind === 'number') return `${value} ${field.unit}`;
  return String(value);
}

/** The fields of a student form as its History and the Activity Log name them (domain/audit-labels.ts). */
export const FORM_FIELD_LABELS: Readonly<Record<string, string>> = {
  type: 'Type',
  student_id: 'Student',
  form_date: 'Form date',
  fields: 'Answers',
  status: 'Status',
  author_id: 'Author',
  completed_at: 'Completed at',
  reviewed_by_id: 'Reviewed by',
  reviewed_at: 'Reviewed at',
  review_note: 'Review note',
  version: 'Version',
};
