import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { isZambianMobile } from '../domain/payment-channels';

/**
 * A wallet number in E.164 (+260…), read as a Zambian number unless it says otherwise, or null
 * when it is no Zambian mobile number. One parse (libphonenumber-js) for the server, the profile's
 * form and the import's preview, so each reads a number the same way.
 */
export function walletE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, 'ZM');
  if (!parsed?.isValid()) return null;
  return isZambianMobile(parsed.number) ? parsed.number : null;
}
