import { IdCard, LayoutDashboard, type LucideIcon, Users, Wallet } from 'lucide-react';
import { hasRoleRank, isStaffRole, type Role } from '../../domain/roles';

/** One sidebar link. */
export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to this rank or higher (e.g. 'deputy_manager' for Yearbook Admin). */
  minRole?: Role;
  /** Shown only to staff roles (program_officer and up; decisions D9): students, profiles, allowances. */
  staffOnly?: boolean;
}

/**
 * The sidebar, in order. A feature adds its link with one line, e.g.
 *   { to: '/students', label: 'Students', icon: Users, staffOnly: true },
 */
export const navigation: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/students', label: 'Students', icon: Users, staffOnly: true },
  { to: '/profiles', label: 'Student Profiles', icon: IdCard, staffOnly: true },
  { to: '/allowances', label: 'Allowances', icon: Wallet, staffOnly: true },
];

/** The links a user of `role` sees. */
export function visibleNavigation(role: string, items: readonly NavItem[] = navigation): NavItem[] {
  return items.filter(
    (item) => (!item.staffOnly || isStaffRole(role)) && (!item.minRole || hasRoleRank(role, item.minRole)),
  );
}
