/** Roles a user account can hold, and how they rank against each other (docs/product.md §6). */
export const ROLES = ['user', 'student', 'program_officer', 'deputy_manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may be asked for on the registration form. */
export const REGISTRABLE_ROLES = ['user', 'student', 'program_officer', 'deputy_manager', 'admin'] as const;

/** Staff roles reach student records, profiles and allowances (docs/product.md D9). */
export const STAFF_ROLES = ['program_officer', 'deputy_manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const RANK: Record<Role, number> = {
  user: 1,
  student: 1,
  program_officer: 2,
  deputy_manager: 3,
  admin: 4,
};

export function roleRank(role: string): number {
  return (RANK as Record<string, number>)[role] ?? 0;
}

/** A route with a required role admits that rank or higher. */
export function hasRoleRank(role: string, required: Role): boolean {
  return roleRank(role) >= RANK[required];
}

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How a role is shown on screen: underscores become spaces. */
export function roleLabel(role: string): string {
  return role.replaceAll('_', ' ');
}

// The approval chain's roles too, as the comment trail names who acted ('FLMI Advisor').
const ROLE_TITLES: Record<string, string> = {
  user: 'User',
  student: 'Student',
  program_officer: 'Program Officer',
  deputy_manager: 'Deputy Manager',
  admin: 'Admin',
  flmi_advisor: 'FLMI Advisor',
  program_manager: 'Program Manager',
};

/** Title-case label used in dropdowns ('Program Officer') and the comment trail ('FLMI Advisor'). */
export function roleTitle(role: string): string {
  return ROLE_TITLES[role] ?? roleLabel(role).replace(/\b\w/g, (c) => c.toUpperCase());
}
