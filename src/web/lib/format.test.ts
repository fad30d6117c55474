import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currencyLabel,
  DEFAULT_DISPLAY,
  dayOf,
  displaySettings,
  formatCompactZmw,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  moneyParts,
  setDisplaySettings,
  todayIso,
} from './format';

afterEach(() => {
  setDisplaySettings(DEFAULT_DISPLAY);
  vi.useRealTimers();
});

// 23:30 UTC on Friday 20 November: already Saturday in Lusaka and Harare (UTC+2), not in UTC.
const LATE_FRIDAY_UTC = new Date('2026-11-20T23:30:00Z');

describe('format', () => {
  it('shows money as ZMW', () => {
    expect(formatMoney('1234.5')).toBe('ZMW 1,234.50');
  });

  it('shows the day as it is in Lusaka, DD/MM/YYYY, until the settings say otherwise', () => {
    expect(displaySettings()).toEqual({
      dateFormat: 'DD/MM/YYYY',
      timeZone: 'Africa/Lusaka',
      currency: 'ZMW',
    });
    expect(formatLongDate(LATE_FRIDAY_UTC)).toBe('Saturday, 21 November 2026');
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026');
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(LATE_FRIDAY_UTC)).toBe('21/11/2026');
    expect(formatDateTime('2026-11-21T12:05:00Z')).toBe('21/11/2026 14:05');
  });

  it('writes each date format', () => {
    setDisplaySettings({ dateFormat: 'MM/DD/YYYY', timeZone: 'Africa/Lusaka' });
    expect(formatDate('2026-03-05')).toBe('03/05/2026');
    expect(formatDateTime('2026-11-21T12:05:00Z')).toBe('11/21/2026 14:05');
    expect(formatLongDate('2026-11-21')).toBe('Saturday, November 21, 2026');

    setDisplaySettings({ dateFormat: 'YYYY-MM-DD', timeZone: 'Africa/Lusaka' });
    expect(formatDate('2026-03-05')).toBe('2026-03-05');
    expect(formatDateTime('2026-11-21T12:05:00Z')).toBe('2026-11-21 14:05');
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026');

    setDisplaySettings({ dateFormat: 'DD/MM/YYYY', timeZone: 'Africa/Lusaka' });
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
  });

  it('reads instants in the chosen time zone', () => {
    setDisplaySettings({ dateFormat: 'DD/MM/YYYY', timeZone: 'UTC' });
    expect(formatDate(LATE_FRIDAY_UTC)).toBe('20/11/2026');
    expect(formatDateTime(LATE_FRIDAY_UTC)).toBe('20/11/2026 23:30');
    expect(formatLongDate(LATE_FRIDAY_UTC)).toBe('Friday, 20 November 2026');
    expect(dayOf(LATE_FRIDAY_UTC)).toBe('2026-11-20');

    setDisplaySettings({ dateFormat: 'YYYY-MM-DD', timeZone: 'Africa/Harare' });
    expect(formatDateTime(LATE_FRIDAY_UTC)).toBe('2026-11-21 01:30');
    expect(dayOf(LATE_FRIDAY_UTC)).toBe('2026-11-21');
  });

  it('keeps a calendar day that day in every zone', () => {
    for (const timeZone of ['Africa/Lusaka', 'Africa/Harare', 'UTC'] as const) {
      setDisplaySettings({ dateFormat: 'YYYY-MM-DD', timeZone });
      expect(formatDate('2026-01-01')).toBe('2026-01-01');
      expect(formatLongDate('2026-01-01')).toBe('Thursday, 1 January 2026');
    }
  });

  it('knows today in the chosen zone', () => {
    vi.useFakeTimers();
    vi.setSystemTime(LATE_FRIDAY_UTC);
    expect(todayIso()).toBe('2026-11-21');
    setDisplaySettings({ dateFormat: 'DD/MM/YYYY', timeZone: 'UTC' });
    expect(todayIso()).toBe('2026-11-20');
  });

  it('compacts axis amounts', () => {
    expect(formatCompactZmw(12500)).toBe('K12.5k');
    expect(formatCompactZmw(2_000_000)).toBe('K2m');
    expect(formatCompactZmw(300)).toBe('K300');
  });
});

describe('the currency label of System Settings', () => {
  afterEach(() => setDisplaySettings(DEFAULT_DISPLAY));

  it('labels amounts with the chosen currency, never converting them', () => {
    expect(formatMoney('1234.5')).toBe('ZMW 1,234.50');
    expect(formatCompactZmw(12_500)).toBe('K12.5k');
    setDisplaySettings({ ...DEFAULT_DISPLAY, currency: 'USD' });
    expect(currencyLabel()).toBe('USD');
    expect(formatMoney('1234.5')).toBe('USD 1,234.50');
    expect(formatCompactZmw(12_500)).toBe('USD 12.5k');
  });

  it("splits a tile's figure into the label and the whole amount", () => {
    expect(moneyParts('9999999.99')).toEqual({ currency: 'ZMW', amount: '9,999,999.99' });
    expect(moneyParts('-5')).toEqual({ currency: 'ZMW', amount: '-5.00' });
    setDisplaySettings({ ...DEFAULT_DISPLAY, currency: 'USD' });
    expect(moneyParts('100300')).toEqual({ currency: 'USD', amount: '100,300.00' });
  });
});
