import { z } from 'zod';
import {
  computeAllowanceAmounts,
  EXTRA_AMOUNT_FIELDS,
  parseAllowanceProgramLevel,
  parseAllowanceYear,
  ROW_MESSAGES,
  SUBMISSION_NOTES_MAX,
} from '../domain/allowance-rows';
import {
  ALLOWANCE_PROGRAM_LEVELS,
  APPROVAL_STAGES,
  COMMENT_ACTIONS,
  COMMENT_STAGES,
  REVIEW_STEPS,
  STEP_DECISIONS,
} from '../domain/allowance-stages';
import { ALLOWANCE_MESSAGES, type ReviewStage } from '../domain/allowances';
import { parseMonth } from '../domain/dates';
import { PageQuerySchema, pagedResponseSchema } from './common';
import { MoneySchema } from './dashboard';
import { ChannelSummarySchema } from './payment-channels';

/** An allowance's month, programme level and amounts, named alike in the template and the export. */
const ALLOWANCE_MONTH_AND_AMOUNT_COLUMNS = [
  'month',
  'year',
  'program_level',
  'stipend',
  ...EXTRA_AMOUNT_FIELDS,
] as const;

/** Columns of allowances_template.csv, in order (docs/product.md §9); the bulk upload reads the same names. */
export const ALLOWANCE_TEMPLATE_COLUMNS = [
  'student_id',
  'student_name',
  'chl_number',
  ...ALLOWANCE_MONTH_AND_AMOUNT_COLUMNS,
  'flmi_comments',
] as const;
export const ALLOWANCE_TEMPLATE_FILENAME = 'allowances_template.csv';
export const ALLOWANCE_EXPORT_FILENAME = 'allowances.csv';

/** Columns of GET /api/allowances/export.csv (for the bank). */
export const ALLOWANCE_EXPORT_COLUMNS = [
  'id',
  'student_id',
  'chl_number',
  'student_name',
  ...ALLOWANCE_MONTH_AND_AMOUNT_COLUMNS,
  'total',
  'approval_stage',
  'submitted_by',
  'submitted_date',
  'dpm_approved_by',
  'dpm_approved_date',
  'flmi_approved_by',
  'flmi_approved_date',
  'pm_approved_by',
  'pm_approved_date',
  'paid_by',
  'paid_date',
] as const;

const nullableText = z.string().nullable();
/**
 * Whose decision a delegate took (docs/product.md D21): the delegator's name or id; null when the
 * approver acted as themselves. Always sent; optional so records made before delegations still read.
 */
const onBehalfOf = z.string().nullable().optional();
const isoDate = z.string().nullable().describe('YYYY-MM-DD (Africa/Lusaka)');

