import { describe, expect, it } from 'vitest';
import { formatZmw, isMoneyInputTooLong, normaliseMoney, parseMoney, sumMoney, toMoneyString } from './money';

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

  it('normalises and formats sums of any size, exactly', () => {
    // Two allowances at the old maximum, and a million of them.
    expect(normaliseMoney('19999999999.98')).toBe('19999999999.98');
    expect(formatZmw('19999999999.98')).toBe('ZMW 19,999,999,999.98');
    expect(normaliseMoney('9999999999990000.00')).toBe('9999999999990000.00');
    expect(formatZmw('123456789012345678901234567890.5')).toBe(
      'ZMW 123,456,789,012,345,678,901,234,567,890.50',
    );
    expect(normaliseMoney('-20000000000.00')).toBe('-20000000000.00');
    expect(normaliseMoney('000012.3')).toBe('12.30');
    expect(normaliseMoney('-0.00')).toBe('0.00');
    expect(normaliseMoney('0')).toBe('0.00');
  });

  it('still refuses what is not an amount when normalising', () => {
    for (const bad of ['', 'abc', '1.234', '1e9', '0x10', '--1', '1.2.3']) {
      expect(() => normaliseMoney(bad)).toThrow('Not an amount');
    }
  });

  it('tells an amount with too many digits from a malformed one', () => {
    expect(parseMoney('12345678901')).toBeNull();
    expect(isMoneyInputTooLong('12345678901')).toBe(true);
    expect(isMoneyInputTooLong('12,345,678,901.50')).toBe(true);
    expect(isMoneyInputTooLong('9'.repeat(100_000))).toBe(true);
    for (const other of ['1234567890', '1e12', '-12345678901', '0x1000000000000', null, undefined]) {
      expect(isMoneyInputTooLong(other)).toBe(false);
    }
  });
});
