import { describe, expect, it } from 'vitest';
import { lusakaDate, lusakaDayBounds } from './dates';

describe('lusakaDayBounds', () => {
  it('starts a Lusaka day at 22:00 UTC the evening before and lasts 24 hours', () => {
    const { start, end } = lusakaDayBounds('2026-03-01');
    expect(start.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(lusakaDate(start)).toBe('2026-03-01');
    expect(lusakaDate(new Date(end.getTime() - 1))).toBe('2026-03-01');
  });
});
