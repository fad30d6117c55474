import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PAYMENT_CHANNEL_KINDS,
  WALLET_NAME_CHECKS,
  WALLET_PROVIDERS,
} from '../../../domain/payment-channels';
import { users } from './auth';
import { createdAt, moment, randomId } from './columns';
import { students } from './students';

/**
 * Where a student's money goes (issue 49 item 1). A row is never rewritten once written, except to
 * end it or move the primary mark: a change ends the old row (ended_at, who, why, which row
 * replaced it) and adds a new one, so a payout can name the exact row it paid to and keep it.
 */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: randomId(),
    // A student with channels but no allowance was never paid: its channels may go with it.
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_CHANNEL_KINDS }).notNull(),
    bankName: text('bank_name'),
    bankBranch: text('bank_branch'),
    /** Digits only (domain normalAccountNumber), so one account is one value. */
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    provider: text('provider', { enum: WALLET_PROVIDERS }),
    /** E.164, +260 and nine digits. */
    walletNumber: text('wallet_number'),
    walletName: text('wallet_name'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** A wallet's holder check before its first payout (domain WALLET_NAME_CHECKS); a bank's stays unchecked. */
    nameCheck: text('name_check', { enum: WALLET_NAME_CHECKS }).notNull().default('unchecked'),
    /** The holder's name as the operator gave it (MTN basicuserinfo), when it was asked. */
    operatorName: text('operator_name'),
    nameCheckedAt: moment('name_checked_at'),
    nameCheckedBy: uuid('name_checked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why a person confirmed the wallet (required for a mismatch). */
    nameCheckNote: text('name_check_note'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: moment('ended_at'),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    endReason: text('end_reason'),
    replacedById: uuid('replaced_by_id').references((): AnyPgColumn => paymentChannels.id),
  },
  (t) => [
    index('payment_channels_student_idx').on(t.studentId, t.createdAt),
    // One primary among a student's channels in use.
    uniqueIndex('payment_channels_one_primary')
      .on(t.studentId)
      .where(sql`${t.isPrimary} and ${t.endedAt} is null`),
    // One wallet, or one account at one bank, in use by one student at a time (a possible duplicate).
    uniqueIndex('payment_channels_active_wallet')
      .on(t.provider, t.walletNumber)
      .where(sql`${t.kind} = 'mobile_wallet' and ${t.endedAt} is null`),
    uniqueIndex('payment_channels_active_account')
      .using('btree', sql`lower(${t.bankName})`, t.accountNumber)
      .where(sql`${t.kind} = 'bank' and ${t.endedAt} is null`),
    check(
      'payment_channels_kind_fields',
      sql`(${t.kind} = 'bank' and ${t.bankName} is not null and ${t.accountNumber} is not null and ${t.accountName} is not null
            and ${t.provider} is null and ${t.walletNumber} is null)
       or (${t.kind} = 'mobile_wallet' and ${t.provider} is not null and ${t.walletNumber} is not null and ${t.walletName} is not null
            and ${t.bankName} is null and ${t.accountNumber} is null)`,
    ),
    // A checked wallet says when; only a wallet is checked.
    check(
      'payment_channels_name_check_recorded',
      sql`${t.nameCheck} in ('unchecked', 'matched', 'mismatch', 'confirmed')
       and (${t.nameCheck} = 'unchecked' or (${t.kind} = 'mobile_wallet' and ${t.nameCheckedAt} is not null))`,
    ),
    // An ended channel says when and why, and is never primary.
    check(
      'payment_channels_end_recorded',
      sql`(${t.endedAt} is null and ${t.endReason} is null) or (${t.endedAt} is not null and ${t.endReason} is not null and not ${t.isPrimary})`,
    ),
  ],
);
