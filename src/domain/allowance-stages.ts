/** The allowance's stages, programme levels and comment vocabulary (docs/product.md §3, §4). */
export const APPROVAL_STAGES = [
  'pending_dpm',
  'pending_flmi',
  'pending_pm',
  'approved',
  'rejected',
  'paid',
] as const;
export type ApprovalStage = (typeof APPROVAL_STAGES)[number];

export const APPROVAL_STAGE_LABELS: Record<ApprovalStage, string> = {
  pending_dpm: 'Pending Deputy Manager',
  pending_flmi: 'Pending FLMI Advisor',
  pending_pm: 'Pending Program Manager',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};

export const ALLOWANCE_PROGRAM_LEVELS = ['launch_year', 'university', 'college'] as const;
export type AllowanceProgramLevel = (typeof ALLOWANCE_PROGRAM_LEVELS)[number];

/** The review steps as comments and rejections name them. */
export const REVIEW_STEPS = ['dpm_review', 'flmi_review', 'pm_review'] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];

export const COMMENT_STAGES = [...REVIEW_STEPS, 'payment'] as const;
export type CommentStage = (typeof COMMENT_STAGES)[number];

export const COMMENT_ACTIONS = ['submission', 'approved', 'denied', 'paid'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

export const STEP_DECISIONS = ['approved', 'denied'] as const;
export type StepDecision = (typeof STEP_DECISIONS)[number];

/** The fields of an allowance as its History and the Activity Log name them (domain/audit-labels.ts). */
export const ALLOWANCE_FIELD_LABELS: Readonly<Record<string, string>> = {
  student_id: 'Student',
  student_name: 'Student name',
  month: 'Month',
  month_number: 'Month number',
  year: 'Year',
  program_level: 'Program level',
  stipend: 'Stipend',
  medical: 'Medical',
  transportation: 'Transportation',
  school_supplies: 'School supplies',
  accommodation: 'Accommodation',
  total: 'Total',
  approval_stage: 'Approval stage',
  submitted_by: 'Submitted by',
  submitted_by_id: 'Submitted by',
  submitted_date: 'Submitted date',
  dpm_approved_by: 'Deputy manager approved by',
  dpm_approved_by_id: 'Deputy manager approved by',
  dpm_approved_date: 'Deputy manager approved date',
  dpm_status: 'Deputy manager status',
  dpm_comments: 'Deputy manager comments',
  dpm_on_behalf_of: 'Deputy manager on behalf of',
  dpm_on_behalf_of_id: 'Deputy manager on behalf of',
  flmi_approved_by: 'FLMI advisor approved by',
  flmi_approved_by_id: 'FLMI advisor approved by',
  flmi_approved_date: 'FLMI advisor approved date',
  flmi_status: 'FLMI advisor status',
  flmi_comments: 'FLMI advisor comments',
  flmi_on_behalf_of: 'FLMI advisor on behalf of',
  flmi_on_behalf_of_id: 'FLMI advisor on behalf of',
  pm_approved_by: 'Program manager approved by',
  pm_approved_by_id: 'Program manager approved by',
  pm_approved_date: 'Program manager approved date',
  pm_status: 'Program manager status',
  pm_comments: 'Program manager comments',
  pm_on_behalf_of: 'Program manager on behalf of',
  pm_on_behalf_of_id: 'Program manager on behalf of',
  rejection_reason: 'Rejection reason',
  rejected_at_stage: 'Rejected at stage',
  rejected_by: 'Rejected by',
  rejected_date: 'Rejected date',
  paid_by: 'Paid by',
  paid_by_id: 'Paid by',
  paid_date: 'Paid date',
  submission_notes: 'Submission notes',
  flmz_comments: 'FLMZ comments',
  written_by_upload: 'Written by the upload',
  // Recorded with a step, beside the allowance's own fields.
  comment: 'Comment',
  payment_batch: 'Payment batch',
};
