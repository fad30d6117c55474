import { createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Airtel's public key for the disbursement PIN, as its developer portal gives it: a bare base64
 * DER (SubjectPublicKeyInfo) string, or the same in PEM armour. Null when it is neither, so that
 * start-up can refuse it instead of every payout failing later.
 */
export function readPinPublicKey(text: string): KeyObject | null {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed.replace(/\\n/g, '\n'));
    return createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
}
