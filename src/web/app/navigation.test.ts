import { LayoutDashboard } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { type NavItem, visibleNavigation } from './navigation';

const items: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/students', label: 'Students', icon: LayoutDashboard, staffOnly: true },
  { to: '/yearbook-admin', label: 'Yearbook Admin', icon: LayoutDashboard, minRole: 'deputy_manager' },
];

describe('visibleNavigation', () => {
  it('hides staff areas from user and student accounts', () => {
    expect(visibleNavigation('user', items).map((i) => i.label)).toEqual(['Dashboard']);
    expect(visibleNavigation('student', items).map((i) => i.label)).toEqual(['Dashboard']);
  });
  it('shows links by rank', () => {
    expect(visibleNavigation('program_officer', items).map((i) => i.label)).toEqual([
      'Dashboard',
      'Students',
    ]);
    expect(visibleNavigation('admin', items).map((i) => i.label)).toEqual([
      'Dashboard',
      'Students',
      'Yearbook Admin',
    ]);
  });
});
