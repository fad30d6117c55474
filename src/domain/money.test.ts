import { describe, expect, it } from 'vitest';
import { formatZmw, normaliseMoney, parseMoney, sumMoney, toMoneyString } from './money';

describe('money', () => {
  it('parses amounts exactly, in ngwee', () => {
    expect(parseMoney('1500')).toBe(150000n);
    expect(parseMoney('0.1')).toBe(10n);
    expect(parseMoney('1,234.56')).toBe(123456n);
    expect(parseMoney(' 200 ')).toBe(20000n);
    expect(parseMoney(12.5)).toBe(1250n);
  });

  it('refuses what is not a non-negative amount with at most two decimals', () => {
    for (const bad of ['-1', 'abc', '', '1.234', '1e3', '12..5', null, undefined, 'NaN']) {
      expect(parseMoney(bad as string)).toBeNull();
    }
  });

  it('adds without floating point error', () => {
    const total = sumMoney([parseMoney('0.1')!, parseMoney('0.2')!]);
    expect(toMoneyString(total)).toBe('0.30');
  });

  it('normalises and formats as ZMW', () => {
    expect(normaliseMoney('1234.5')).toBe('1234.50');
    expect(formatZmw('1234.5')).toBe('ZMW 1,234.50');
    expect(formatZmw('1234567.891'.slice(0, 10))).toBe('ZMW 1,234,567.89');
    expect(formatZmw(0)).toBe('ZMW 0.00');
    expect(formatZmw('-15')).toBe('-ZMW 15.00');
  });
});
