import { describe, expect, it } from 'vitest';
import { hasRoleRank, isStaffRole, roleLabel, roleRank, roleTitle } from './roles';

describe('role ranks (docs/product.md §6)', () => {
  it('ranks user=1, program_officer=2, deputy_manager=3, admin=4', () => {
    expect(roleRank('user')).toBe(1);
    expect(roleRank('program_officer')).toBe(2);
    expect(roleRank('deputy_manager')).toBe(3);
    expect(roleRank('admin')).toBe(4);
    expect(roleRank('student')).toBe(1);
    expect(roleRank('flmi_advisor')).toBe(0);
  });

  it('admits the required rank or higher', () => {
    expect(hasRoleRank('deputy_manager', 'deputy_manager')).toBe(true);
    expect(hasRoleRank('admin', 'deputy_manager')).toBe(true);
    expect(hasRoleRank('program_officer', 'deputy_manager')).toBe(false);
    expect(hasRoleRank('deputy_manager', 'admin')).toBe(false);
    expect(hasRoleRank('user', 'program_officer')).toBe(false);
    expect(hasRoleRank('student', 'program_officer')).toBe(false);
    expect(hasRoleRank('nonsense', 'user')).toBe(false);
  });

  it('counts only program officers, deputy managers and admins as staff (docs/product.md D9)', () => {
    expect(['user', 'student', 'program_officer', 'deputy_manager', 'admin'].filter(isStaffRole)).toEqual([
      'program_officer',
      'deputy_manager',
      'admin',
    ]);
  });

  it('shows underscores as spaces', () => {
    expect(roleLabel('program_officer')).toBe('program officer');
    expect(roleTitle('deputy_manager')).toBe('Deputy Manager');
  });
});