/** An allowance with docs/product.md §3 field names. Money is an exact string with two places. */
export const AllowanceSchema = z
  .object({
    id: z.string(),
    student_id: z.string(),
    student_name: z.string(),
    month: z.string(),
    /** 1 for January ... 12 for December. */
    month_number: z.number().int(),
    year: z.number().int(),
    program_level: z.enum(ALLOWANCE_PROGRAM_LEVELS),
    stipend: MoneySchema,
    medical: MoneySchema,
    transportation: MoneySchema,
    school_supplies: MoneySchema,
    accommodation: MoneySchema,
    total: MoneySchema,
    approval_stage: z.enum(APPROVAL_STAGES),
    submitted_by: z.string(),
    submitted_by_id: nullableText,
    /** ISO timestamp. */
    submitted_date: z.string(),
    dpm_approved_by: nullableText,
    dpm_approved_by_id: nullableText,
    dpm_approved_date: isoDate,
    dpm_status: z.enum(STEP_DECISIONS).nullable(),
    dpm_comments: nullableText,
    dpm_on_behalf_of: onBehalfOf,
    dpm_on_behalf_of_id: onBehalfOf,
    flmi_approved_by: nullableText,
    flmi_approved_by_id: nullableText,
    flmi_approved_date: isoDate,
    flmi_status: z.enum(STEP_DECISIONS).nullable(),
    /** The FLMI advisor's decision comment. (`flmi_comments` is the submission's notes, as in the CSV.) */
    flmi_step_comments: nullableText,
    flmi_on_behalf_of: onBehalfOf,
    flmi_on_behalf_of_id: onBehalfOf,
    pm_approved_by: nullableText,
    pm_approved_by_id: nullableText,
    pm_approved_date: isoDate,
    pm_status: z.enum(STEP_DECISIONS).nullable(),
    pm_comments: nullableText,
    pm_on_behalf_of: onBehalfOf,
    pm_on_behalf_of_id: onBehalfOf,
    rejection_reason: nullableText,
    rejected_at_stage: z.enum(REVIEW_STEPS).nullable(),
    rejected_by: nullableText,
    rejected_date: isoDate,
    /** Notes sent with the submission (the CSV's flmi_comments column). */
    flmi_comments: nullableText,
    flmz_comments: nullableText,
    paid_by: nullableText,
    paid_by_id: nullableText,
    paid_date: isoDate,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Allowance' });
export type Allowance = z.infer<typeof AllowanceSchema>;

export const AllowanceCommentSchema = z
  .object({
    id: z.string(),
    allowance_id: z.string(),
    user_id: nullableText,
    user_name: z.string(),
    /** deputy_manager, flmi_advisor, program_manager, admin, program_officer... */
    user_role: z.string(),
    action: z.enum(COMMENT_ACTIONS),
    comment_text: z.string(),
    stage: z.enum(COMMENT_STAGES).nullable(),
    /** The account a delegate decided for (D21); null when the user acted as themselves. */
    on_behalf_of: onBehalfOf,
    created_at: z.string(),
  })
  .meta({ id: 'AllowanceComment' });
export type AllowanceComment = z.infer<typeof AllowanceCommentSchema>;

export const AllowanceDetailSchema = AllowanceSchema.extend({
  /** Oldest first. */
  comments: z.array(AllowanceCommentSchema),
}).meta({ id: 'AllowanceDetail' });
export type AllowanceDetail = z.infer<typeof AllowanceDetailSchema>;

/** One allowance as the user asking sees it (GET /api/allowances/{id}). */
export const AllowanceViewSchema = AllowanceDetailSchema.extend({
  /**
   * Why this user, whose role decides at the current stage, may not decide it: the two-stage rule
   * (they, or the account they hold the stage for today, approved an earlier stage). Null when they
   * may decide, or when their role decides nothing at this stage.
   */
  decision_barred_reason: z.string().nullable(),
  /** The student's primary payment channel, masked; null when the student has none. */
  payment_channel: ChannelSummarySchema.nullable(),
}).meta({ id: 'AllowanceView' });
export type AllowanceView = z.infer<typeof AllowanceViewSchema>;

export const AllowanceListQuerySchema = PageQuerySchema.extend({
  /** Matches the student name or the month, case-insensitively. */
  q: z.string().trim().max(200).optional(),
  /** One of the six stages; blank or 'all' for All Stages. */
  stage: z
    .union([z.enum(APPROVAL_STAGES), z.literal('all'), z.literal('')])
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
});
export type AllowanceListQuery = z.input<typeof AllowanceListQuerySchema>;

/** ZMW sums of totals per stage for the five tiles, following the search but not the stage filter. */
export const AllowanceSummarySchema = z.object({
  pending_dpm: MoneySchema,
  pending_flmi: MoneySchema,
  pending_pm: MoneySchema,
  approved: MoneySchema,
  paid: MoneySchema,
});
export type AllowanceSummary = z.infer<typeof AllowanceSummarySchema>;

export const AllowanceListResponseSchema = pagedResponseSchema(AllowanceSchema)
  .extend({ summary: AllowanceSummarySchema })
  .meta({ id: 'AllowanceList' });
export type AllowanceListResponse = z.infer<typeof AllowanceListResponseSchema>;

/** An amount as typed in a form or sent by a script: "1,500.50", "1500" or 1500. */
const AmountInput = z.union([z.string(), z.number()]).nullish();

/**
 * Add New Allowance. Totals, stage, submitter and dates are the server's: a `total` or
 * `approval_stage` in the body is ignored. launch_year programmes get 0 for the four other amounts.
 */
export const CreateAllowanceRequestSchema = z
  .object({
    student_id: z.string({ message: 'student_id is required' }).trim().min(1, 'student_id is required'),
    month: z
      .string({ message: ROW_MESSAGES.monthRequired })
      .trim()
      .min(1, ROW_MESSAGES.monthRequired)
      .refine((v) => parseMonth(v) !== null, ROW_MESSAGES.monthInvalid),
    year: z
      .union([z.number(), z.string()], { message: ROW_MESSAGES.yearRequired })
      .refine((v) => parseAllowanceYear(v) !== null, ROW_MESSAGES.yearRequired),
    /** Defaults to the student's programme level (diploma is paid as college). */
    program_level: z
      .string()
      .nullish()
      .refine((v) => !v || parseAllowanceProgramLevel(v) !== null, ROW_MESSAGES.programLevel),
    stipend: AmountInput,
    medical: AmountInput,
    transportation: AmountInput,
    school_supplies: AmountInput,
    accommodation: AmountInput,
    flmi_comments: z
      .string()
      .trim()
      .max(SUBMISSION_NOTES_MAX, ROW_MESSAGES.notesTooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((value, ctx) => {
    const level = (value.program_level && parseAllowanceProgramLevel(value.program_level)) || 'university';
    const amounts = computeAllowanceAmounts(level, {
      stipend: value.stipend,
      ...Object.fromEntries(EXTRA_AMOUNT_FIELDS.map((f) => [f, value[f]])),
    });
    if (!amounts.ok) ctx.addIssue({ code: 'custom', path: [amounts.field], message: amounts.message });
  })
  .meta({ id: 'CreateAllowanceRequest' });
export type CreateAllowanceRequest = z.input<typeof CreateAllowanceRequestSchema>;
export type CreateAllowanceInput = z.output<typeof CreateAllowanceRequestSchema>;

export const EXPECTED_STAGE_MESSAGES = {
  required:
    'expected_stage is required: the stage the allowance was at when you decided (it is refused with 409 if the allowance has moved on since)',
  invalid: `expected_stage must be one of: ${APPROVAL_STAGES.join(', ')}`,
} as const;

/**
 * The stage the screen showed. Required: without it, a second click or a colleague deciding at the
 * same moment would land on the next step (decided by the wrong person, with a comment meant for
 * another step). When the allowance has moved on, the answer is 409.
 */
const ExpectedStage = z.enum(APPROVAL_STAGES, {
  error: (issue) =>
    issue.input === undefined ? EXPECTED_STAGE_MESSAGES.required : EXPECTED_STAGE_MESSAGES.invalid,
});

/** Approve or deny at the current step, the one `expected_stage` names. */
export const AllowanceDecisionRequestSchema = z
  .object({
    decision: z.enum(['approve', 'deny'], { message: "decision must be 'approve' or 'deny'" }),
    comment: z
      .string({ message: ALLOWANCE_MESSAGES.commentRequired })
      .trim()
      .min(1, ALLOWANCE_MESSAGES.commentRequired)
      .max(2000, 'Must be at most 2000 characters'),
    expected_stage: ExpectedStage,
  })
  .meta({ id: 'AllowanceDecisionRequest' });
export type AllowanceDecisionRequest = z.infer<typeof AllowanceDecisionRequestSchema>;

/** Mark as paid; `expected_stage` as for decisions (only 'approved' can be paid). */
export const PayAllowanceRequestSchema = z
  .object({ expected_stage: ExpectedStage })
  .meta({ id: 'PayAllowanceRequest' });
export type PayAllowanceRequest = z.infer<typeof PayAllowanceRequestSchema>;

/** Result panel of a bulk upload: errors as 'Row N: message', in row order. */
export const BulkUploadResponseSchema = z
  .object({
    success: z.number().int(),
    failed: z.number().int(),
    errors: z.array(z.string()),
  })
  .meta({ id: 'AllowanceBulkUploadResult' });
export type BulkUploadResponse = z.infer<typeof BulkUploadResponseSchema>;

export const AwaitingAllowanceSchema = z.object({
  id: z.string(),
  student_name: z.string(),
  month: z.string(),
  year: z.number().int(),
  total: MoneySchema,
  approval_stage: z.enum(APPROVAL_STAGES),
  /** Set when it waits at a stage the user holds for someone (D21): that person's name. */
  on_behalf_of: onBehalfOf,
});
export type AwaitingAllowance = z.infer<typeof AwaitingAllowanceSchema>;

/** The notification bell: allowances the signed-in user may decide (or pay) now, latest 20. */
export const AwaitingMeResponseSchema = z
  .object({ count: z.number().int(), items: z.array(AwaitingAllowanceSchema) })
  .meta({ id: 'AllowancesAwaitingMe' });
export type AwaitingMeResponse = z.infer<typeof AwaitingMeResponseSchema>;

/** At most this many allowances in one bulk decision: ids sent, or allowances a filter matches. */
export const BULK_DECISION_MAX = 10_000;

const REVIEW_STAGE_NAMES = [
  'pending_dpm',
  'pending_flmi',
  'pending_pm',
] as const satisfies readonly ReviewStage[];

export const BULK_DECISION_MESSAGES = {
  idsOrFilter: 'Send the allowances to decide: either ids or filter.',
  notBoth: 'Send either ids or filter, not both.',
  noIds: 'Select at least one allowance.',
  idTooLong: 'An allowance id is at most 100 characters.',
  tooManyIds: `At most ${BULK_DECISION_MAX.toLocaleString('en')} allowances can be decided at once.`,
  tooManyMatches: `More than ${BULK_DECISION_MAX.toLocaleString('en')} allowances match this filter; at most ${BULK_DECISION_MAX.toLocaleString('en')} can be decided at once. Narrow the search or the stage.`,
  filterKeys: 'filter takes only q (the search) and stage, as the list does.',
  stageRequired:
    'expected_stage is required: the review stage you decide at (allowances no longer at it are skipped, not decided)',
  reviewStage: `expected_stage must be one of: ${REVIEW_STAGE_NAMES.join(', ')}`,
  // Why an allowance was left as it was (the result's skipped reasons).
  notFound: 'Not found.',
  alreadyDecided: (decision: 'approved' | 'denied', step: string, by: string, now: string) =>
    `Already ${decision} at ${step} by ${by}; it is now ${now}.`,
  notYours: (now: string) => `Not yours to decide at this stage: it is ${now}.`,
  notAwaiting: (now: string) => `Not awaiting a decision: it is ${now}.`,
  otherStage: (now: string, expected: string) => `It is ${now}, not ${expected}: decide it at its own stage.`,
  changedMeanwhile: 'It was changed by someone else while the decision was being made.',
} as const;

/** The allowances the list shows for a search and stage (its query without the page): the same names and rules. */
export const AllowanceListFilterSchema = z.strictObject(
  { q: AllowanceListQuerySchema.shape.q, stage: AllowanceListQuerySchema.shape.stage },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? BULK_DECISION_MESSAGES.filterKeys : undefined),
  },
);
export type AllowanceListFilter = z.output<typeof AllowanceListFilterSchema>;

/**
 * Approve or deny many allowances at one review stage with one comment: the `ids` chosen, or every
 * allowance the list `filter` matches (at most BULK_DECISION_MAX). Each allowance at
 * `expected_stage` changes on its own, with its own comment and audit entry; the others are left
 * as they are and listed with the reason.
 */
export const BulkDecisionRequestSchema = z
  .object({
    ids: z
      .array(z.string().max(100, BULK_DECISION_MESSAGES.idTooLong), {
        message: 'ids must be a list of allowance ids',
      })
      .min(1, BULK_DECISION_MESSAGES.noIds)
      .max(BULK_DECISION_MAX, BULK_DECISION_MESSAGES.tooManyIds)
      .optional(),
    filter: AllowanceListFilterSchema.optional(),
    decision: AllowanceDecisionRequestSchema.shape.decision,
    comment: AllowanceDecisionRequestSchema.shape.comment,
    expected_stage: z.enum(REVIEW_STAGE_NAMES, {
      error: (issue) =>
        issue.input === undefined ? BULK_DECISION_MESSAGES.stageRequired : BULK_DECISION_MESSAGES.reviewStage,
    }),
  })
  .superRefine((value, ctx) => {
    if (value.ids && value.filter)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: BULK_DECISION_MESSAGES.notBoth });
    if (!value.ids && !value.filter)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_DECISION_MESSAGES.idsOrFilter });
  })
  .meta({ id: 'AllowanceBulkDecisionRequest' });
export type BulkDecisionRequest = z.input<typeof BulkDecisionRequestSchema>;
export type BulkDecisionInput = z.output<typeof BulkDecisionRequestSchema>;

/** An allowance a bulk decision left as it was, and why (student and period when it exists). */
export const BulkDecisionSkipSchema = z.object({
  id: z.string(),
  reason: z.string(),
  student_name: z.string().nullable(),
  month: z.string().nullable(),
  year: z.number().int().nullable(),
});
export type BulkDecisionSkip = z.infer<typeof BulkDecisionSkipSchema>;

/** How many allowances were decided, and the ones skipped in the order they were sent (or listed). */
export const BulkDecisionResponseSchema = z
  .object({ done: z.number().int(), skipped: z.array(BulkDecisionSkipSchema) })
  .meta({ id: 'AllowanceBulkDecisionResult' });
export type BulkDecisionResponse = z.infer<typeof BulkDecisionResponseSchema>;
