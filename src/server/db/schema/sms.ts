import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SMS_KINDS, SMS_STATUSES } from '../../../domain/sms';
import { users } from './auth';
import { createdAt, moment, randomId, updatedAt } from './columns';
import { students } from './students';

/**
 * Text messages leave through this outbox (docs/product.md D16): each is written in the
 * transaction that causes it, and sender passes (features/sms/sms-sender.ts) in any app process
 * claim and send it. A row never goes back to 'queued' once the gateway may have it.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: randomId(),
    kind: text('kind', { enum: SMS_KINDS }).notNull(),
    /** One message per cause ('allowance_paid:<id>'): queuing it twice adds nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    /** E.164; null when the record had no usable number (the row is then 'failed' at once). */
    toNumber: text('to_number'),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    parts: integer('parts').notNull(),
    status: text('status', { enum: SMS_STATUSES }).notNull().default('queued'),
    failureReason: text('failure_reason'),
    gatewayMessageId: text('gateway_message_id'),
    /** The cost as the gateway wrote it ('ZMW 0.4000'), and its amount and currency. */
    costText: text('cost_text'),
    costAmount: numeric('cost_amount', { precision: 12, scale: 4 }),
    costCurrency: text('cost_currency'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before then: a retry's backoff. */
    notBefore: moment('not_before').notNull().defaultNow(),
    /** A pass that claimed the row holds it until then. */
    claimedUntil: moment('claimed_until'),
    /** When the gateway was called (status 'sending' and after): the minute and day limits count these. */
    sendingAt: moment('sending_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sms_messages_dedupe_key').on(t.dedupeKey),
    uniqueIndex('sms_messages_gateway_id').on(t.gatewayMessageId),
    index('sms_messages_due_idx').on(t.notBefore).where(sql`${t.status} = 'queued'`),
    index('sms_messages_sending_at_idx').on(t.sendingAt),
    // The claims held (the limits count them) and the sends a dead process left: few rows, read every pass.
    index('sms_messages_claims_idx')
      .on(t.status, t.claimedUntil)
      .where(sql`${t.status} in ('queued', 'sending') and ${t.claimedUntil} is not null`),
    index('sms_messages_created_idx').on(t.createdAt),
    index('sms_messages_student_idx').on(t.studentId, t.createdAt),
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    check('sms_messages_parts', sql`${t.parts} between 0 and 3`),
  ],
);

/**
 * A delivery report that came before the sender had written down the gateway's answer (the
 * gateway may report a message delivered while its answer to us is still on the way): kept here
 * and applied when the answer is recorded, so that no report is lost to the race.
 */
export const smsEarlyReports = pgTable(
  'sms_early_reports',
  {
    gatewayMessageId: text('gateway_message_id').primaryKey(),
    status: text('status', { enum: ['delivered', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    receivedAt: moment('received_at').notNull().defaultNow(),
  },
  (t) => [check('sms_early_reports_status', sql`${t.status} in ('delivered', 'failed')`)],
);

/** Numbers that replied STOP: they receive nothing until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  number: text('number').primaryKey(),
  optedOutAt: createdAt(),
});

/** A day the daily budget stopped the sending: the admins' bell says so once for the day. */
export const smsBudgetStops = pgTable('sms_budget_stops', {
  day: date('day').primaryKey(),
  createdAt: createdAt(),
});
