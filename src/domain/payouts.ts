/**
 * A payment batch's parts and its mobile-money payouts (issue 49 items 3, 5 and 6;
 * docs/decisions/014-payouts-exactly-once.md). Pure: the server and the batch screen read the same
 * states, labels and rules.
 */
import { WALLET_PROVIDER_LABELS, type WalletProvider } from './payment-channels';

/** The channel a batch item pays through: the bank, or one operator's wallets. */
export const PAYMENT_PARTS = ['bank', 'mtn_momo', 'airtel_money'] as const;
export type PaymentPart = (typeof PAYMENT_PARTS)[number];

export const PAYMENT_PART_LABELS: Record<PaymentPart, string> = {
  bank: 'Bank',
  ...WALLET_PROVIDER_LABELS,
};

/** The part a channel belongs to. */
export function partOf(channel: {
  kind: 'bank' | 'mobile_wallet';
  provider: WalletProvider | null;
}): PaymentPart {
  return channel.kind === 'bank' ? 'bank' : (channel.provider ?? 'mtn_momo');
}

export const isWalletPart = (part: PaymentPart): part is WalletProvider => part !== 'bank';

/**
 * One attempt at paying a wallet item:
 * - `queued`: written, not yet sent (the send action or a retry made it; `unreachable` returns here);
 * - `sending`: committed before the operator is called; found so at a later pass, the call may have
 *   reached the operator, so its status is asked before anything is sent;
 * - `unconfirmed`: the operator may have it (no answer, or it called the reference a duplicate):
 *   its status is asked before anything is sent;
 * - `pending`: the operator took it; polled until final;
 * - `successful` (the allowance is paid), `failed`: final;
 * - `ambiguous`: the operator could not say; never retried by itself, a person decides.
 */
export const PAYOUT_STATUSES = [
  'queued',
  'sending',
  'unconfirmed',
  'pending',
  'successful',
  'failed',
  'ambiguous',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** States the engine works on; the others are final or wait for a person. */
export const PAYOUT_WORKING_STATUSES = ['queued', 'sending', 'unconfirmed', 'pending'] as const;

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  queued: 'Waiting to be sent',
  sending: 'Sending',
  unconfirmed: 'Sent, answer not received',
  pending: 'Accepted, awaiting the operator',
  successful: 'Successful',
  failed: 'Failed',
  ambiguous: 'Unknown: needs a person',
};

/** The longest note a person may resolve an ambiguous payout with. */
export const PAYOUT_NOTE_MAX = 1000;

export const PAYOUT_MESSAGES = {
  notFound: 'Payout not found',
  allHeld: (n: number) =>
    `${n === 1 ? 'The approved allowance waits' : `All ${n} approved allowances wait`}, but none has a usable payment channel: nothing was batched. See the preview for why.`,
  noUsableChannel: 'No primary payment channel: add one on the student\u2019s profile.',
  operatorNotConfigured: (provider: WalletProvider) =>
    `${WALLET_PROVIDER_LABELS[provider]} is not configured on this server: export its part as a CSV for the operator's bulk-payment portal instead.`,
  nothingToSend: (provider: WalletProvider) =>
    `No ${WALLET_PROVIDER_LABELS[provider]} payment of this batch is waiting to be sent.`,
  sendInstead: (provider: WalletProvider) =>
    `${WALLET_PROVIDER_LABELS[provider]} is configured on this server: send its part instead of exporting a file, so that nobody is paid twice.`,
  exportedForPortal: "This payment went out in a file for the operator's portal: it is not sent again.",
  batchReconciled: 'This batch is already reconciled.',
  retryOnlyFailed: 'Only a failed payout can be tried again.',
  retryNotLatest: 'This payout has already been tried again.',
  inStatusConflict:
    "The operator's statement says otherwise about this payment: resolve that mismatch first (the operator may have paid it already).",
  retryChannelHeld: (reason: string) => `The student's wallet cannot be paid yet: ${reason}`,
  retryChannelNotWallet:
    "The student's primary channel is no longer a wallet of this operator: move the payment to a follow-up batch instead.",
  resolveOnlyAmbiguous: 'Only a payout whose outcome is unknown can be resolved by hand.',
  transactionIdRequired: "transaction_id is required: the operator's transaction id of the payment",
  noteRequired: 'note is required: say how the outcome was found',
  noteTooLong: `note must be at most ${PAYOUT_NOTE_MAX} characters`,
  nothingToFollowUp: 'No failed payment of this batch is waiting to be moved.',
  deleteAfterSend: 'A batch whose payouts were sent cannot be deleted.',
} as const;
