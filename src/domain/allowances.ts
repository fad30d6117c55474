/**
 * The allowance approval chain (docs/product.md §4, §6; docs/product.md D2, D5): one state machine that says who
 * may do what to an allowance at each stage, and what a decision changes. The server applies it;
 * the UI asks the same functions to show or hide buttons.
 */
import type {
  ApprovalStage,
  CommentAction,
  CommentStage,
  ReviewStep,
  StepDecision,
} from './allowance-stages';
import { lusakaDate } from './dates';

export type Decision = 'approve' | 'deny';
export const DECISIONS = ['approve', 'deny'] as const satisfies readonly Decision[];
export type AllowanceAction = Decision | 'pay';

/** Whoever acts: the signed-in user. */
export interface Actor {
  id: string;
  name: string;
  role: string;
  /**
   * The account whose decisions the user holds by a delegation active today (docs/product.md D21):
   * the step is recorded as taken by the user on behalf of this account.
   */
  onBehalfOf?: { id: string; name: string } | null;
}

/** An allowance as the server row (approvalStage) or the API response (approval_stage) has it. */
export type StageHolder = { approvalStage: ApprovalStage } | { approval_stage: ApprovalStage };

export function stageOf(allowance: StageHolder): ApprovalStage {
  return 'approvalStage' in allowance ? allowance.approvalStage : allowance.approval_stage;
}

export const ALLOWANCE_MESSAGES = {
  commentRequired: 'Please provide a comment for your decision.',
  noPermission: 'You do not have permission to approve at this stage.',
  payNotAllowed: 'Only an admin can mark an allowance as paid.',
  notAwaitingDecision: 'This allowance is not awaiting a decision.',
  payOnlyApproved: 'Only approved allowances can be marked as paid.',
  changedMeanwhile: 'This allowance was changed by someone else. Please reload it.',
  studentNotFound: 'Student not found',
  studentGone: 'This student no longer exists.',
  bulkStudentGone:
    'A student in this file was deleted while it was being saved, so nothing was saved. Please upload the file again.',
  notFound: 'Allowance not found',
  approvedEarlier:
    'You already approved this allowance at an earlier stage. Another account must decide this stage.',
  /** The same rule as approvedEarlier, said beside the allowance before anyone tries. */
  barredApprovedEarlier: 'You approved an earlier step, so another program officer decides this one.',
  paymentComment: 'Payment processed',
  submissionComment: 'Allowance submitted',
  /** Its bulk upload is still being written (or taken out again): nothing may change it meanwhile. */
  stillUploading: 'This allowance is still being uploaded. Try again in a moment.',
} as const;

/** The message refusing a second open allowance for a student and period (docs/product.md D5). */
export function duplicateAllowanceMessage(studentName: string, month: string, year: number): string {
  return `An allowance for ${studentName} for ${month} ${year} already exists.`;
}

export type ReviewStage = 'pending_dpm' | 'pending_flmi' | 'pending_pm';
export type StepPrefix = 'dpm' | 'flmi' | 'pm';

export interface ReviewStepRule {
  stage: ReviewStage;
  step: ReviewStep;
  prefix: StepPrefix;
  /** Where an approval moves the allowance. */
  next: ApprovalStage;
  /** Roles that decide at this step. */
  roles: readonly string[];
  /** How the decider's role is written in the comment log; null keeps the user's own role. */
  logRole: string | null;
  label: string;
}

export const REVIEW_STEP_RULES: Record<ReviewStage, ReviewStepRule> = {
  pending_dpm: {
    stage: 'pending_dpm',
    step: 'dpm_review',
    prefix: 'dpm',
    next: 'pending_flmi',
    roles: ['deputy_manager'],
    logRole: null,
    label: 'Deputy Manager Review',
  },
  pending_flmi: {
    stage: 'pending_flmi',
    step: 'flmi_review',
    prefix: 'flmi',
    next: 'pending_pm',
    roles: ['admin', 'program_officer'],
    logRole: 'flmi_advisor',
    label: 'FLMI Advisor Review',
  },
  pending_pm: {
    stage: 'pending_pm',
    step: 'pm_review',
    prefix: 'pm',
    next: 'approved',
    roles: ['admin', 'program_officer'],
    logRole: 'program_manager',
    label: 'Program Manager Review',
  },
};

export const REVIEW_STAGES = Object.keys(REVIEW_STEP_RULES) as ReviewStage[];

export function isReviewStage(stage: string): stage is ReviewStage {
  return stage in REVIEW_STEP_RULES;
}

