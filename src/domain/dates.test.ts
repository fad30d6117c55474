import { describe, expect, it } from 'vitest';
import {
  type DayFormat,
  dayAsWritten,
  dayFromWritten,
  lusakaDate,
  lusakaDayBounds,
  lusakaHour,
  UTC_OFFSET_HOURS,
} from './dates';
import { DATE_FORMATS, TIME_ZONES } from './settings';

describe('lusakaDayBounds', () => {
  it('starts a Lusaka day at 22:00 UTC the evening before and lasts 24 hours', () => {
    const { start, end } = lusakaDayBounds('2026-03-01');
    expect(start.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(lusakaDate(start)).toBe('2026-03-01');
    expect(lusakaDate(new Date(end.getTime() - 1))).toBe('2026-03-01');
  });
});

describe('lusakaHour', () => {
  it('is two hours ahead of UTC all year', () => {
    expect(lusakaHour(new Date('2026-01-15T04:59:00Z'))).toBe(6);
    expect(lusakaHour(new Date('2026-07-15T05:00:00Z'))).toBe(7);
    expect(lusakaHour(new Date('2026-03-01T22:30:00Z'))).toBe(0);
  });
});

describe('UTC_OFFSET_HOURS', () => {
  it("is every offered zone's offset on every day of the year", () => {
    for (const zone of TIME_ZONES) {
      for (let day = 0; day < 366; day += 7) {
        const noon = new Date(Date.UTC(2026, 0, 1 + day, 12));
        expect({ zone, hour: lusakaHour(noon, zone) }).toEqual({ zone, hour: 12 + UTC_OFFSET_HOURS[zone] });
      }
    }
  });
});

describe('days as System Settings write them (D13)', () => {
  // Every format the settings offer is one these functions know.
  const formats: readonly DayFormat[] = DATE_FORMATS;

  it('writes a YYYY-MM-DD day in each format, DD/MM/YYYY by default', () => {
    expect(dayAsWritten('2026-11-26')).toBe('26/11/2026');
    expect(formats.map((f) => dayAsWritten('2026-01-05', f))).toEqual([
      '05/01/2026',
      '01/05/2026',
      '2026-01-05',
    ]);
  });

  it('reads a day typed in the format back as YYYY-MM-DD, with short numbers and other separators', () => {
    expect(dayFromWritten('26/11/2026')).toBe('2026-11-26');
    expect(dayFromWritten(' 5.1.2026 ')).toBe('2026-01-05');
    expect(dayFromWritten('01/05/2026', 'MM/DD/YYYY')).toBe('2026-01-05');
    expect(dayFromWritten('2026-1-5', 'YYYY-MM-DD')).toBe('2026-01-05');
    for (const f of formats) expect(dayFromWritten(dayAsWritten('2024-02-29', f), f)).toBe('2024-02-29');
  });

  it('reads an impossible or half-typed day as null', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2025',
      '13/13/2026',
      '2026-11-26',
      '26/11/26',
      '26/11',
      '',
      'soon',
    ])
      expect(dayFromWritten(text), text).toBeNull();
    expect(dayFromWritten('11/26/2026')).toBeNull();
    expect(dayFromWritten('26/11/2026', 'YYYY-MM-DD')).toBeNull();
  });
});
