import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'attendee')).toBe('1 attendee');
    expect(plural(0, 'attendee')).toBe('0 attendees');
    expect(plural(2, 'story', 'stories')).toBe('2 stories');
    expect(plural(1, 'story', 'stories')).toBe('1 story');
    expect(plural(1200, 'allowance')).toBe('1,200 allowances');
  });
});
