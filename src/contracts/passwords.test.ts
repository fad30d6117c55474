import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { newPasswordSchema } from './passwords';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message);

describe('newPasswordSchema', () => {
  const twelve = { ...DEFAULT_SETTINGS.security.passwordPolicy, minLength: 12 };

  it('names the length of the policy it is given, never another', () => {
    expect(message(newPasswordSchema(twelve).safeParse('Abcde#1'))).toEqual([
      'Password must be at least 12 characters long',
    ]);
  });

  it('names every rule broken, in the server words, and takes a password that keeps them', () => {
    expect(
      message(newPasswordSchema(DEFAULT_SETTINGS.security.passwordPolicy).safeParse('abcdefgh')),
    ).toEqual([
      'Password must contain an uppercase letter Password must contain a number Password must contain a special character (such as ! # $ %)',
    ]);
    expect(newPasswordSchema(twelve).safeParse('Abcdefgh#123').success).toBe(true);
  });

  it('asks for a password that is missing', () => {
    expect(message(newPasswordSchema(twelve).safeParse(''))).toEqual(['Password is required']);
  });
});
