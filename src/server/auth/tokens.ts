import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a session or link: 256 bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so a copy of the database lets nobody sign in or reset a password. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
