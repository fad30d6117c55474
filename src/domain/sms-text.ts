/*
 * A text message's body: GSM-7 where possible (one part holds 160 characters, against 70 in
 * UCS-2), at most MAX_PARTS parts, signed with the organisation's name. A longer message is
 * shortened, never split into more parts: each part is paid for.
 */

export const MAX_PARTS = 3;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters that take two septets (an escape and the character). */
const GSM_EXTENDED = '^{}\\[~]|€';

/** Look-alikes people paste (curly quotes, dashes, non-breaking spaces) written in GSM-7. */
const PLAIN: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\t': ' ',
  '•': '-',
};

const inGsm = (ch: string) => GSM_BASIC.includes(ch) || GSM_EXTENDED.includes(ch);

/** The text with look-alikes replaced, and accents stripped where that makes it GSM-7. */
export function toGsmWherePossible(text: string): string {
  return Array.from(text, (ch) => {
    if (inGsm(ch)) return ch;
    if (PLAIN[ch] !== undefined) return PLAIN[ch];
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
    return bare.length > 0 && Array.from(bare).every(inGsm) ? bare : ch;
  }).join('');
}

export const isGsm7 = (text: string): boolean => Array.from(text).every(inGsm);

/** Length as the network counts it: septets in GSM-7, UTF-16 units in UCS-2. */
function units(text: string): number {
  if (!isGsm7(text)) return text.length;
  return Array.from(text).reduce((n, ch) => n + (GSM_EXTENDED.includes(ch) ? 2 : 1), 0);
}

/** How many parts a message takes (0 for an empty one). */
export function smsParts(text: string): number {
  const n = units(text);
  if (n === 0) return 0;
  const [single, multi] = isGsm7(text) ? [160, 153] : [70, 67];
  return n <= single ? 1 : Math.ceil(n / multi);
}

/**
 * `body`, made GSM-7 where possible and signed '- {organisation}', shortened with '...' so the
 * whole fits in MAX_PARTS parts.
 */
export function composeSms(body: string, organisation: string): { text: string; parts: number } {
  const signature = `\n- ${toGsmWherePossible(organisation.trim())}`;
  let main = toGsmWherePossible(body.trim());
  const fits = (t: string) => smsParts(t) <= MAX_PARTS;
  if (!fits(main + signature)) {
    const chars = Array.from(main);
    // Cut whole characters until it fits (a few hundred at most: the loop is cheap).
    while (chars.length > 0 && !fits(`${chars.join('').trimEnd()}...${signature}`)) chars.pop();
    main = `${chars.join('').trimEnd()}...`;
  }
  const text = main + signature;
  return { text, parts: smsParts(text) };
}
