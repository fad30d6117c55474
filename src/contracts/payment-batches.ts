import { z } from 'zod';
import { ALLOWANCE_YEAR_MAX, ALLOWANCE_YEAR_MIN, ROW_MESSAGES } from '../domain/allowance-rows';
import { APPROVAL_STAGES } from '../domain/allowance-stages';
import { isIsoDate, MONTHS, parseMonth } from '../domain/dates';
import {
  MISMATCH_KINDS,
  PAYMENT_BATCH_MAX_ITEMS,
  PAYMENT_BATCH_MESSAGES,
  PAYMENT_BATCH_STATUSES,
  PAYMENT_ITEM_STATUSES,
  RESOLUTION_NOTE_MAX,
} from '../domain/payment-batches';
import { WALLET_PROVIDERS } from '../domain/payment-channels';
import { PAYMENT_PARTS, PAYOUT_MESSAGES, PAYOUT_NOTE_MAX, PAYOUT_STATUSES } from '../domain/payouts';
import { PageQuerySchema, pagedResponseSchema } from './common';
import { MoneySchema } from './dashboard';
import { ChannelSummarySchema } from './payment-channels';

/** Columns of a batch's file for the bank, then a last line with the batch's total. */
export const PAYMENT_EXPORT_COLUMNS = ['student', 'nrc', 'amount', 'reference'] as const;
export const paymentExportFilename = (reference: string) => `${reference.toLowerCase()}.csv`;

const when = z.string().nullable().describe('ISO timestamp');

/** A payment batch (docs/product.md D20): `total` and `allowance_count` are its items', kept by the database. */
export const PaymentBatchSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    /** The month the batch pays, or null for a selection of allowances. */
    month: z.enum(MONTHS).nullable(),
    year: z.number().int().nullable(),
    status: z.enum(PAYMENT_BATCH_STATUSES),
    allowance_count: z.number().int(),
    total: MoneySchema,
    /** How many items are pending, paid (not yet on a statement) and reconciled. */
    item_counts: z.object({
      pending: z.number().int(),
      paid: z.number().int(),
      reconciled: z.number().int(),
    }),
    created_by: z.string(),
    created_at: z.string(),
    exported_at: when,
    paid_at: when,
    /** The day the bank paid (Mark as Paid), or the day a statement first showed payments. */
    paid_date: z.string().nullable(),
    paid_by: z.string().nullable(),
    reconciled_at: when,
  })
  .meta({ id: 'PaymentBatch' });
export type PaymentBatch = z.infer<typeof PaymentBatchSchema>;

