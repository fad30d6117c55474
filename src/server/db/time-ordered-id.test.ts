import { describe, expect, it } from 'vitest';
import { isUuid } from '../../contracts/common';
import { timeOrderedUuid } from './time-ordered-id';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID that starts with its time, so later ids sort after earlier ones', () => {
    const early = timeOrderedUuid(new Date('2026-03-16T08:00:00.000Z'));
    const late = timeOrderedUuid(new Date('2026-03-16T08:00:00.001Z'));
    for (const id of [early, late]) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
    expect(early.slice(0, 13)).toBe('019cf5a8-b400');
    expect(early < late).toBe(true);
    expect(timeOrderedUuid()).not.toBe(timeOrderedUuid());
  });
});
