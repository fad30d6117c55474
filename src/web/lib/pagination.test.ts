import { describe, expect, it } from 'vitest';
import { pageCount, showingRange } from './pagination';

describe('pageCount', () => {
  it('counts the pages a total fills, at least one', () => {
    expect(pageCount(120, 25)).toBe(5);
    expect(pageCount(140, 25)).toBe(6);
    expect(pageCount(0, 25)).toBe(1);
  });
});

describe('showingRange', () => {
  it('words the rows of the current page', () => {
    expect(showingRange(1, 25, 120)).toBe('Showing 1–25 of 120');
    expect(showingRange(5, 25, 120)).toBe('Showing 101–120 of 120');
    expect(showingRange(6, 25, 140)).toBe('Showing 126–140 of 140');
  });

  it('says nothing is shown when the list is empty or the page is past the end', () => {
    expect(showingRange(1, 25, 0)).toBe('Showing 0 of 0');
    expect(showingRange(3, 25, 40)).toBe('Showing 0 of 40');
  });
});
