import { describe, expect, it } from 'vitest';
import { auditChanges, auditValue, HIDDEN_VALUE, isSecretField } from './audit';

describe('auditChanges', () => {
  it('lists only the fields that changed, with before and after exactly as stored', () => {
    const before = { stipend: '1500.00', month: 'March', year: 2026, date_of_birth: '2004-02-29' };
    const after = { stipend: '1500.10', month: 'March', year: 2027, date_of_birth: '2004-03-01' };
    expect(auditChanges(before, after)).toEqual({
      stipend: { before: '1500.00', after: '1500.10' },
      year: { before: 2026, after: 2027 },
      date_of_birth: { before: '2004-02-29', after: '2004-03-01' },
    });
  });

  it('lists every field with a value of a record created or deleted', () => {
    expect(auditChanges(null, { first_name: 'Mwila', email: null })).toEqual({
      first_name: { before: null, after: 'Mwila' },
    });
    expect(auditChanges({ first_name: 'Mwila' }, null)).toEqual({
      first_name: { before: 'Mwila', after: null },
    });
  });

  it('treats a missing field and null alike, and leaves out ignored bookkeeping fields', () => {
    const at = (iso: string) => new Date(iso);
    expect(
      auditChanges(
        { email: null, updated_at: at('2026-01-01T00:00:00Z') },
        { updated_at: at('2026-02-01T00:00:00Z') },
        { ignore: ['updated_at'] },
      ),
    ).toEqual({});
  });

  it('never keeps the value of a secret, only that it changed', () => {
    const changes = auditChanges(
      { passwordHash: '$argon2id$old', reset_token: null, name: 'A' },
      { passwordHash: '$argon2id$new', reset_token: 'abc', name: 'A' },
    );
    expect(changes).toEqual({
      passwordHash: { before: HIDDEN_VALUE, after: HIDDEN_VALUE },
      reset_token: { before: null, after: HIDDEN_VALUE },
    });
    expect(JSON.stringify(changes)).not.toMatch(/argon2id|abc/);
  });

  it('recognises secret field names in either case style', () => {
    for (const field of [
      'password_hash',
      'passwordHash',
      'password',
      'new_password',
      'session_token',
      'totp_secret',
      'recovery_codes',
    ])
      expect(isSecretField(field)).toBe(true);
    // The settings' password policy says how long a password must be, not what it is.
    for (const field of [
      'stipend',
      'first_name',
      'approval_stage',
      'email',
      'security.passwordPolicy.minLength',
    ])
      expect(isSecretField(field)).toBe(false);
  });
});

describe('auditValue', () => {
  it('keeps dates as ISO text and big numbers as text, so nothing is rounded', () => {
    expect(auditValue(new Date('2026-09-28T10:00:00Z'))).toBe('2026-09-28T10:00:00.000Z');
    expect(auditValue(12345678901234567890n)).toBe('12345678901234567890');
    expect(auditValue(undefined)).toBeNull();
    expect(auditValue({ a: 1 })).toBe('{"a":1}');
  });
});
