import { z } from 'zod';
import { PAYMENT_CHANNEL_KINDS, WALLET_NAME_CHECKS, WALLET_PROVIDERS } from '../domain/payment-channels';
import { optionalText, RecordIdParam, requiredText } from './common';

/** A student's payment channels (issue 49 item 1): a bank account or a mobile wallet, history kept. */

export const PaymentChannelSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  /** Bank accounts. */
  bank_name: z.string().nullable(),
  bank_branch: z.string().nullable(),
  account_number: z.string().nullable(),
  account_name: z.string().nullable(),
  /** Mobile wallets: the operator and the number in E.164 (+260…). */
  provider: z.enum(WALLET_PROVIDERS).nullable(),
  wallet_number: z.string().nullable(),
  wallet_name: z.string().nullable(),
  is_primary: z.boolean(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  /** Set once the channel was replaced: when, by whom, why, and by which channel. */
  ended_at: z.string().nullable(),
  ended_by_name: z.string().nullable(),
  end_reason: z.string().nullable(),
  replaced_by_id: z.string().nullable(),
  /** A wallet's holder check before its first payout (issue 49 item 2); a bank's stays unchecked. */
  name_check: z.enum(WALLET_NAME_CHECKS),
  /** The holder's name as MTN gave it, when it was asked. */
  operator_name: z.string().nullable(),
  name_checked_at: z.string().nullable(),
  /** Who confirmed the wallet by hand (null for MTN's own answer). */
  name_checked_by_name: z.string().nullable(),
  name_check_note: z.string().nullable(),
  /** Why a payout to this channel waits, or null when it may be paid. */
  hold_reason: z.string().nullable(),
  /** What a person may still confirm: a name that differs, or a wallet no operator can name. */
  name_confirmation: z.enum(['mismatch', 'by_hand']).nullable(),
});
export type PaymentChannel = z.infer<typeof PaymentChannelSchema>;

export const PaymentChannelsResponseSchema = z.object({
  /** The channels in use, the primary first. */
  current: z.array(PaymentChannelSchema),
  /** Channels replaced by a change, the latest first. */
  history: z.array(PaymentChannelSchema),
});
export type PaymentChannelsResponse = z.infer<typeof PaymentChannelsResponseSchema>;

/** A saved channel and what the user should check about it (a wallet prefix not the operator's). */
export const PaymentChannelSavedSchema = z.object({
  channel: PaymentChannelSchema,
  warnings: z.array(z.string()),
});
export type PaymentChannelSaved = z.infer<typeof PaymentChannelSavedSchema>;

const BankFields = z.object({
  kind: z.literal('bank'),
  bank_name: requiredText('Enter the bank', 100),
  bank_branch: optionalText(100),
  account_number: requiredText('Enter the account number', 40),
  account_name: requiredText('Enter the name on the account', 200),
});

const WalletFields = z.object({
  kind: z.literal('mobile_wallet'),
  provider: z.enum(WALLET_PROVIDERS, { message: 'Choose MTN MoMo or Airtel Money' }),
  wallet_number: requiredText('Enter the wallet number', 30),
  wallet_name: requiredText('Enter the name the wallet is registered to', 200),
});

export const PaymentChannelDetailsSchema = z.discriminatedUnion('kind', [BankFields, WalletFields], {
  message: 'Choose a bank account or a mobile wallet',
});
export type PaymentChannelDetails = z.infer<typeof PaymentChannelDetailsSchema>;

/** Adding a channel: the first one a student has is primary whatever this says. */
export const PaymentChannelCreateSchema = z.discriminatedUnion('kind', [
  BankFields.extend({ primary: z.boolean().optional() }),
  WalletFields.extend({ primary: z.boolean().optional() }),
]);
export type PaymentChannelCreate = z.infer<typeof PaymentChannelCreateSchema>;

const reason = requiredText('Say why the channel changes', 500);

/** Changing a channel ends it and adds the new details in its place (primary if it was). */
export const PaymentChannelChangeSchema = z.discriminatedUnion('kind', [
  BankFields.extend({ reason }),
  WalletFields.extend({ reason }),
]);
export type PaymentChannelChange = z.infer<typeof PaymentChannelChangeSchema>;

/** Confirming a wallet's holder by hand: why the wallet is right (kept with the check and audited). */
export const WalletConfirmSchema = z.object({
  note: requiredText('Say how the wallet was confirmed', 500),
});
export type WalletConfirm = z.infer<typeof WalletConfirmSchema>;

export const ChannelIdParamSchema = z.object({ id: RecordIdParam, channelId: RecordIdParam });

/**
 * A student's primary channel where a payment is shown (the allowance, the batch's items): which
 * kind, operator or bank, and the number masked to its last four digits.
 */
export const ChannelSummarySchema = z
  .object({
    id: z.string(),
    kind: z.enum(PAYMENT_CHANNEL_KINDS),
    provider: z.enum(WALLET_PROVIDERS).nullable(),
    bank_name: z.string().nullable(),
    masked_number: z.string(),
    /** 'MTN MoMo ••••4567', 'Zanaco ••••5678'. */
    label: z.string(),
  })
  .meta({ id: 'PaymentChannelSummary' });
export type ChannelSummary = z.infer<typeof ChannelSummarySchema>;
