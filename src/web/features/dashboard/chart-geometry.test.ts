import { describe, expect, it } from 'vitest';
import {
  barPath,
  clampLabel,
  donutSlicePath,
  formatCount,
  labelledIndexes,
  niceTicks,
} from './chart-geometry';

describe('chart geometry', () => {
  it('ticks at round steps from zero to at least the largest value', () => {
    expect(niceTicks(0, 34, 4, true)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(0, 180_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(niceTicks(0, 3, 4, true)).toEqual([0, 1, 2, 3]);
    // Counts never step by 2.5.
    expect(niceTicks(0, 9, 4, true)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0, 0.9)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(-120, 300)).toEqual([-200, 0, 200, 400]);
    // Nothing to plot: still an axis.
    expect(niceTicks(0, 0)).toEqual([0, 1]);
  });

  it('names every k-th category, always the last', () => {
    expect([...labelledIndexes(12, 64, 56)].sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect([...labelledIndexes(12, 25, 56)].sort((a, b) => a - b)).toEqual([2, 5, 8, 11]);
  });

  it('keeps a label inside the drawing', () => {
    expect(clampLabel(5, 40, 300)).toBe(20);
    expect(clampLabel(295, 40, 300)).toBe(280);
    expect(clampLabel(150, 40, 300)).toBe(150);
  });

  it('draws slices as arcs, and a whole ring as two circles', () => {
    const quarter = donutSlicePath(100, 100, 50, 80, 0, Math.PI / 2);
    expect(quarter).toBe('M 100 20 A 80 80 0 0 1 180 100 L 150 100 A 50 50 0 0 0 100 50 Z');
    expect(donutSlicePath(100, 100, 50, 80, 0, 1.5 * Math.PI)).toContain('A 80 80 0 1 1');
    expect(donutSlicePath(100, 100, 50, 80, 0, 2 * Math.PI).match(/M /g)).toHaveLength(2);
  });

  it('rounds only a bar top, never more than it is tall', () => {
    expect(barPath(10, 20, 30, 50, 0)).toBe('M 10 70 V 20 H 40 V 70 Z');
    expect(barPath(10, 20, 30, 50, 4)).toBe('M 10 70 V 24 Q 10 20 14 20 H 36 Q 40 20 40 24 V 70 Z');
    expect(barPath(10, 20, 30, 2, 4)).toContain('V 22 Q 10 20 12 20');
  });

  it('writes counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});