const KNOWN_ROLES = ['user', 'student', 'program_officer', 'deputy_manager', 'admin'];

/**
 * The role the approval chain reads: an unknown (or missing) role counts as program_officer
 * (docs/product.md §6). `user` and `student` are known roles and decide nothing; the API refuses them
 * before they get here (docs/product.md D9).
 */
export function approvalRole(role: string | null | undefined): string {
  return role && KNOWN_ROLES.includes(role) ? role : 'program_officer';
}

/** The message refusing a delegate a stage whose delegator approved an earlier one (D21). */
export function delegatorApprovedEarlierMessage(delegatorName: string): string {
  return `${delegatorName} already approved this allowance at an earlier stage, so it cannot be decided on their behalf. Another account must decide this stage.`;
}

/** Who decides: the user's role, and when known their id and whom they act for. */
export type Decider = Pick<Actor, 'role'> & Partial<Pick<Actor, 'id' | 'onBehalfOf'>>;

const STEP_PREFIXES: readonly StepPrefix[] = ['dpm', 'flmi', 'pm'];

/**
 * The accounts that approved a step of the allowance: the approver, and the account they acted
 * for when a delegate took the step. Read from the row (camelCase), the API record (snake_case) or
 * a StageChange; a holder without these fields (a bare stage) has none.
 */
export function approversOf(allowance: StageHolder): string[] {
  const a = allowance as unknown as Record<string, unknown>;
  const ids: string[] = [];
  for (const p of STEP_PREFIXES) {
    const status = a[`${p}Status`] ?? a[`${p}_status`];
    if (status !== 'approved') continue;
    for (const id of [
      a[`${p}ApprovedById`] ?? a[`${p}_approved_by_id`],
      a[`${p}OnBehalfOfId`] ?? a[`${p}_on_behalf_of_id`],
    ])
      if (typeof id === 'string' && id) ids.push(id.toLowerCase());
  }
  return ids;
}

/** Who, by the two-stage rule, approved an earlier stage: the user, or the account they act for. */
export type TwoStageBar = { who: 'self' } | { who: 'principal'; name: string };

/**
 * The two-stage rule (docs/product.md §4, D21): nobody approves the same allowance at two stages,
 * as themselves or through a delegate. The user may not decide a stage after approving an earlier
 * one, and may not decide it on behalf of an account that approved an earlier one. Null when the
 * rule allows it. A decider without an id is not checked (the screen before the user is known).
 */
export function twoStageBar(allowance: StageHolder, user: Decider): TwoStageBar | null {
  if (!user.id) return null;
  const approvers = approversOf(allowance);
  if (approvers.length === 0) return null;
  if (approvers.includes(user.id.toLowerCase())) return { who: 'self' };
  const principal = user.onBehalfOf;
  if (principal && approvers.includes(principal.id.toLowerCase()))
    return { who: 'principal', name: principal.name };
  return null;
}

/** The message refusing a decision by the two-stage rule (the API's 403), or null when it allows it. */
export function twoStageRefusal(allowance: StageHolder, user: Decider): string | null {
  const bar = twoStageBar(allowance, user);
  if (!bar) return null;
  return bar.who === 'self' ? ALLOWANCE_MESSAGES.approvedEarlier : delegatorApprovedEarlierMessage(bar.name);
}

/**
 * Why a user whose role decides at the allowance's stage may not decide it now, in the words the
 * screen shows beside the allowance; null when they may, or when their role decides nothing here
 * (the timeline's "Awaiting …" then says it all). The same rule as the refusal above.
 */
export function decisionBarredReason(allowance: StageHolder, user: Decider): string | null {
  if (!roleDecides(allowance, user)) return null;
  const bar = twoStageBar(allowance, user);
  if (!bar) return null;
  return bar.who === 'self'
    ? ALLOWANCE_MESSAGES.barredApprovedEarlier
    : `${bar.name} approved an earlier step, so you may not decide this one on their behalf; another program officer decides it.`;
}

/** Whether the user's role decides at the allowance's stage (the two-stage rule aside). */
export function roleDecides(allowance: StageHolder, user: Pick<Actor, 'role'>): boolean {
  const stage = stageOf(allowance);
  return isReviewStage(stage) && REVIEW_STEP_RULES[stage].roles.includes(approvalRole(user.role));
}

/** Whether this user may approve or deny the allowance now: their role, and the two-stage rule. */
export function canDecide(allowance: StageHolder, user: Decider): boolean {
  return roleDecides(allowance, user) && twoStageRefusal(allowance, user) === null;
}

