import { describe, expect, it } from 'vitest';
import { composeSms, isGsm7, MAX_PARTS, smsParts, toGsmWherePossible } from './sms-text';

describe('text message bodies', () => {
  it('writes look-alikes and accents in GSM-7', () => {
    expect(toGsmWherePossible('It’s “paid” – Zoë, Ólá')).toBe('It\'s "paid" - Zoe, Ola');
    expect(isGsm7(toGsmWherePossible('Chileshe’s café'))).toBe(true);
  });

  it('counts parts as the network does', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('€'.repeat(80))).toBe(1);
    expect(smsParts('€'.repeat(81))).toBe(2);
    expect(smsParts('中'.repeat(70))).toBe(1);
    expect(smsParts('中'.repeat(71))).toBe(2);
  });

  it('signs with the organisation and shortens to three parts', () => {
    const short = composeSms('Your allowance was paid.', 'Hope Trust');
    expect(short).toEqual({ text: 'Your allowance was paid.\n- Hope Trust', parts: 1 });
    const long = composeSms('word '.repeat(200), 'Hope Trust');
    expect(long.parts).toBe(MAX_PARTS);
    expect(long.text.endsWith('...\n- Hope Trust')).toBe(true);
    expect(smsParts(`${long.text}xxxxxxxx`)).toBeGreaterThan(MAX_PARTS);
  });
});
