import { z } from 'zod';
import type { ReviewStage } from '../domain/allowances';
import { isIsoDate } from '../domain/dates';
import { DELEGATION_MESSAGES, DELEGATION_REASON_MAX } from '../domain/delegations';
import { ROLES } from '../domain/roles';
import { PageQuerySchema, pagedResponseSchema } from './common';

/*
 * Delegation of approvals (docs/product.md D21): `/api/delegations`. Days are programme days
 * (YYYY-MM-DD, System Settings' time zone), both ends included.
 */

const REVIEW_STAGE_VALUES = [
  'pending_dpm',
  'pending_flmi',
  'pending_pm',
] as const satisfies readonly ReviewStage[];

export const DELEGATION_STATES = ['upcoming', 'active', 'ended', 'revoked'] as const;

export const DelegationSchema = z
  .object({
    id: z.string(),
    delegator_id: z.string(),
    delegator_name: z.string(),
    delegator_staff_id: z.string().nullable(),
    delegate_id: z.string(),
    delegate_name: z.string(),
    delegate_staff_id: z.string().nullable(),
    /** The review stages handed over: those the delegator's role decided when it was made. */
    stages: z.array(z.enum(REVIEW_STAGE_VALUES)),
    /** First day, YYYY-MM-DD (programme time zone). */
    starts_on: z.string(),
    /** Last day, included. */
    ends_on: z.string(),
    reason: z.string(),
    /** Where it stands today. */
    state: z.enum(DELEGATION_STATES),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
    revoked_by_name: z.string().nullable(),
  })
  .meta({ id: 'Delegation' });
export type Delegation = z.infer<typeof DelegationSchema>;

const day = (message: string) => z.string({ message }).trim().refine(isIsoDate, { message });

/** Delegate my approvals: to whom, from which day to which day, and why. */
export const CreateDelegationRequestSchema = z
  .object({
    delegate_id: z
      .string({ message: DELEGATION_MESSAGES.delegateRequired })
      .trim()
      .min(1, DELEGATION_MESSAGES.delegateRequired)
      .max(100, DELEGATION_MESSAGES.delegateNotFound),
    starts_on: day(DELEGATION_MESSAGES.startsOnRequired),
    ends_on: day(DELEGATION_MESSAGES.endsOnRequired),
    reason: z
      .string({ message: DELEGATION_MESSAGES.reasonRequired })
      .trim()
      .min(1, DELEGATION_MESSAGES.reasonRequired)
      .max(DELEGATION_REASON_MAX, `Must be at most ${DELEGATION_REASON_MAX} characters`),
  })
  .superRefine((v, ctx) => {
    if (isIsoDate(v.starts_on) && isIsoDate(v.ends_on) && v.ends_on < v.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: DELEGATION_MESSAGES.endsBeforeStart });
  })
  .meta({ id: 'CreateDelegationRequest' });
export type CreateDelegationRequest = z.input<typeof CreateDelegationRequestSchema>;
export type CreateDelegationInput = z.output<typeof CreateDelegationRequestSchema>;

/**
 * `scope`: mine (given and received, the default) or everyone (admins only); `status`: current
 * (active or upcoming, the default), active (today), or all.
 */
export const DelegationListQuerySchema = PageQuerySchema.extend({
  scope: z.enum(['mine', 'everyone'], { message: "scope must be 'mine' or 'everyone'" }).default('mine'),
  status: z
    .enum(['current', 'active', 'all'], { message: "status must be 'current', 'active' or 'all'" })
    .default('current'),
});
export type DelegationListQuery = z.input<typeof DelegationListQuerySchema>;
export type DelegationListFilter = z.output<typeof DelegationListQuerySchema>;

export const DelegationListResponseSchema = pagedResponseSchema(DelegationSchema).meta({
  id: 'DelegationList',
});
export type DelegationListResponse = z.infer<typeof DelegationListResponseSchema>;

export const EligibleDelegateSchema = z.object({
  id: z.string(),
  name: z.string(),
  staff_id: z.string().nullable(),
  role: z.enum(ROLES),
});
export type EligibleDelegate = z.infer<typeof EligibleDelegateSchema>;

/** The stages the caller would hand over, and the active accounts whose role decides them all. */
export const EligibleDelegatesResponseSchema = z
  .object({
    stages: z.array(z.enum(REVIEW_STAGE_VALUES)),
    items: z.array(EligibleDelegateSchema),
  })
  .meta({ id: 'EligibleDelegates' });
export type EligibleDelegatesResponse = z.infer<typeof EligibleDelegatesResponseSchema>;
