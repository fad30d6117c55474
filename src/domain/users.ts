/**
 * User Management's rules (docs/product.md §2 User Management, D3, D11): who reads and changes the
 * directory, the refusals that keep at least one active admin, the role requests' states, and how
 * a last sign-in is told on a card.
 */
import { lusakaDate } from './dates';
import { hasRoleRank, type Role } from './roles';

/** Deputy managers and admins read the directory; admins change it (D11). The server's doors use these roles. */
export const USER_DIRECTORY_ROLE: Role = 'deputy_manager';
export const USER_MANAGER_ROLE: Role = 'admin';
export const canReadUsers = (role: string) => hasRoleRank(role, USER_DIRECTORY_ROLE);
export const canManageUsers = (role: string) => hasRoleRank(role, USER_MANAGER_ROLE);

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLE_REQUEST_STATUSES = ['pending', 'granted', 'declined', 'replaced'] as const;
export type RoleRequestStatus = (typeof ROLE_REQUEST_STATUSES)[number];
export const ROLE_REQUEST_STATUS_LABELS: Record<RoleRequestStatus, string> = {
  pending: 'Pending',
  granted: 'Granted',
  declined: 'Declined',
  replaced: 'Replaced by a newer request',
};

export const USER_MESSAGES = {
  notFound: 'User not found',
  requestNotFound: 'Role request not found',
  requestDecided: 'This role request has already been decided.',
  ownRole: 'You cannot change your own role.',
  ownDeactivation: 'You cannot deactivate your own account.',
  lastAdmin: 'At least one active admin must remain. Make another account admin first.',
  staffIdTaken: 'An account with this staff ID already exists',
  emailTaken: 'An account with this email already exists',
  sameRole: 'You already hold this role.',
  wrongPassword: 'Your current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  noPassword: 'This account signs in with Google and has no password to change.',
  invited: 'Invitation sent. They will choose their own password from the email.',
  resetSent: 'A password reset email has been sent.',
  badInvitation: 'This invitation link is invalid or has expired. Ask an administrator to send a new one.',
  invitationAccepted: 'Your password is set. You can now log in.',
  profileSaved: 'Profile updated.',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  requestSent: 'Your request has been sent to the administrators.',
  noUsers: 'No users found matching your criteria.',
} as const;

export interface RoleChange {
  actorId: string;
  target: { id: string; role: Role; isActive: boolean };
  /** The role to give, or null when the change is a deactivation. */
  newRole: Role | null;
  /** Active admins now, the target included when it is one. */
  activeAdmins: number;
}

/**
 * Why a role change or a deactivation is refused (409), or null when it may go ahead: nobody
 * changes their own role or deactivates themselves, and the last active admin stays one.
 */
export function roleChangeRefusal(change: RoleChange): string | null {
  const self = change.actorId === change.target.id;
  if (self) return change.newRole === null ? USER_MESSAGES.ownDeactivation : USER_MESSAGES.ownRole;
  const removesAnAdmin =
    change.target.role === 'admin' &&
    change.target.isActive &&
    (change.newRole === null || change.newRole !== 'admin');
  if (removesAnAdmin && change.activeAdmins <= 1) return USER_MESSAGES.lastAdmin;
  return null;
}

const DAY_MS = 86_400_000;

/**
 * 'Last login: ' on a card (docs/product.md §2, §9): Today, Yesterday, 'N days ago' up to 7, then
 * the date, all counted in Lusaka days; 'Never' before the first sign-in.
 */
export function lastLoginLabel(
  lastLogin: string | null,
  now: Date,
  formatDate: (iso: string) => string,
): string {
  if (!lastLogin) return 'Never';
  const days = Math.round(
    (Date.parse(lusakaDate(now)) - Date.parse(lusakaDate(new Date(lastLogin)))) / DAY_MS,
  );
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return `${days} days ago`;
  return formatDate(lastLogin);
}

/** The fields of a role request as its History and the Activity Log name them (domain/audit-labels.ts). */
export const ROLE_REQUEST_FIELD_LABELS: Readonly<Record<string, string>> = {
  user_id: 'User',
  role: 'Role',
  status: 'Status',
  note: 'Note',
  decided_by_id: 'Decided by',
  decided_by_name: 'Decided by name',
  decided_at: 'Decided at',
};

/** The fields of a user account as its History and the Activity Log name them (domain/audit-labels.ts). */
export const ACCOUNT_FIELD_LABELS: Readonly<Record<string, string>> = {
  staff_id: 'Staff ID',
  email: 'Email',
  name: 'Name',
  password_hash: 'Password',
  role: 'Role',
  department: 'Department',
  phone_number: 'Phone number',
  address: 'Address',
  date_of_birth: 'Date of birth',
  emergency_contact_name: 'Emergency contact name',
  emergency_contact_phone: 'Emergency contact phone',
  emergency_contact_relationship: 'Emergency contact relationship',
  created_by_id: 'Created by',
  photo_url: 'Photo link',
  auth_id: 'Google account',
  is_active: 'Active',
  email_verified_at: 'Email verified at',
  last_login: 'Last login',
  demo_password: 'Has the demo password',
  email_digest: 'Daily summary email',
  sms_digest: 'Daily text message',
  password_changed_at: 'Password changed at',
  two_factor_secret: 'Two-factor secret',
  two_factor_pending_secret: 'Two-factor secret being set up',
  two_factor_enabled_at: 'Two-factor sign-in set up at',
  two_factor_last_step: 'Last two-factor code used',
  theme_preference: 'Theme preference',
  // Recorded with a registration and a password change.
  requested_role: 'Requested role',
  password: 'Password',
};
