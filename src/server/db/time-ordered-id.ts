import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds, then random bits, as the database's
 * uuid_v7() makes for allowances. For rows the app names before writing them (a bulk upload's
 * allowances, so their audit entries can point at them), keeping the id index in time order.
 */
export function timeOrderedUuid(at: Date = new Date()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