/** One attempt at paying a wallet item through its operator (docs/decisions/014). */
export const PayoutSchema = z
  .object({
    id: z.string(),
    attempt: z.number().int(),
    /** The operator's idempotency key: derived from the item and the attempt. */
    reference: z.string(),
    provider: z.enum(WALLET_PROVIDERS),
    status: z.enum(PAYOUT_STATUSES),
    operator_transaction_id: z.string().nullable(),
    /** The operator's words for a failure or an unknown outcome. */
    reason: z.string().nullable(),
    sent_at: when,
    finished_at: when,
    resolved_by: z.string().nullable(),
    resolution_note: z.string().nullable(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof PayoutSchema>;

export const PaymentBatchItemSchema = z
  .object({
    id: z.string(),
    allowance_id: z.string(),
    student_id: z.string(),
    student_name: z.string(),
    nrc_number: z.string().nullable(),
    month: z.string(),
    year: z.number().int(),
    amount: MoneySchema,
    reference: z.string(),
    status: z.enum(PAYMENT_ITEM_STATUSES),
    /** Where the allowance stands now. */
    approval_stage: z.enum(APPROVAL_STAGES),
    /** The channel the item pays to (masked); null for an item batched before channels existed. */
    payment_channel: ChannelSummarySchema.nullable(),
    /** The part of the batch it is paid through. */
    channel: z.enum(PAYMENT_PARTS),
    /** The operator's transaction id, once its payout succeeded. */
    transaction_id: z.string().nullable(),
    /** Its latest payout attempt (wallet items once sent), else null. */
    payout: PayoutSchema.nullable(),
  })
  .meta({ id: 'PaymentBatchItem' });
export type PaymentBatchItem = z.infer<typeof PaymentBatchItemSchema>;

export const MismatchSchema = z.object({
  kind: z.enum(MISMATCH_KINDS),
  reference: z.string(),
  expected_amount: MoneySchema.optional(),
  paid_amount: MoneySchema.optional(),
  student_name: z.string().optional(),
  /** The statement's rows (header = row 1); none for a payment missing from it. */
  rows: z.array(z.number().int()).optional(),
});
export type MismatchDto = z.infer<typeof MismatchSchema>;

/** A mismatch kept on the batch, to work through until it is marked resolved with a note. */
export const BatchMismatchSchema = MismatchSchema.extend({
  id: z.string(),
  found_at: z.string(),
  resolved_at: when,
  resolved_by: z.string().nullable(),
  resolution_note: z.string().nullable(),
}).meta({ id: 'PaymentBatchMismatch' });
export type BatchMismatch = z.infer<typeof BatchMismatchSchema>;

/** One channel's part of a batch: its count and ZMW total, from its items. */
export const PaymentPartSchema = z
  .object({
    channel: z.enum(PAYMENT_PARTS),
    allowance_count: z.number().int(),
    total: MoneySchema,
    /** Whether its operator's API is configured here (a wallet part): Send, or else export its CSV. */
    can_send: z.boolean(),
    /** Its items waiting for a payout to be sent (wallet parts). */
    unsent: z.number().int(),
  })
  .meta({ id: 'PaymentBatchPart' });
export type PaymentPart = z.infer<typeof PaymentPartSchema>;

/** An approved allowance left out for want of a usable channel, with why. */
export const HeldAllowanceSchema = z
  .object({
    allowance_id: z.string(),
    student_name: z.string(),
    amount: MoneySchema,
    reason: z.string(),
  })
  .meta({ id: 'PaymentBatchHeldAllowance' });
export type HeldAllowance = z.infer<typeof HeldAllowanceSchema>;

/** A count of payments and their sum, exact. */
const CountAndAmountSchema = z.object({ count: z.number().int(), amount: MoneySchema });

/**
 * Where the batch stands against its statements (issue 49 item 7): per part, the payments a
 * statement (the bank's, or the operator's) showed paid are matched, the others unmatched; with
 * the allowances held out of it, matched + unmatched + held is the batch, to the ngwee.
 */
export const BatchReconciliationSchema = z
  .object({
    parts: z.array(
      z.object({
        channel: z.enum(PAYMENT_PARTS),
        matched: CountAndAmountSchema,
        unmatched: CountAndAmountSchema,
        total: CountAndAmountSchema,
      }),
    ),
    matched: CountAndAmountSchema,
    unmatched: CountAndAmountSchema,
    held: CountAndAmountSchema,
    /** The batch's items and the allowances held out of it. */
    total: CountAndAmountSchema,
  })
  .meta({ id: 'PaymentBatchReconciliationSummary' });
export type BatchReconciliation = z.infer<typeof BatchReconciliationSchema>;

export const PaymentBatchDetailSchema = PaymentBatchSchema.extend({
  /** Per channel, in the order bank, MTN MoMo, Airtel Money; only channels it has items of. */
  parts: z.array(PaymentPartSchema),
  /** Approved allowances left out when it was made, for want of a usable channel. */
  held: z.array(HeldAllowanceSchema),
  /** In reference order. */
  items: z.array(PaymentBatchItemSchema),
  /** What its statements did not match, open ones first, then by when they were found. */
  mismatches: z.array(BatchMismatchSchema),
  reconciliation: BatchReconciliationSchema,
}).meta({ id: 'PaymentBatchDetail' });
export type PaymentBatchDetail = z.infer<typeof PaymentBatchDetailSchema>;

export const PaymentBatchListQuerySchema = PageQuerySchema;
export const PaymentBatchListResponseSchema = pagedResponseSchema(PaymentBatchSchema).meta({
  id: 'PaymentBatchList',
});
export type PaymentBatchListResponse = z.infer<typeof PaymentBatchListResponseSchema>;

export const BATCH_REQUEST_MESSAGES = {
  monthOrSelection: 'Send either month and year, or allowance_ids.',
  notBoth: 'Send either month and year, or allowance_ids, not both.',
  yearRequired: ROW_MESSAGES.yearRequired,
  monthInvalid: ROW_MESSAGES.monthInvalid,
  noIds: 'Select at least one allowance.',
  tooManyIds: `At most ${PAYMENT_BATCH_MAX_ITEMS.toLocaleString('en')} allowances fit in one payment batch.`,
  idTooLong: 'An allowance id is at most 100 characters.',
} as const;

const MonthField = z
  .string({ message: ROW_MESSAGES.monthRequired })
  .trim()
  .min(1, ROW_MESSAGES.monthRequired)
  .refine((v) => parseMonth(v) !== null, ROW_MESSAGES.monthInvalid)
  .transform((v) => parseMonth(v)!);

const YearField = z.coerce
  .number({ message: ROW_MESSAGES.yearRequired })
  .int({ message: ROW_MESSAGES.yearRequired })
  .min(ALLOWANCE_YEAR_MIN, { message: ROW_MESSAGES.yearRequired })
  .max(ALLOWANCE_YEAR_MAX, { message: ROW_MESSAGES.yearRequired });

/**
 * A new batch: the approved allowances of a month not in a batch yet, or a selection of them
 * (the ones not approved, or already batched, are left out and listed).
 */
export const CreatePaymentBatchRequestSchema = z
  .object({
    month: MonthField.optional(),
    year: YearField.optional(),
    allowance_ids: z
      .array(z.string().max(100, BATCH_REQUEST_MESSAGES.idTooLong), {
        message: 'allowance_ids must be a list of allowance ids',
      })
      .min(1, BATCH_REQUEST_MESSAGES.noIds)
      .max(PAYMENT_BATCH_MAX_ITEMS, BATCH_REQUEST_MESSAGES.tooManyIds)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const byMonth = value.month !== undefined || value.year !== undefined;
    if (byMonth && value.allowance_ids)
      ctx.addIssue({ code: 'custom', path: ['allowance_ids'], message: BATCH_REQUEST_MESSAGES.notBoth });
    else if (!byMonth && !value.allowance_ids)
      ctx.addIssue({ code: 'custom', path: ['month'], message: BATCH_REQUEST_MESSAGES.monthOrSelection });
    else if (byMonth && value.month === undefined)
      ctx.addIssue({ code: 'custom', path: ['month'], message: ROW_MESSAGES.monthRequired });
    else if (byMonth && value.year === undefined)
      ctx.addIssue({ code: 'custom', path: ['year'], message: ROW_MESSAGES.yearRequired });
  })
  .meta({ id: 'CreatePaymentBatchRequest' });
export type CreatePaymentBatchRequest = z.input<typeof CreatePaymentBatchRequestSchema>;
export type CreatePaymentBatchInput = z.output<typeof CreatePaymentBatchRequestSchema>;

/** An allowance left out of a batch or of its payment, and why. */
export const BatchSkipSchema = z.object({
  allowance_id: z.string(),
  student_name: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string(),
});
export type BatchSkip = z.infer<typeof BatchSkipSchema>;

export const PaymentBatchCreatedSchema = PaymentBatchDetailSchema.extend({
  /** Allowances of the selection left out (not approved, already in a batch, not found). */
  skipped: z.array(BatchSkipSchema),
}).meta({ id: 'PaymentBatchCreated' });
export type PaymentBatchCreated = z.infer<typeof PaymentBatchCreatedSchema>;

/** What a month's batch would hold now (the New Payment Batch dialog, before confirming). */
export const BatchPreviewQuerySchema = z.object({ month: MonthField, year: YearField });
export const BatchPreviewSchema = z
  .object({
    month: z.enum(MONTHS),
    year: z.number().int(),
    allowance_count: z.number().int(),
    total: MoneySchema,
    parts: z.array(PaymentPartSchema.pick({ channel: true, allowance_count: true, total: true })),
    /** Approved allowances that would be left out, with why. */
    held: z.array(HeldAllowanceSchema),
  })
  .meta({ id: 'PaymentBatchPreview' });
export type BatchPreview = z.infer<typeof BatchPreviewSchema>;

export const MarkBatchPaidRequestSchema = z
  .object({
    paid_date: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? PAYMENT_BATCH_MESSAGES.paidDateRequired
            : PAYMENT_BATCH_MESSAGES.paidDateInvalid,
      })
      .trim()
      .refine(isIsoDate, PAYMENT_BATCH_MESSAGES.paidDateInvalid),
  })
  .meta({ id: 'MarkPaymentBatchPaidRequest' });
export type MarkBatchPaidRequest = z.infer<typeof MarkBatchPaidRequestSchema>;

export const MarkBatchPaidResponseSchema = z
  .object({
    /** Allowances marked paid now. */
    paid: z.number().int(),
    /** Items left pending: their allowance was no longer approved (someone else moved it). */
    skipped: z.array(BatchSkipSchema),
    batch: PaymentBatchDetailSchema,
  })
  .meta({ id: 'MarkPaymentBatchPaidResult' });
export type MarkBatchPaidResponse = z.infer<typeof MarkBatchPaidResponseSchema>;

export const StatementChargeSchema = z.object({
  row: z.number().int(),
  description: z.string(),
  amount: MoneySchema,
});

export const ReconcileResponseSchema = z
  .object({
    /** Items the statement shows paid in full: reconciled now, or by an earlier statement. */
    matched: z.number().int(),
    /** Of those, allowances this reconciliation marked paid (they were still approved). */
    paid: z.number().int(),
    /** Each changes nothing, for follow-up. */
    mismatches: z.array(MismatchSchema),
    /** The bank's fees and charges, listed apart: no payment of the batch, no mismatch. */
    charges: z.array(StatementChargeSchema),
    /** Rows of the file that are not payments (balance and total lines). */
    skipped_rows: z.number().int(),
    batch: PaymentBatchDetailSchema,
  })
  .meta({ id: 'PaymentBatchReconciliation' });
export type ReconcileResponse = z.infer<typeof ReconcileResponseSchema>;

export const ResolveMismatchRequestSchema = z
  .object({
    note: z
      .string({ message: PAYMENT_BATCH_MESSAGES.resolutionNoteRequired })
      .trim()
      .min(1, PAYMENT_BATCH_MESSAGES.resolutionNoteRequired)
      .max(RESOLUTION_NOTE_MAX, PAYMENT_BATCH_MESSAGES.resolutionNoteTooLong),
  })
  .meta({ id: 'ResolvePaymentBatchMismatchRequest' });
export type ResolveMismatchRequest = z.infer<typeof ResolveMismatchRequestSchema>;

/** The bank's file: `allow_missing_nrc=true` makes it although some allowances have no NRC. */
export const ExportBatchQuerySchema = z.object({
  allow_missing_nrc: z
    .enum(['true', 'false'], { message: 'allow_missing_nrc must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** The code of the 409 a batch's export answers while allowances have no NRC. */
export const MISSING_NRC_CODE = 'missing_nrc';

/** A wallet part's export for the operator's bulk-payment portal, or the bank's (the default). */
export const ExportChannelQuerySchema = ExportBatchQuerySchema.extend({
  channel: z.enum(PAYMENT_PARTS, { message: 'channel must be bank, mtn_momo or airtel_money' }).optional(),
});

/** Columns of a wallet part's file for the operator's bulk-payment portal. */
export const WALLET_EXPORT_COLUMNS = ['msisdn', 'name', 'amount', 'reference'] as const;

export const SendPayoutsRequestSchema = z
  .object({ provider: z.enum(WALLET_PROVIDERS, { message: 'provider must be mtn_momo or airtel_money' }) })
  .meta({ id: 'SendPayoutsRequest' });
export type SendPayoutsRequest = z.infer<typeof SendPayoutsRequestSchema>;

export const SendPayoutsResponseSchema = z
  .object({
    /** Payouts queued now; the engine sends them in the background and polls them until final. */
    queued: z.number().int(),
    /** Items not sent, and why (the wallet is held since the batch was made). */
    skipped: z.array(BatchSkipSchema),
    batch: PaymentBatchDetailSchema,
  })
  .meta({ id: 'SendPayoutsResult' });
export type SendPayoutsResponse = z.infer<typeof SendPayoutsResponseSchema>;

const PayoutNote = z
  .string({ message: PAYOUT_MESSAGES.noteRequired })
  .trim()
  .min(1, PAYOUT_MESSAGES.noteRequired)
  .max(PAYOUT_NOTE_MAX, PAYOUT_MESSAGES.noteTooLong);

/** An ambiguous payout settled by a person: paid (with the operator's transaction id) or failed. */
export const FollowUpResponseSchema = z
  .object({
    /** The new batch, holding the failed payments moved out of this one. */
    batch: PaymentBatchDetailSchema,
    /** Failed payments left here, and why (no usable channel now). */
    skipped: z.array(BatchSkipSchema),
  })
  .meta({ id: 'PaymentBatchFollowUp' });
export type FollowUpResponse = z.infer<typeof FollowUpResponseSchema>;

export const ResolvePayoutRequestSchema = z
  .object({
    outcome: z.enum(['successful', 'failed'], { message: 'outcome must be successful or failed' }),
    transaction_id: z.string().trim().max(200).optional(),
    note: PayoutNote,
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'successful' && !value.transaction_id)
      ctx.addIssue({
        code: 'custom',
        path: ['transaction_id'],
        message: PAYOUT_MESSAGES.transactionIdRequired,
      });
  })
  .meta({ id: 'ResolvePayoutRequest' });
export type ResolvePayoutRequest = z.infer<typeof ResolvePayoutRequestSchema>;
