import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone';

describe('normalisePhone', () => {
  it.each([
    ['+260 97 1234567', '+260971234567'],
    ['+260971234567', '+260971234567'],
    ['0971234567', '+260971234567'],
    ['097-123-4567', '+260971234567'],
    ['260971234567', '+260971234567'],
    ['(0211) 234 567', '+260211234567'],
    [' +27 82 123 4567 ', '+27821234567'],
  ])('stores %j as %j', (input, stored) => expect(normalisePhone(input)).toBe(stored));

  it.each([
    ['971234567'],
    ['+260 97 123456'],
    ['+260 97 12345678'],
    ['09712345678'],
    ['phone me'],
    ['+0123456789'],
    ['=1+2'],
    ['12'],
  ])('refuses %j', (input) => expect(normalisePhone(input)).toBeNull());
});
