import { describe, expect, it } from 'vitest';
import { formatCompactZmw, formatDate, formatDateTime, formatLongDate, formatMoney } from './format';

describe('format', () => {
  it('shows money as ZMW', () => {
    expect(formatMoney('1234.5')).toBe('ZMW 1,234.50');
  });
  it('shows the day as it is in Lusaka', () => {
    // 23:30 UTC on Friday is already Saturday in Lusaka (UTC+2).
    expect(formatLongDate(new Date('2026-11-20T23:30:00Z'))).toBe('Saturday, 21 November 2026');
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026');
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(new Date('2026-11-20T23:30:00Z'))).toBe('21/11/2026');
    expect(formatDateTime('2026-11-21T12:05:00Z')).toBe('21/11/2026 14:05');
  });
  it('compacts axis amounts', () => {
    expect(formatCompactZmw(12500)).toBe('K12.5k');
    expect(formatCompactZmw(2_000_000)).toBe('K2m');
    expect(formatCompactZmw(300)).toBe('K300');
  });
});
