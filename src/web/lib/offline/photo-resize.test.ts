import { describe, expect, it } from 'vitest';
import { fittedSize, PHOTO_LONG_SIDE } from './photo-resize';

describe('fittedSize', () => {
  it('brings the long side to 1,600 px, keeping the shape', () => {
    expect(fittedSize(4000, 3000)).toEqual({ width: PHOTO_LONG_SIDE, height: 1200 });
    expect(fittedSize(3000, 4000)).toEqual({ width: 1200, height: PHOTO_LONG_SIDE });
  });

  it('never enlarges a small photo', () => {
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
