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
