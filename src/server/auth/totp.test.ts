import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newTotpSecret,
  otpauthUrl,
  totpCode,
  totpStep,
} from './totp';
import { keyFromFile, openSecret, sealSecret, TWO_FACTOR_KEY_MISSING, twoFactorKey } from './two-factor-key';

const ascii = (s: string) => Buffer.from(s, 'ascii');
const at = (seconds: number) => new Date(seconds * 1000);

describe('HOTP (RFC 4226 appendix D)', () => {
  it('gives the RFC codes for counters 0 to 9', () => {
    const secret = ascii('12345678901234567890');
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(secret, counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const vectors: Array<[number, string, string, string]> = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  const sha1 = ascii('12345678901234567890');
  const sha256 = ascii('12345678901234567890123456789012');
  const sha512 = ascii('1234567890123456789012345678901234567890123456789012345678901234');

  it.each(vectors)('at %i s', (seconds, one, two56, five12) => {
    const step = totpStep(at(seconds));
    expect(hotp(sha1, step, 8)).toBe(one);
    expect(hotp(sha256, step, 8, 'sha256')).toBe(two56);
    expect(hotp(sha512, step, 8, 'sha512')).toBe(five12);
  });

  it("uses 30-second steps and the RFC's six-digit truncation by default", () => {
    expect(totpStep(at(59))).toBe(1);
    expect(totpStep(at(60))).toBe(2);
    expect(totpCode(sha1, totpStep(at(59)))).toBe('287082');
  });
});

describe('matching a typed code', () => {
  const secret = ascii('12345678901234567890');
  const now = at(1111111111);
  const step = totpStep(now);

  it('accepts the current step and one either side, nothing further', () => {
    expect(matchingStep(secret, totpCode(secret, step), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, step - 1), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, step + 1), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, step - 2), now)).toBeNull();
    expect(matchingStep(secret, totpCode(secret, step + 2), now)).toBeNull();
  });

  it('never accepts a step at or before the last one accepted', () => {
    const code = totpCode(secret, step);
    expect(matchingStep(secret, code, now, step)).toBeNull();
    expect(matchingStep(secret, code, now, step + 1)).toBeNull();
    expect(matchingStep(secret, code, now, step - 1)).toBe(step);
  });

  it('takes "123 456" as typed from an app, and refuses what is not six digits', () => {
    const code = totpCode(secret, step);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(matchingStep(secret, `${code}0`, now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
    expect(matchingStep(secret, '', now)).toBeNull();
  });
});

describe('base32 (RFC 4648)', () => {
  it('encodes the RFC examples without padding', () => {
    const examples: Array<[string, string]> = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of examples) {
      expect(base32Encode(ascii(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString('ascii')).toBe(plain);
    }
  });

  it('round-trips random secrets, read back in any case with spaces and padding', () => {
    for (let i = 0; i < 50; i++) {
      const bytes = randomBytes(1 + (i % 32));
      const text = base32Encode(bytes);
      expect(base32Decode(text)).toEqual(bytes);
      expect(base32Decode(`${text.toLowerCase().replace(/(.{4})/g, '$1 ')}===`)).toEqual(bytes);
    }
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
    expect(() => base32Decode('not base32!')).toThrow();
  });
});

describe('the otpauth:// link', () => {
  it('names the issuer and account as authenticator apps expect', () => {
    const url = new URL(otpauthUrl('CHL Back-office', 'ADM001', 'JBSWY3DPEHPK3PXP'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/CHL Back-office:ADM001');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('CHL Back-office');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});

describe('sealed secrets (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV every time', () => {
    const secret = newTotpSecret();
    const a = sealSecret(key, secret);
    const b = sealSecret(key, secret);
    expect(a.startsWith('v1:')).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(openSecret(key, a)).toBe(secret);
    expect(openSecret(key, b)).toBe(secret);
  });

  it('refuses a changed ciphertext, a changed tag, another key, and what is not sealed', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    const [version, iv, tag, body] = sealed.split(':') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    expect(() => openSecret(key, [version, iv, tag, flip(body)].join(':'))).toThrow();
    expect(() => openSecret(key, [version, iv, flip(tag), body].join(':'))).toThrow();
    expect(() => openSecret(key, [version, flip(iv), tag, body].join(':'))).toThrow();
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    expect(() => openSecret(key, 'JBSWY3DPEHPK3PXP')).toThrow();
    expect(() => openSecret(key, `v2:${iv}:${tag}:${body}`)).toThrow();
  });
});

describe('the key', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chl-2fa-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is TWO_FACTOR_KEY when set', async () => {
    const key = randomBytes(32);
    expect(await twoFactorKey({ twoFactorKey: key, nodeEnv: 'production', dataDir: dir })).toBe(key);
  });

  it('in production without TWO_FACTOR_KEY, is refused with 503 naming the variable', async () => {
    await expect(
      twoFactorKey({ twoFactorKey: null, nodeEnv: 'production', dataDir: dir }),
    ).rejects.toMatchObject({ status: 503, message: TWO_FACTOR_KEY_MISSING });
    expect(TWO_FACTOR_KEY_MISSING).toContain('TWO_FACTOR_KEY');
  });

  it('elsewhere, is made once in DATA_DIR (owner-only), and racers all end with the same one', async () => {
    const file = path.join(dir, 'racing', 'two-factor.key');
    const keys = await Promise.all(Array.from({ length: 8 }, () => keyFromFile(file)));
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    expect(keys[0]).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await keyFromFile(file)).equals(keys[0]!)).toBe(true);
    const viaConfig = await twoFactorKey({
      twoFactorKey: null,
      nodeEnv: 'development',
      dataDir: path.dirname(file),
    });
    expect(viaConfig.equals(keys[0]!)).toBe(true);
  });
});