/** The decisions the user may take now: both or none (the UI's Approve and Deny buttons). */
export function allowedDecisions(allowance: StageHolder, user: Decider): Decision[] {
  return canDecide(allowance, user) ? [...DECISIONS] : [];
}

/** Mark as paid: admin only, on approved allowances. */
export function canPay(allowance: StageHolder, user: Pick<Actor, 'role'>): boolean {
  return stageOf(allowance) === 'approved' && approvalRole(user.role) === 'admin';
}

/** Every action the user may take now, for the row's buttons. */
export function allowedActions(allowance: StageHolder, user: Decider): AllowanceAction[] {
  const actions: AllowanceAction[] = allowedDecisions(allowance, user);
  if (canPay(allowance, user)) actions.push('pay');
  return actions;
}

/** The stages at which this role has something to do (the notification bell's "awaiting me"). */
export function stagesAwaitingRole(role: string): ApprovalStage[] {
  const r = approvalRole(role);
  const stages: ApprovalStage[] = REVIEW_STAGES.filter((s) => REVIEW_STEP_RULES[s].roles.includes(r));
  if (r === 'admin') stages.push('approved');
  return stages;
}

/** Column changes of one step, named like the allowance record's fields. */
export interface StageChange {
  approvalStage: ApprovalStage;
  dpmStatus?: StepDecision;
  dpmComments?: string;
  dpmApprovedBy?: string;
  dpmApprovedById?: string;
  dpmApprovedDate?: string;
  dpmOnBehalfOf?: string;
  dpmOnBehalfOfId?: string;
  flmiStatus?: StepDecision;
  flmiComments?: string;
  flmiApprovedBy?: string;
  flmiApprovedById?: string;
  flmiApprovedDate?: string;
  flmiOnBehalfOf?: string;
  flmiOnBehalfOfId?: string;
  pmStatus?: StepDecision;
  pmComments?: string;
  pmApprovedBy?: string;
  pmApprovedById?: string;
  pmApprovedDate?: string;
  pmOnBehalfOf?: string;
  pmOnBehalfOfId?: string;
  rejectionReason?: string;
  rejectedAtStage?: ReviewStep;
  rejectedBy?: string;
  rejectedDate?: string;
  paidBy?: string;
  paidById?: string;
  paidDate?: string;
}

/** The allowance_comments row a step writes. */
export interface CommentEntry {
  userId: string;
  userName: string;
  userRole: string;
  action: CommentAction;
  commentText: string;
  stage: CommentStage | null;
  /** The account a delegate decided for (D21); absent when acting as themselves. */
  onBehalfOf?: string;
}

export interface Transition {
  /** The stage the change was computed from: the update must still find it there. */
  from: ApprovalStage;
  to: ApprovalStage;
  changes: StageChange;
  comment: CommentEntry;
}

export type TransitionRefusal =
  | { reason: 'not_awaiting_decision'; message: string }
  | { reason: 'forbidden'; message: string }
  | { reason: 'comment_required'; message: string };

export type TransitionResult = ({ ok: true } & Transition) | ({ ok: false } & TransitionRefusal);

const refuse = (reason: TransitionRefusal['reason'], message: string): TransitionResult =>
  ({ ok: false, reason, message }) as TransitionResult;

/**
 * Approve or deny at the allowance's current step. Checks, in order: the allowance awaits a
 * decision, the user's role decides at this step, the two-stage rule (when the allowance carries
 * its approvers), the comment is not blank. A user acting for a delegator (`onBehalfOf`) is
 * recorded as the step's approver, with the delegator as whose decision it was (D21).
 */
export function decideAllowance(
  allowance: StageHolder,
  user: Actor,
  decision: Decision,
  comment: string,
  now: Date,
  /** The programme's time zone (System Settings), whose day the decision is dated. */
  timeZone?: string,
): TransitionResult {
  const from = stageOf(allowance);
  if (!isReviewStage(from)) return refuse('not_awaiting_decision', ALLOWANCE_MESSAGES.notAwaitingDecision);
  const rule = REVIEW_STEP_RULES[from];
  if (!roleDecides(allowance, user)) return refuse('forbidden', ALLOWANCE_MESSAGES.noPermission);
  const twoStage = twoStageRefusal(allowance, user);
  if (twoStage) return refuse('forbidden', twoStage);
  const text = comment.trim();
  if (!text) return refuse('comment_required', ALLOWANCE_MESSAGES.commentRequired);

  const today = lusakaDate(now, timeZone);
  const status: StepDecision = decision === 'approve' ? 'approved' : 'denied';
  const to: ApprovalStage = decision === 'approve' ? rule.next : 'rejected';
  const principal = user.onBehalfOf ?? null;
  const changes: StageChange = {
    approvalStage: to,
    ...stepFields(rule.prefix, { status, comments: text, by: user.name, byId: user.id, date: today }),
    ...(principal ? onBehalfFields(rule.prefix, principal) : {}),
  };
  if (decision === 'deny') {
    changes.rejectionReason = text;
    changes.rejectedAtStage = rule.step;
    changes.rejectedBy = user.name;
    changes.rejectedDate = today;
  }
  return {
    ok: true,
    from,
    to,
    changes,
    comment: {
      userId: user.id,
      userName: user.name,
      userRole: rule.logRole ?? approvalRole(user.role),
      action: status,
      commentText: text,
      stage: rule.step,
      ...(principal ? { onBehalfOf: principal.name } : {}),
    },
  };
}

