import { describe, expect, it } from 'vitest';
import { capCount, formatCount, SEARCH_COUNT_CAP, searchMode } from './search';

describe('searchMode (D17)', () => {
  it('matches the start of a name or number for one or two characters', () => {
    expect(searchMode('b')).toBe('prefix');
    expect(searchMode('ba')).toBe('prefix');
    expect(searchMode(' ba ')).toBe('prefix');
  });

  it('matches anywhere from three characters', () => {
    expect(searchMode('ban')).toBe('anywhere');
    expect(searchMode('CHL-0')).toBe('anywhere');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(searchMode('😀a')).toBe('prefix');
  });
});

describe('capped counts (D17)', () => {
  it('keeps a count up to the cap exact', () => {
    expect(capCount(0)).toEqual({ total: 0, capped: false });
    expect(capCount(SEARCH_COUNT_CAP)).toEqual({ total: 1000, capped: false });
  });

  it('reads a count past the cap as the cap, marked capped', () => {
    expect(capCount(SEARCH_COUNT_CAP + 1)).toEqual({ total: 1000, capped: true });
  });

  it("shows a capped count as '1,000+' and any other as its figure", () => {
    expect(formatCount(1000, true)).toBe('1,000+');
    expect(formatCount(1000)).toBe('1000');
    expect(formatCount(7, false)).toBe('7');
  });
});
