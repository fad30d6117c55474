import { type PaymentChannelDetails, PaymentChannelDetailsSchema } from '../contracts/payment-channels';
import {
  normalAccountNumber,
  PAYMENT_CHANNEL_MESSAGES,
  walletPrefixWarning,
} from '../domain/payment-channels';
import { STUDENT_IMPORT_CHANNEL_COLUMNS, type StudentImportInput } from '../domain/student-import';
import { walletE164 } from './wallet-number';

export const IMPORT_CHANNEL_MESSAGES = {
  methodMissing:
    'payment_method is required when a payment column is filled (bank, mtn_momo or airtel_money)',
  methodUnknown: (value: string) => `payment_method "${value}" is not bank, mtn_momo or airtel_money`,
} as const;

export interface CheckedChannel {
  /** The channel as stored (wallet in E.164, account in digits); null when the row has none or a problem. */
  channel: PaymentChannelDetails | null;
  problems: string[];
  /** A wallet number under another operator's prefix: imported as written, and said so. */
  warnings: string[];
}

/** The optional payment channel of an import row, by the profile's rules. */
export function checkImportChannel(input: StudentImportInput): CheckedChannel {
  const method = input.payment_method?.toLowerCase() ?? null;
  if (method === null) {
    const filled = STUDENT_IMPORT_CHANNEL_COLUMNS.some((c) => input[c] !== null);
    return { channel: null, problems: filled ? [IMPORT_CHANNEL_MESSAGES.methodMissing] : [], warnings: [] };
  }
  if (method !== 'bank' && method !== 'mtn_momo' && method !== 'airtel_money')
    return {
      channel: null,
      problems: [IMPORT_CHANNEL_MESSAGES.methodUnknown(input.payment_method!)],
      warnings: [],
    };
  const parsed = PaymentChannelDetailsSchema.safeParse(
    method === 'bank'
      ? {
          kind: 'bank',
          bank_name: input.bank_name ?? '',
          bank_branch: input.bank_branch,
          account_number: input.account_number ?? '',
          account_name: input.account_name ?? '',
        }
      : {
          kind: 'mobile_wallet',
          provider: method,
          wallet_number: input.wallet_number ?? '',
          wallet_name: input.wallet_name ?? '',
        },
  );
  if (!parsed.success)
    return { channel: null, problems: parsed.error.issues.map((issue) => issue.message), warnings: [] };
  const details = parsed.data;
  if (details.kind === 'bank') {
    const account = normalAccountNumber(details.account_number);
    return account
      ? { channel: { ...details, account_number: account }, problems: [], warnings: [] }
      : { channel: null, problems: [PAYMENT_CHANNEL_MESSAGES.accountNumberInvalid], warnings: [] };
  }
  const e164 = walletE164(details.wallet_number);
  if (!e164) return { channel: null, problems: [PAYMENT_CHANNEL_MESSAGES.walletNumberInvalid], warnings: [] };
  const warning = walletPrefixWarning(details.provider, e164);
  return { channel: { ...details, wallet_number: e164 }, problems: [], warnings: warning ? [warning] : [] };
}

/** The key a wallet or account is one by (the database's unique indexes'), to find it twice in a file. */
export function channelKey(channel: PaymentChannelDetails): string {
  return channel.kind === 'bank'
    ? `bank:${channel.bank_name.toLowerCase()}:${channel.account_number}`
    : `wallet:${channel.provider}:${channel.wallet_number}`;
}

/** 'This wallet is also in row N' for every row whose wallet or account an earlier row of the file has. */
export function channelsTwiceInFile(
  rows: Array<{ row: number; channel: PaymentChannelDetails }>,
): Array<{ row: number; message: string }> {
  const firstSeen = new Map<string, number>();
  const problems: Array<{ row: number; message: string }> = [];
  for (const { row, channel } of rows) {
    const key = channelKey(channel);
    const earlier = firstSeen.get(key);
    if (earlier === undefined) firstSeen.set(key, row);
    else
      problems.push({
        row,
        message: `This ${channel.kind === 'bank' ? 'bank account' : 'wallet'} is also in row ${earlier}`,
      });
  }
  return problems;
}
