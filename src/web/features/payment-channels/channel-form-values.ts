import type { PaymentChannel, PaymentChannelDetails } from '../../../contracts/payment-channels';
import { walletE164 } from '../../../csv/wallet-number';
import {
  type PaymentChannelKind,
  type WalletProvider,
  walletPrefixWarning,
} from '../../../domain/payment-channels';

/** The add/change form's fields, flat: the kind chooses which of them are sent. */
export interface ChannelFormValues {
  kind: PaymentChannelKind;
  bank_name: string;
  bank_branch: string;
  account_number: string;
  account_name: string;
  provider: WalletProvider;
  wallet_number: string;
  wallet_name: string;
  primary: boolean;
  reason: string;
}

export function channelFormDefaults(channel?: PaymentChannel): ChannelFormValues {
  return {
    kind: channel?.kind ?? 'mobile_wallet',
    bank_name: channel?.bank_name ?? '',
    bank_branch: channel?.bank_branch ?? '',
    account_number: channel?.account_number ?? '',
    account_name: channel?.account_name ?? '',
    provider: channel?.provider ?? 'mtn_momo',
    wallet_number: channel?.wallet_number ?? '',
    wallet_name: channel?.wallet_name ?? '',
    primary: false,
    reason: '',
  };
}

/** The details the API takes for the chosen kind. */
export function channelDetails(values: ChannelFormValues): PaymentChannelDetails {
  return values.kind === 'bank'
    ? {
        kind: 'bank',
        bank_name: values.bank_name,
        bank_branch: values.bank_branch || null,
        account_number: values.account_number,
        account_name: values.account_name,
      }
    : {
        kind: 'mobile_wallet',
        provider: values.provider,
        wallet_number: values.wallet_number,
        wallet_name: values.wallet_name,
      };
}

/**
 * The warning the server will give for this wallet number, shown before saving: the same parse
 * (libphonenumber-js, Zambia by default) and the same prefix rule (domain/payment-channels.ts).
 */
export function prefixWarningOf(provider: WalletProvider, walletNumber: string): string | null {
  const e164 = walletE164(walletNumber);
  return e164 && walletPrefixWarning(provider, e164);
}
