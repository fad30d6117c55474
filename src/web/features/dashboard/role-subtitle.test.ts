import { describe, expect, it } from 'vitest';
import { roleSubtitle } from './role-subtitle';

describe('roleSubtitle', () => {
  it('names each role its dashboard', () => {
    expect(roleSubtitle('admin')).toBe('System Overview Dashboard');
    expect(roleSubtitle('program_officer')).toBe('Your Students Dashboard');
    expect(roleSubtitle('deputy_manager')).toBe('Management Dashboard');
  });
  it('gives every other account the academic view', () => {
    expect(roleSubtitle('user')).toBe('Your Academic Progress');
    expect(roleSubtitle('student')).toBe('Your Academic Progress');
    expect(roleSubtitle('something_else')).toBe('Your Academic Progress');
  });
});
