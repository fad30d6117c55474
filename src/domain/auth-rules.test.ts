import { describe, expect, it } from 'vitest';
import {
  failedGuessLocks,
  isGuessAllowed,
  isSessionAlive,
  LOCKOUT_THRESHOLD,
  lastSeenResolutionMs,
  RESET_TOKEN_TTL_MS,
  tokenLifetimeMs,
  tokenState,
  VERIFY_TOKEN_TTL_MS,
} from './auth-rules';

const t0 = new Date('2026-01-01T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

describe('tokens', () => {
  it('reset lasts 1 hour and verification 24 hours', () => {
    expect(tokenLifetimeMs('reset_password')).toBe(RESET_TOKEN_TTL_MS);
    expect(RESET_TOKEN_TTL_MS).toBe(3_600_000);
    expect(tokenLifetimeMs('verify_email')).toBe(VERIFY_TOKEN_TTL_MS);
    expect(VERIFY_TOKEN_TTL_MS).toBe(86_400_000);
  });

  it('is valid once, until it expires', () => {
    const token = { expiresAt: later(1000), usedAt: null };
    expect(tokenState(token, t0)).toBe('valid');
    expect(tokenState(token, later(1000))).toBe('expired');
    expect(tokenState({ ...token, usedAt: t0 }, t0)).toBe('used');
  });
});

describe('sessions', () => {
  const idle = 30 * 60_000;
  it('ends at its absolute expiry', () => {
    expect(isSessionAlive({ expiresAt: later(10), lastSeenAt: t0, rememberMe: true }, later(10), idle)).toBe(
      false,
    );
  });
  it('without remember me, ends after the idle timeout', () => {
    const s = { expiresAt: later(10 * idle), lastSeenAt: t0, rememberMe: false };
    expect(isSessionAlive(s, later(idle - 1), idle)).toBe(true);
    expect(isSessionAlive(s, later(idle), idle)).toBe(false);
  });
  it('with remember me, idling does not end it', () => {
    expect(
      isSessionAlive(
        { expiresAt: later(10 * idle), lastSeenAt: t0, rememberMe: true },
        later(2 * idle),
        idle,
      ),
    ).toBe(true);
  });
});

describe('lockout', () => {
  it('checks five guesses; the fifth failure locks; a sixth is not checked', () => {
    expect(LOCKOUT_THRESHOLD).toBe(5);
    for (const attempt of [1, 2, 3, 4]) {
      expect(isGuessAllowed(attempt)).toBe(true);
      expect(failedGuessLocks(attempt)).toBe(false);
    }
    expect(isGuessAllowed(5)).toBe(true);
    expect(failedGuessLocks(5)).toBe(true);
    expect(isGuessAllowed(6)).toBe(false);
  });
});

describe('last seen', () => {
  it('is refreshed at a tenth of the idle timeout, at most every minute', () => {
    expect(lastSeenResolutionMs(30 * 60_000)).toBe(60_000);
    expect(lastSeenResolutionMs(60_000)).toBe(6_000);
  });
});
