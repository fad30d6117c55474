import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MONTHS } from '../../../domain/dates';
import {
  MISMATCH_KINDS,
  PAYMENT_BATCH_STATUSES,
  PAYMENT_ITEM_STATUSES,
} from '../../../domain/payment-batches';
import { PAYMENT_PARTS } from '../../../domain/payouts';
import { allowances } from './allowances';
import { createdAt, moment, randomId, updatedAt } from './columns';
import { paymentChannels } from './payment-channels';
import { students } from './students';

/**
 * Approved allowances gathered for one bank transfer (docs/product.md D20). `total` and
 * `allowance_count` are the sum and count of its items, kept by statement-level triggers on
 * payment_batch_items and guarded by a trigger that refuses any other value, whatever writes
 * (migration 0022; TRIGGER_KEPT_TABLES).
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: randomId(),
    /** 'PB-2026-11-001': never reused, even after a deletion (payment_batch_numbers). */
    reference: text('reference').notNull().unique('payment_batches_reference_key'),
    /** The month paid; both null for a batch made from a selection. */
    month: text('month', { enum: MONTHS }),
    year: integer('year'),
    status: text('status', { enum: PAYMENT_BATCH_STATUSES }).notNull().default('open'),
    allowanceCount: integer('allowance_count').notNull().default(0),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    createdById: uuid('created_by_id'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    exportedAt: moment('exported_at'),
    paidAt: moment('paid_at'),
    paidDate: date('paid_date'),
    paidBy: text('paid_by'),
    paidById: uuid('paid_by_id'),
    reconciledAt: moment('reconciled_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_batches_created_idx').on(t.createdAt, t.id),
    check('payment_batches_period_whole', sql`(${t.month} is null) = (${t.year} is null)`),
    check('payment_batches_exported_recorded', sql`${t.status} <> 'exported' or ${t.exportedAt} is not null`),
    check(
      'payment_batches_payment_recorded',
      sql`${t.status} not in ('paid', 'reconciled') or (${t.paidAt} is not null and ${t.paidDate} is not null and ${t.paidBy} is not null and ${t.paidById} is not null)`,
    ),
    check(
      'payment_batches_reconciliation_recorded',
      sql`${t.status} <> 'reconciled' or ${t.reconciledAt} is not null`,
    ),
  ],
);

/**
 * One allowance of a batch: the amount to pay (the allowance's total when batched) and the
 * reference the bank carries on the payment and its statement. An allowance sits in one batch at
 * most; deleting a batch lets its allowances go into another.
 */
export const paymentBatchItems = pgTable(
  'payment_batch_items',
  {
    id: randomId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    // Restrict: a payment record keeps its allowance.
    allowanceId: uuid('allowance_id')
      .notNull()
      .references(() => allowances.id, { onDelete: 'restrict' }),
    /** 1, 2, 3... in the batch: the end of the reference. */
    line: integer('line').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: PAYMENT_ITEM_STATUSES }).notNull().default('pending'),
    paidAt: moment('paid_at'),
    reconciledAt: moment('reconciled_at'),
    /** The allowance's student and period, copied when batched: one student-month, one batch item. */
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    monthNumber: integer('month_number').notNull(),
    /** The part it is paid through (domain PAYMENT_PARTS); items batched before channels are 'bank'. */
    channel: text('channel', { enum: PAYMENT_PARTS }).notNull(),
    /**
     * The channel row it pays to; restrict, so a channel that was paid never vanishes (with its
     * student or otherwise). Null only for items batched before channels existed (migration 0058).
     */
    paymentChannelId: uuid('payment_channel_id').references(() => paymentChannels.id, {
      onDelete: 'restrict',
    }),
    /** The operator's transaction id once its payout succeeded (issue 49 item 6). */
    transactionId: text('transaction_id'),
    /** When a wallet item went out in a file for its operator's portal: never sent by the API as well. */
    portalExportedAt: moment('portal_exported_at'),
  },
  (t) => [
    uniqueIndex('payment_batch_items_allowance_key').on(t.allowanceId),
    // A student is never in two batches for the same month (issue 49 item 3), whatever their state.
    uniqueIndex('payment_batch_items_student_month_key').on(t.studentId, t.year, t.monthNumber),
    index('payment_batch_items_channel_idx').on(t.paymentChannelId),
    check(
      'payment_batch_items_wallet_named',
      sql`${t.channel} = 'bank' or ${t.paymentChannelId} is not null`,
    ),
    uniqueIndex('payment_batch_items_reference_key').on(t.reference),
    unique('payment_batch_items_line_key').on(t.batchId, t.line),
    check('payment_batch_items_amount_not_negative', sql`${t.amount} >= 0`),
    check(
      'payment_batch_items_reconciled_recorded',
      sql`${t.status} <> 'reconciled' or ${t.reconciledAt} is not null`,
    ),
  ],
);

/** The last batch number given in each month ('2026-11'), so a number is never given twice. */
export const paymentBatchNumbers = pgTable('payment_batch_numbers', {
  period: text('period').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A bank statement imported for a batch, known by the hash of its payments (reference and amount
 * of each, in any order), so the same statement imported again is recognised and changes nothing.
 */
export const paymentBatchStatements = pgTable(
  'payment_batch_statements',
  {
    id: randomId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    contentHash: text('content_hash').notNull(),
    matched: integer('matched').notNull(),
    importedAt: moment('imported_at').notNull(),
    importedBy: text('imported_by').notNull(),
    importedById: uuid('imported_by_id').notNull(),
  },
  (t) => [unique('payment_batch_statements_content_key').on(t.batchId, t.contentHash)],
);

/**
 * A mismatch a statement showed (docs/product.md D20), kept on the batch as work to do until
 * someone marks it resolved with a note. One open mismatch per kind and reference: a statement
 * showing it again adds nothing.
 */
export const paymentBatchMismatches = pgTable(
  'payment_batch_mismatches',
  {
    id: randomId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => paymentBatchStatements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MISMATCH_KINDS }).notNull(),
    reference: text('reference').notNull(),
    /** The reference as matching reads it (referenceKey): what tells a repeat apart. */
    referenceKey: text('reference_key').notNull(),
    expectedAmount: numeric('expected_amount', { precision: 12, scale: 2 }),
    paidAmount: numeric('paid_amount', { precision: 14, scale: 2 }),
    studentName: text('student_name'),
    /** The statement's rows it comes from (none for a payment missing from it). */
    rows: integer('rows').array().notNull().default(sql`'{}'::integer[]`),
    foundAt: moment('found_at').notNull(),
    resolvedAt: moment('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolvedById: uuid('resolved_by_id'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    index('payment_batch_mismatches_batch_idx').on(t.batchId, t.foundAt),
    uniqueIndex('payment_batch_mismatches_open_key')
      .on(t.batchId, t.kind, t.referenceKey)
      .where(sql`${t.resolvedAt} is null`),
    check(
      'payment_batch_mismatches_resolution_recorded',
      sql`(${t.resolvedAt} is null) = (${t.resolutionNote} is null) and (${t.resolvedAt} is null) = (${t.resolvedById} is null)`,
    ),
  ],
);

/**
 * An approved allowance a batch left out because its student had no usable channel, with why
 * (issue 49 item 3): listed on the batch, never dropped silently. It stays approved and unbatched.
 */
export const paymentBatchHeld = pgTable(
  'payment_batch_held',
  {
    id: randomId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    allowanceId: uuid('allowance_id')
      .notNull()
      .references(() => allowances.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [unique('payment_batch_held_key').on(t.batchId, t.allowanceId)],
);
