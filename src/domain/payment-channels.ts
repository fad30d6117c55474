/**
 * A student's payment channel (issue 49 item 1): a bank account or a mobile wallet, one primary,
 * history kept. Pure rules shared by the server and the profile screen; no I/O, no parsing library
 * (the E.164 number is made by libphonenumber-js on each side and handed in here).
 */

export const PAYMENT_CHANNEL_KINDS = ['bank', 'mobile_wallet'] as const;
export type PaymentChannelKind = (typeof PAYMENT_CHANNEL_KINDS)[number];

export const WALLET_PROVIDERS = ['mtn_momo', 'airtel_money'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];

export const WALLET_PROVIDER_LABELS: Record<WalletProvider, string> = {
  mtn_momo: 'MTN MoMo',
  airtel_money: 'Airtel Money',
};

export const PAYMENT_CHANNEL_KIND_LABELS: Record<PaymentChannelKind, string> = {
  bank: 'Bank account',
  mobile_wallet: 'Mobile wallet',
};

/**
 * The mobile prefixes (the two digits after +260) each operator holds in Zambia's numbering plan,
 * kept by ZICTA (Zambia Information and Communications Technology Authority), as summarised in
 * "Telephone numbers in Zambia" (Wikipedia, citing ZICTA's National Numbering Plan and the ITU-T
 * E.164 communication for +260): MTN Zambia 96 and 76; Airtel Zambia 97 and 77, and 57 allocated
 * in December 2024; Zamtel 95 (and 75), which is neither operator here. A mismatch is worth a
 * warning, yet the number is never changed: a number may have moved, and the user may know better.
 */
export const WALLET_PREFIXES: Record<WalletProvider, readonly string[]> = {
  mtn_momo: ['96', '76'],
  airtel_money: ['97', '77', '57'],
};

export const PAYMENT_CHANNEL_MESSAGES = {
  walletNumberInvalid: 'Enter a Zambian mobile number, such as 0961234567 or +260961234567.',
  prefixMismatch: (provider: WalletProvider, e164: string) =>
    `${e164} does not start with an ${WALLET_PROVIDER_LABELS[provider]} prefix (${WALLET_PREFIXES[provider]
      .map((p) => `0${p}`)
      .join(', ')}). Check the number and the operator; it was saved as entered.`,
  accountNumberInvalid: 'Enter the account number in digits (spaces and dashes are allowed).',
  duplicateNamed: (what: string, studentName: string) =>
    `This ${what} is already the active payment channel of ${studentName}. It may be a duplicate; nothing was saved.`,
  duplicateHidden: (what: string) =>
    `This ${what} is already the active payment channel of another student. It may be a duplicate; nothing was saved.`,
  duplicateOwn: (what: string) => `This ${what} is already one of this student's payment channels.`,
  notFound: 'Payment channel not found',
  ended: 'This payment channel has been replaced; change or use the current one.',
} as const;

/** The national significant number of a +260 number (the nine digits after 260), or null. */
function zambianNational(e164: string): string | null {
  return /^\+260\d{9}$/.test(e164) ? e164.slice(4) : null;
}

/** Whether a valid E.164 number is in Zambia's mobile ranges (5x, 7x, 9x; not 21x landlines). */
export function isZambianMobile(e164: string): boolean {
  const national = zambianNational(e164);
  return national !== null && /^[579]/.test(national);
}

/** The warning for a wallet number whose prefix is not the chosen operator's, or null. */
export function walletPrefixWarning(provider: WalletProvider, e164: string): string | null {
  const national = zambianNational(e164);
  if (national === null) return null;
  return WALLET_PREFIXES[provider].some((p) => national.startsWith(p))
    ? null
    : PAYMENT_CHANNEL_MESSAGES.prefixMismatch(provider, e164);
}

/** An account number as stored: digits only, so '0012 3456-78' and '0012345678' are one account. */
export function normalAccountNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d{4,34}$/.test(compact) ? compact : null;
}

/** The last four characters behind a mask, for screens, batches and the audit trail. */
export function maskedNumber(value: string): string {
  return `••••${value.slice(-4)}`;
}

/** A channel in a few words without its full number: 'MTN MoMo ••••4567', 'Zanaco ••••5678'. */
export function channelShortLabel(channel: {
  kind: PaymentChannelKind;
  provider: WalletProvider | null;
  bank_name: string | null;
  wallet_number: string | null;
  account_number: string | null;
}): string {
  if (channel.kind === 'mobile_wallet')
    return `${channel.provider ? WALLET_PROVIDER_LABELS[channel.provider] : 'Wallet'} ${maskedNumber(channel.wallet_number ?? '')}`;
  return `${channel.bank_name ?? 'Bank'} ${maskedNumber(channel.account_number ?? '')}`;
}

/**
 * Whether a wallet's holder was checked before its first payout (issue 49 item 2): `unchecked`
 * until MTN's `basicuserinfo` answers or a person confirms it; `matched` when MTN's name agrees
 * with the student's; `mismatch` when it does not (the wallet is held until a deputy manager or
 * admin confirms it with a note); `confirmed` when a person confirmed it by hand (Airtel gives no
 * name, and MTN without its API configured cannot be asked). A bank account is never checked.
 */
export const WALLET_NAME_CHECKS = ['unchecked', 'matched', 'mismatch', 'confirmed'] as const;
export type WalletNameCheck = (typeof WALLET_NAME_CHECKS)[number];

export const WALLET_NAME_CHECK_LABELS: Record<WalletNameCheck, string> = {
  unchecked: 'Not yet checked',
  matched: "Name matches the operator's",
  mismatch: "Name differs from the operator's",
  confirmed: 'Confirmed by hand',
};

/**
 * Why a channel may not be paid yet, or null when it may: a payment batch lists the student with
 * this reason and leaves their allowance out (issue 49 item 3), never drops it silently.
 */
export function channelHoldReason(channel: {
  kind: PaymentChannelKind;
  name_check: WalletNameCheck;
}): string | null {
  if (channel.kind === 'bank') return null;
  if (channel.name_check === 'mismatch')
    return "The wallet's registered name differs from the student's: a deputy manager or admin must confirm the wallet.";
  if (channel.name_check === 'unchecked') return "The wallet's holder has not been checked yet.";
  return null;
}