function onBehalfFields(prefix: StepPrefix, principal: { id: string; name: string }): Partial<StageChange> {
  switch (prefix) {
    case 'dpm':
      return { dpmOnBehalfOf: principal.name, dpmOnBehalfOfId: principal.id };
    case 'flmi':
      return { flmiOnBehalfOf: principal.name, flmiOnBehalfOfId: principal.id };
    case 'pm':
      return { pmOnBehalfOf: principal.name, pmOnBehalfOfId: principal.id };
  }
}

interface StepFields {
  status: StepDecision;
  comments: string;
  by: string;
  byId: string;
  date: string;
}

function stepFields(prefix: StepPrefix, f: StepFields): Partial<StageChange> {
  switch (prefix) {
    case 'dpm':
      return {
        dpmStatus: f.status,
        dpmComments: f.comments,
        dpmApprovedBy: f.by,
        dpmApprovedById: f.byId,
        dpmApprovedDate: f.date,
      };
    case 'flmi':
      return {
        flmiStatus: f.status,
        flmiComments: f.comments,
        flmiApprovedBy: f.by,
        flmiApprovedById: f.byId,
        flmiApprovedDate: f.date,
      };
    case 'pm':
      return {
        pmStatus: f.status,
        pmComments: f.comments,
        pmApprovedBy: f.by,
        pmApprovedById: f.byId,
        pmApprovedDate: f.date,
      };
  }
}

/** Mark as paid: admin only, from approved only; logs 'Payment processed'. */
export function payAllowance(
  allowance: StageHolder,
  user: Actor,
  now: Date,
  /** The programme's time zone (System Settings), whose day the payment is dated. */
  timeZone?: string,
): TransitionResult {
  const from = stageOf(allowance);
  if (approvalRole(user.role) !== 'admin') return refuse('forbidden', ALLOWANCE_MESSAGES.payNotAllowed);
  if (from !== 'approved') return refuse('not_awaiting_decision', ALLOWANCE_MESSAGES.payOnlyApproved);
  return {
    ok: true,
    from,
    to: 'paid',
    changes: {
      approvalStage: 'paid',
      paidBy: user.name,
      paidById: user.id,
      paidDate: lusakaDate(now, timeZone),
    },
    comment: {
      userId: user.id,
      userName: user.name,
      userRole: approvalRole(user.role),
      action: 'paid',
      commentText: ALLOWANCE_MESSAGES.paymentComment,
      stage: 'payment',
    },
  };
}

/** The comment row written when an allowance is submitted. */
export function submissionComment(user: Actor, notes: string | null | undefined): CommentEntry {
  const text = notes?.trim();
  return {
    userId: user.id,
    userName: user.name,
    userRole: approvalRole(user.role),
    action: 'submission',
    commentText: text ? text : ALLOWANCE_MESSAGES.submissionComment,
    stage: null,
  };
}

/**
 * The review steps the details timeline shows: the FLMI step once the deputy manager approved,
 * the PM step once FLMI approved (docs/product.md §2).
 */
export function visibleReviewSteps(allowance: {
  dpm_status?: StepDecision | null;
  flmi_status?: StepDecision | null;
}): ReviewStep[] {
  const steps: ReviewStep[] = ['dpm_review'];
  if (allowance.dpm_status === 'approved') steps.push('flmi_review');
  if (allowance.dpm_status === 'approved' && allowance.flmi_status === 'approved') steps.push('pm_review');
  return steps;
}

/** Order of comment stages along the chain, to keep same-instant comments in flow order. */
export const COMMENT_FLOW_ORDER: Record<CommentStage | 'submission', number> = {
  submission: 0,
  dpm_review: 1,
  flmi_review: 2,
  pm_review: 3,
  payment: 4,
};
