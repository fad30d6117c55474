import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WALLET_PROVIDERS } from '../../../domain/payment-channels';
import { PAYOUT_STATUSES } from '../../../domain/payouts';
import { users } from './auth';
import { createdAt, moment, randomId, updatedAt } from './columns';
import { paymentBatches, paymentBatchItems } from './payment-batches';
import { paymentChannels } from './payment-channels';

/**
 * One attempt at paying a batch's wallet item through its operator (issue 49 item 5;
 * docs/decisions/014-payouts-exactly-once.md). `reference` is the operator's idempotency key,
 * derived from the item and the attempt, so a resend of the same attempt can never pay twice; a new
 * attempt is made only after the previous one failed (the partial unique index).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: randomId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'restrict' }),
    // Restrict: a payout record keeps the item it paid, so a sent batch cannot be deleted.
    itemId: uuid('item_id')
      .notNull()
      .references(() => paymentBatchItems.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    reference: uuid('reference').notNull(),
    provider: text('provider', { enum: WALLET_PROVIDERS }).notNull(),
    paymentChannelId: uuid('payment_channel_id')
      .notNull()
      .references(() => paymentChannels.id, { onDelete: 'restrict' }),
    /** E.164, as the channel held it when the attempt was made. */
    msisdn: text('msisdn').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('queued'),
    operatorTransactionId: text('operator_transaction_id'),
    /** The operator's words for a failure, an ambiguity or the last answer that was not final. */
    reason: text('reason'),
    /** Who started it (Send, retry): the payment is made on their authority. */
    startedById: uuid('started_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    /** When it was last committed as `sending` (the operator may have it from then on). */
    sentAt: moment('sent_at'),
    /** When the engine may next work on it. */
    dueAt: moment('due_at').notNull(),
    /** A pass holds a row it claimed until then; a process that died lets it go by itself. */
    claimedUntil: moment('claimed_until'),
    /** How many times the status was asked (for the poll's backoff). */
    checks: integer('checks').notNull().default(0),
    finishedAt: moment('finished_at'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payouts_reference_key').on(t.reference),
    unique('payouts_attempt_key').on(t.itemId, t.attempt),
    // At most one attempt of an item that has not failed: a new one only after the last failed.
    uniqueIndex('payouts_one_live_attempt').on(t.itemId).where(sql`${t.status} <> 'failed'`),
    index('payouts_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('queued', 'sending', 'unconfirmed', 'pending')`),
    index('payouts_batch_idx').on(t.batchId, t.createdAt),
    check('payouts_attempt_positive', sql`${t.attempt} >= 1`),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check(
      'payouts_success_recorded',
      sql`${t.status} <> 'successful' or (${t.operatorTransactionId} is not null and ${t.finishedAt} is not null)`,
    ),
    check('payouts_sent_recorded', sql`${t.status} = 'queued' or ${t.sentAt} is not null`),
  ],
);
