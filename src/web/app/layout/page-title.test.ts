import { describe, expect, it } from 'vitest';
import { documentTitle, pageTitleOf } from './page-title';

describe('page titles', () => {
  it("uses the screen's own title, else its link's", () => {
    expect(pageTitleOf('/students')).toBe('Student Management');
    expect(pageTitleOf('/dashboard')).toBe('Dashboard');
    expect(pageTitleOf('/account')).toBe('My Profile');
    expect(pageTitleOf('/nowhere')).toBeNull();
  });

  it('does not take /yearbook-admin for /yearbook', () => {
    expect(pageTitleOf('/yearbook-admin')).toBe('Yearbook Management');
    expect(pageTitleOf('/yearbook')).toBe('Graduation Yearbook');
  });

  it('ends with the system name', () => {
    expect(documentTitle('Student Management', 'Bursary Desk')).toBe('Student Management · Bursary Desk');
    expect(documentTitle(null, 'Bursary Desk')).toBe('Bursary Desk');
  });
});
