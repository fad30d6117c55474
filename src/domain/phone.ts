/** Phone numbers as the programme writes them, stored one way (E.164). */

const ZAMBIA = '260';
/** Digits of a Zambian number after the country code or the trunk 0 (mobiles 97..., landlines 211...). */
const ZAMBIAN_NATIONAL_DIGITS = 9;

/**
 * A phone number in E.164 (+260971234567), or null when the text is not one. Zambian forms are
 * taken as people write them: '+260 97 1234567', '260971234567', '0971234567', '(0211) 234 567';
 * a number of another country must start with + and its country code.
 */
export function normalisePhone(input: string): string | null {
  const text = input.trim();
  if (!/^[+\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) {
    if (digits.startsWith(ZAMBIA))
      return digits.length === ZAMBIA.length + ZAMBIAN_NATIONAL_DIGITS ? `+${digits}` : null;
    return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0') ? `+${digits}` : null;
  }
  if (digits.startsWith(ZAMBIA) && digits.length === ZAMBIA.length + ZAMBIAN_NATIONAL_DIGITS)
    return `+${digits}`;
  if (digits.startsWith('0') && digits.length === 1 + ZAMBIAN_NATIONAL_DIGITS)
    return `+${ZAMBIA}${digits.slice(1)}`;
  return null;
}
