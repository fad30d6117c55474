import { describe, expect, it } from 'vitest';
import { isAuthMessage } from './auth-channel';

describe('isAuthMessage', () => {
  it('accepts the two messages and nothing else', () => {
    expect(isAuthMessage({ type: 'logout' })).toBe(true);
    expect(isAuthMessage({ type: 'login', userId: 'u1' })).toBe(true);
    expect(isAuthMessage({ type: 'login' })).toBe(false);
    expect(isAuthMessage('logout')).toBe(false);
    expect(isAuthMessage(null)).toBe(false);
  });
});
