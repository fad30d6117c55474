import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { HttpError } from '../http/errors';

/*
 * Two-factor secrets are kept encrypted (AES-256-GCM), so a copy of the database (a backup, a
 * dump) does not hand over everyone's authenticator. The key is TWO_FACTOR_KEY; outside production
 * one is made in DATA_DIR on first use, so development and the demo need no setup.
 */

export const TWO_FACTOR_KEY_MISSING =
  'Two-factor sign-in is not available: the server has no TWO_FACTOR_KEY. Ask an administrator to set it (64 hexadecimal characters) and restart the server.';
export const TWO_FACTOR_KEY_WRONG =
  "This server's TWO_FACTOR_KEY cannot read the stored two-factor secrets (was the key changed?). Ask an administrator.";

const KEY_FILE = 'two-factor.key';
const VERSION = 'v1';

/** `v1:<iv>:<tag>:<ciphertext>`, each base64url; a fresh IV every time. */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
}

/** The secret sealed by sealSecret; throws when it was changed or sealed with another key. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** openSecret for a request: a key that cannot read it is the server's fault, said plainly. */
export function openStoredSecret(key: Buffer, sealed: string): string {
  try {
    return openSecret(key, sealed);
  } catch {
    throw new HttpError(503, TWO_FACTOR_KEY_WRONG, { code: 'two_factor_key_wrong' });
  }
}

const keyFiles = new Map<string, Promise<Buffer>>();

/**
 * The key two-factor secrets are sealed with. Production without TWO_FACTOR_KEY answers 503
 * naming it: a key made on the fly there would be lost with the container, and every enrolment with it.
 */
export function twoFactorKey(config: Pick<Config, 'twoFactorKey' | 'nodeEnv' | 'dataDir'>): Promise<Buffer> {
  if (config.twoFactorKey) return Promise.resolve(config.twoFactorKey);
  if (config.nodeEnv === 'production')
    return Promise.reject(new HttpError(503, TWO_FACTOR_KEY_MISSING, { code: 'two_factor_key_missing' }));
  const file = path.join(config.dataDir, KEY_FILE);
  let key = keyFiles.get(file);
  if (!key) {
    key = keyFromFile(file);
    key.catch(() => keyFiles.delete(file));
    keyFiles.set(file, key);
  }
  return key;
}

/**
 * Reads the key file, or makes it. The new key is written whole to a file of its own and then
 * linked to the key file's name, which fails if the name exists: of two processes starting at
 * once, one's key wins and the other reads it, never a half-written file.
 */
export async function keyFromFile(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true });
  const made = randomBytes(32).toString('hex');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, made, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      // Someone else's key is in place: read it below.
    } else if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
      // A file system without hard links: exclusive create of the key file itself.
      await writeFile(file, made, { flag: 'wx', mode: 0o600 }).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
      });
    } else throw error;
  } finally {
    await unlink(draft);
  }
  return readKeyFile(file);
}

async function readKeyFile(file: string): Promise<Buffer> {
  // Without hard links, another process may still be writing its key: give it a moment.
  for (let tries = 0; ; tries++) {
    const text = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
    if (tries >= 5) throw new Error(`${file} is not a two-factor key (64 hexadecimal characters)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
