import { describe, expect, it } from 'vitest';
import { lusakaDate, lusakaDayBounds, lusakaHour, UTC_OFFSET_HOURS } from './dates';
import { TIME_ZONES } from './settings';

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
