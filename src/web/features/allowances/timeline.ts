/**
 * The approval timeline of the Allowance Details modal (docs/product.md §2, §4): Submitted, then each review
 * step the domain says is visible (FLMI only once the deputy manager approved, PM only once FLMI
 * approved), then Payment once the programme manager approved. Pure, so it is unit-tested.
 */
import type { Allowance } from '../../../contracts/allowances';
import type { ReviewStep } from '../../../domain/allowance-stages';
import { REVIEW_STEP_RULES, visibleReviewSteps } from '../../../domain/allowances';
import { onBehalfText } from '../../../domain/delegations';
import { dayOf } from '../../lib/format';

export type TimelineStepKey = 'submitted' | ReviewStep | 'payment';

/** complete: done (approved, submitted, paid); rejected: denied here; current: waiting for this step. */
export type TimelineStatus = 'complete' | 'rejected' | 'current';

export interface TimelineStep {
  key: TimelineStepKey;
  title: string;
  status: TimelineStatus;
  /** Who acted (submitter, approver, payer); null while waiting. */
  actor: string | null;
  /** Whose decision a delegate took (docs/product.md D21): "by {actor} on behalf of {onBehalfOf}". */
  onBehalfOf?: string | null;
  /** YYYY-MM-DD (Africa/Lusaka); null while waiting. */
  date: string | null;
  /** The decision comment (or the submission notes); null when none. */
  comment: string | null;
  /** What the step waits for, while current. */
  waitingFor: string | null;
}

/** The review steps take the domain's labels, so the timeline, the activity and the trail agree. */
export const TIMELINE_TITLES: Record<TimelineStepKey, string> = {
  submitted: 'Submitted',
  dpm_review: REVIEW_STEP_RULES.pending_dpm.label,
  flmi_review: REVIEW_STEP_RULES.pending_flmi.label,
  pm_review: REVIEW_STEP_RULES.pending_pm.label,
  payment: 'Payment',
};

const WAITING_FOR: Record<ReviewStep | 'payment', string> = {
  dpm_review: "Awaiting the deputy manager's decision",
  flmi_review: "Awaiting the FLMI advisor's decision",
  pm_review: "Awaiting the program manager's decision",
  payment: 'Approved; awaiting payment by an admin',
};

type TimelineSource = Pick<
  Allowance,
  | 'approval_stage'
  | 'submitted_by'
  | 'submitted_date'
  | 'flmi_comments'
  | 'dpm_status'
  | 'dpm_approved_by'
  | 'dpm_approved_date'
  | 'dpm_comments'
  | 'dpm_on_behalf_of'
  | 'flmi_status'
  | 'flmi_approved_by'
  | 'flmi_approved_date'
  | 'flmi_step_comments'
  | 'flmi_on_behalf_of'
  | 'pm_status'
  | 'pm_approved_by'
  | 'pm_approved_date'
  | 'pm_comments'
  | 'pm_on_behalf_of'
  | 'paid_by'
  | 'paid_date'
>;

function reviewFields(a: TimelineSource, step: ReviewStep) {
  switch (step) {
    case 'dpm_review':
      return {
        status: a.dpm_status,
        by: a.dpm_approved_by,
        date: a.dpm_approved_date,
        comment: a.dpm_comments,
        onBehalfOf: a.dpm_on_behalf_of,
      };
    case 'flmi_review':
      return {
        status: a.flmi_status,
        by: a.flmi_approved_by,
        date: a.flmi_approved_date,
        comment: a.flmi_step_comments,
        onBehalfOf: a.flmi_on_behalf_of,
      };
    case 'pm_review':
      return {
        status: a.pm_status,
        by: a.pm_approved_by,
        date: a.pm_approved_date,
        comment: a.pm_comments,
        onBehalfOf: a.pm_on_behalf_of,
      };
  }
}

/** The steps to draw, in order. */
export function allowanceTimeline(a: TimelineSource): TimelineStep[] {
  const steps: TimelineStep[] = [
    {
      key: 'submitted',
      title: TIMELINE_TITLES.submitted,
      status: 'complete',
      actor: a.submitted_by,
      date: dayOf(new Date(a.submitted_date)),
      comment: a.flmi_comments?.trim() || null,
      waitingFor: null,
    },
  ];

  for (const step of visibleReviewSteps(a)) {
    const f = reviewFields(a, step);
    const decided = f.status === 'approved' || f.status === 'denied';
    steps.push({
      key: step,
      title: TIMELINE_TITLES[step],
      status: f.status === 'approved' ? 'complete' : f.status === 'denied' ? 'rejected' : 'current',
      actor: decided ? f.by : null,
      // Only a delegate's step carries it: other steps keep the shape they always had.
      ...(decided && f.onBehalfOf ? { onBehalfOf: f.onBehalfOf } : {}),
      date: decided ? f.date : null,
      comment: decided ? f.comment?.trim() || null : null,
      waitingFor: decided ? null : WAITING_FOR[step],
    });
    // Nothing follows a step that is still open or was denied.
    if (!decided || f.status === 'denied') return steps;
  }

  if (a.pm_status === 'approved') {
    const paid = a.approval_stage === 'paid';
    steps.push({
      key: 'payment',
      title: TIMELINE_TITLES.payment,
      status: paid ? 'complete' : 'current',
      actor: paid ? a.paid_by : null,
      date: paid ? a.paid_date : null,
      comment: null,
      waitingFor: paid ? null : WAITING_FOR.payment,
    });
  }
  return steps;
}

export interface RejectionSummary {
  /** The step where it was denied, e.g. 'FLMI Advisor Review'. */
  step: string;
  reason: string;
  by: string | null;
  date: string | null;
}

/** Where, why, by whom and when a rejected allowance was denied; null unless rejected. */
export function rejectionSummary(
  a: Pick<
    Allowance,
    'approval_stage' | 'rejected_at_stage' | 'rejection_reason' | 'rejected_by' | 'rejected_date'
  > &
    Partial<Pick<Allowance, 'dpm_on_behalf_of' | 'flmi_on_behalf_of' | 'pm_on_behalf_of'>>,
): RejectionSummary | null {
  if (a.approval_stage !== 'rejected') return null;
  const onBehalfOf = a.rejected_at_stage
    ? { dpm_review: a.dpm_on_behalf_of, flmi_review: a.flmi_on_behalf_of, pm_review: a.pm_on_behalf_of }[
        a.rejected_at_stage
      ]
    : null;
  return {
    step: a.rejected_at_stage ? TIMELINE_TITLES[a.rejected_at_stage] : 'Review',
    reason: a.rejection_reason?.trim() || 'No reason was recorded.',
    by: a.rejected_by && onBehalfText(a.rejected_by, onBehalfOf),
    date: a.rejected_date,
  };
}
