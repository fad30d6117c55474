import { describe, expect, it } from 'vitest';
import { searchMode } from './search';

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
