/**
 * Whether the name a mobile-money operator holds for a wallet is the student's (issue 49 item 2).
 * Pure, for the server's check and its tests. Names are written many ways for one person, so
 * these never count as a difference: letter case, accents ('Chisenga' / 'Chiséngà'), spacing and
 * punctuation ('Mary-Jane' / 'Mary Jane', 'O'Brien' / 'OBrien'), the order of given and family
 * names, a middle name one side leaves out, and a middle name given as its initial. Anything
 * else (another family name, one name in common only) is a mismatch a person must look at:
 * guessing at misspellings would let a wrong wallet through, and a false mismatch costs only a
 * confirmation.
 */

/** The words of a name: accents removed, lower case, letters only. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== '');
}

export function holderNamesAgree(studentName: string, operatorName: string): boolean {
  const ours = nameWords(studentName);
  const theirs = nameWords(operatorName);
  if (ours.length === 0 || theirs.length === 0) return false;
  // The same letters however split ('Nakamba Mwanza' / 'NakambaMwanza').
  if ([...ours].sort().join('') === [...theirs].sort().join('') || ours.join('') === theirs.join(''))
    return true;
  // Either side may be the one giving a middle name as its initial.
  return (
    (ours.length <= theirs.length && covers(ours, theirs)) ||
    (theirs.length <= ours.length && covers(theirs, ours))
  );
}

/** Every word of `shorter` is in `longer` (an initial standing for a word), two whole names at least. */
function covers(shorter: string[], longer: string[]): boolean {
  const left = [...longer];
  let whole = 0;
  // Whole words first, so an initial cannot take a word a whole name needs.
  const initials: string[] = [];
  for (const word of shorter) {
    const at = word.length > 1 ? left.indexOf(word) : -1;
    if (at >= 0) {
      left.splice(at, 1);
      whole++;
    } else initials.push(word);
  }
  for (const word of initials) {
    if (word.length !== 1) return false;
    const at = left.findIndex((other) => other.startsWith(word));
    if (at < 0) return false;
    left.splice(at, 1);
  }
  // One shared name ('Mwila') is common to many people: two whole names must agree.
  return whole >= Math.min(2, shorter.length) && (whole >= 2 || shorter.length === longer.length);
}

/**
 * What a person may still do about a wallet's holder: confirm a `mismatch` (a deputy manager or
 * admin, with a note), or confirm `by_hand` a wallet whose operator gives no name (Airtel, or MTN
 * while its API is not configured); null when there is nothing to confirm (a bank account, a
 * wallet matched or confirmed, or an MTN wallet whose check is still to come from MTN).
 */
export type WalletConfirmation = 'mismatch' | 'by_hand';

export function walletConfirmation(
  channel: { kind: string; name_check: string; ended_at: string | null },
  operatorGivesNames: boolean,
): WalletConfirmation | null {
  if (channel.kind !== 'mobile_wallet' || channel.ended_at) return null;
  if (channel.name_check === 'mismatch') return 'mismatch';
  if (channel.name_check === 'unchecked' && !operatorGivesNames) return 'by_hand';
  return null;
}

/**
 * Who may confirm: a mismatch only a deputy manager or admin; a wallet no operator can name also
 * the student's program officer (`inScope`: whoever may change the student's channels).
 */
export function mayConfirmWallet(role: string, inScope: boolean, confirmation: WalletConfirmation): boolean {
  if (confirmation === 'mismatch') return role === 'deputy_manager' || role === 'admin';
  return inScope;
}

export const NAME_CHECK_MESSAGES = {
  mismatchNeedsManager:
    "Only a deputy manager or admin may confirm a wallet whose registered name differs from the student's.",
  nothingToConfirm: 'This payment channel has nothing to confirm.',
  operatorWillAnswer:
    "MTN is asked for this wallet's registered name; its answer decides whether it must be confirmed. Try again later.",
} as const;
