import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, isPasswordExpired, passwordProblems, passwordRuleText } from './settings';

const policy = DEFAULT_SETTINGS.security.passwordPolicy;

describe('passwordProblems', () => {
  it('passes a password with every class at the minimum length', () => {
    expect(passwordProblems('Demo#2026', policy)).toEqual([]);
  });

  it('names every rule a password breaks, in the words the screens show', () => {
    expect(passwordProblems('abc', policy)).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain an uppercase letter',
      'Password must contain a number',
      'Password must contain a special character (such as ! # $ %)',
    ]);
  });

  it('follows a looser policy', () => {
    const loose = {
      ...policy,
      minLength: 6,
      requireUppercase: false,
      requireNumbers: false,
      requireSpecialChars: false,
    };
    expect(passwordProblems('simple', loose)).toEqual([]);
    expect(passwordProblems('short', loose)).toEqual(['Password must be at least 6 characters long']);
  });
});

describe('passwordRuleText', () => {
  it('says the policy in one sentence', () => {
    expect(passwordRuleText(policy)).toBe(
      'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.',
    );
    expect(
      passwordRuleText({
        ...policy,
        requireUppercase: false,
        requireNumbers: false,
        requireSpecialChars: false,
      }),
    ).toBe('At least 8 characters, with a lowercase letter.');
  });
});

describe('isPasswordExpired', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('expires a password older than the policy allows, never with 0 days', () => {
    expect(isPasswordExpired(new Date('2026-03-03T00:00:00Z'), now, policy)).toBe(true);
    expect(isPasswordExpired(new Date('2026-03-04T00:00:01Z'), now, policy)).toBe(false);
    expect(isPasswordExpired(new Date('2020-01-01T00:00:00Z'), now, { ...policy, expiryDays: 0 })).toBe(
      false,
    );
    expect(isPasswordExpired(null, now, policy)).toBe(false);
  });
});
