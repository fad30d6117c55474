import { describe, expect, it } from 'vitest';
import { CAROUSEL_INTERVAL_MS, nextIndex } from './carousel';

describe('carousel', () => {
  it('moves to the next slide', () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(3, 5)).toBe(4);
  });
  it('wraps from the last slide to the first', () => {
    expect(nextIndex(4, 5)).toBe(0);
  });
  it('survives odd inputs', () => {
    expect(nextIndex(0, 0)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(9, 5)).toBe(0);
  });
  it('rotates every 5 seconds', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
  });
});
