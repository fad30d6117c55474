/**
 * Delegation of approvals (docs/product.md D21): an approver hands their allowance decisions to
 * another account, whose role decides at the same stages, for a span of programme days. Pure
 * rules; the server applies them, the screen asks them only to hide what it may not offer.
 */
import { APPROVAL_STAGE_LABELS } from './allowance-stages';
import { approvalRole, REVIEW_STAGES, REVIEW_STEP_RULES, type ReviewStage } from './allowances';
import { isIsoDate } from './dates';
import { roleLabel } from './roles';

export const DELEGATION_REASON_MAX = 500;
/** The longest a delegation may run, in days: a year covers any leave. */
export const DELEGATION_MAX_DAYS = 366;

export const DELEGATION_MESSAGES = {
  nothingToDelegate: 'You have no approval stages to delegate.',
  delegateRequired: 'Choose the account to delegate to.',
  notToSelf: 'You cannot delegate your approvals to yourself.',
  delegateNotFound: 'Choose an active account to delegate to.',
  startsOnRequired: 'Choose a valid start date.',
  endsOnRequired: 'Choose a valid end date.',
  startsInPast: 'The start date cannot be before today.',
  endsBeforeStart: 'The end date cannot be before the start date.',
  tooLong: `A delegation can last at most ${DELEGATION_MAX_DAYS} days.`,
  reasonRequired: 'Please give a reason for the delegation.',
  overlaps:
    'You already delegate your approvals for some of these days. Revoke that delegation first, or choose other dates.',
  notFound: 'Delegation not found',
  revokeNotAllowed: 'Only the person who delegated or an admin can revoke this delegation.',
  alreadyRevoked: 'This delegation has already been revoked.',
  alreadyEnded: 'This delegation has already ended.',
  everyoneAdminOnly: 'Only an admin can see every delegation.',
} as const;

/** The message refusing a delegate whose role does not decide at the stages handed over. */
export function ineligibleDelegateMessage(name: string, stages: readonly ReviewStage[]): string {
  const where = stages.map((s) => APPROVAL_STAGE_LABELS[s]).join(' and ');
  const roles = rolesDecidingAll(stages).map(roleLabel).join(' or ');
  const article = /^[aeiou]/i.test(roles) ? 'an' : 'a';
  return `${name} cannot decide allowances at ${where}: choose ${article} ${roles} account.`;
}

/** The review stages a role decides, which its holder may hand over (paying is not delegated). */
export function delegableStages(role: string): ReviewStage[] {
  const r = approvalRole(role);
  return REVIEW_STAGES.filter((s) => REVIEW_STEP_RULES[s].roles.includes(r));
}

/** The roles that decide at every one of the stages. */
export function rolesDecidingAll(stages: readonly ReviewStage[]): string[] {
  if (stages.length === 0) return [];
  return REVIEW_STEP_RULES[stages[0]!].roles.filter((role) =>
    stages.every((s) => REVIEW_STEP_RULES[s].roles.includes(role)),
  );
}

/** Whether an account of this role may receive these stages: its role decides at each of them. */
export function mayReceive(role: string, stages: readonly ReviewStage[]): boolean {
  return stages.length > 0 && rolesDecidingAll(stages).includes(approvalRole(role));
}

export interface DelegationPeriod {
  startsOn: string;
  endsOn: string;
  revokedAt?: Date | string | null;
}

export type DelegationState = 'upcoming' | 'active' | 'ended' | 'revoked';

/**
 * Where a delegation stands on a programme day (YYYY-MM-DD): active from its first day to its last,
 * both included, unless revoked. ISO dates compare as text.
 */
export function delegationState(d: DelegationPeriod, today: string): DelegationState {
  if (d.revokedAt) return 'revoked';
  if (today < d.startsOn) return 'upcoming';
  if (today > d.endsOn) return 'ended';
  return 'active';
}

export const isActiveOn = (d: DelegationPeriod, day: string) => delegationState(d, day) === 'active';

/** Whether two spans of days share a day (both ends included). */
export const periodsOverlap = (a: DelegationPeriod, b: DelegationPeriod) =>
  a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;

/** Whole days from one ISO date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type PeriodProblem = { field: 'starts_on' | 'ends_on'; message: string };

/**
 * What is wrong with the days asked for, if anything: real dates, not starting before today
 * (programme days), ending on or after the start, at most DELEGATION_MAX_DAYS long.
 */
export function periodProblem(startsOn: string, endsOn: string, today: string): PeriodProblem | null {
  if (!isIsoDate(startsOn)) return { field: 'starts_on', message: DELEGATION_MESSAGES.startsOnRequired };
  if (!isIsoDate(endsOn)) return { field: 'ends_on', message: DELEGATION_MESSAGES.endsOnRequired };
  if (startsOn < today) return { field: 'starts_on', message: DELEGATION_MESSAGES.startsInPast };
  if (endsOn < startsOn) return { field: 'ends_on', message: DELEGATION_MESSAGES.endsBeforeStart };
  if (daysBetween(startsOn, endsOn) + 1 > DELEGATION_MAX_DAYS)
    return { field: 'ends_on', message: DELEGATION_MESSAGES.tooLong };
  return null;
}

/** Who may revoke: the delegator, or an admin (whether it may still be revoked is its state's). */
export function canRevoke(d: { delegatorId: string }, user: { id: string; role: string }): boolean {
  return user.id === d.delegatorId || approvalRole(user.role) === 'admin';
}

/** "by X on behalf of Y" as the timeline and the audit trail write it. */
export const onBehalfText = (by: string, onBehalfOf: string | null | undefined) =>
  onBehalfOf ? `${by} on behalf of ${onBehalfOf}` : by;

/** The fields of an approval delegation as its History and the Activity Log name them (domain/audit-labels.ts). */
export const DELEGATION_FIELD_LABELS: Readonly<Record<string, string>> = {
  delegator_id: 'Delegator',
  delegate_id: 'Delegate',
  stages: 'Stages delegated',
  starts_on: 'Starts on',
  ends_on: 'Ends on',
  reason: 'Reason',
  revoked_at: 'Revoked at',
  revoked_by_id: 'Revoked by',
  delegate_name: 'Delegate',
  delegator_name: 'Delegator',
};
