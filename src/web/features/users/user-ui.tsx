import type { DirectoryUser } from '../../../contracts/users';
import { type Role, roleLabel } from '../../../domain/roles';
import { Badge, type BadgeTone } from '../../components/ui';

/** 'Mary Phiri' -> 'MP'; one name gives its first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return (words[0] ?? '').slice(0, 2).toUpperCase();
  return `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}`.toUpperCase();
}

const ROLE_TONES: Record<Role, BadgeTone> = {
  admin: 'danger',
  deputy_manager: 'info',
  program_officer: 'primary',
  student: 'warning',
  user: 'neutral',
};

/** The role as the spec shows it on a card: underscores become spaces ('program officer'). */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge tone={ROLE_TONES[role]} className="capitalize">
      {roleLabel(role)}
    </Badge>
  );
}

/** Active / Inactive, and 'Invitation pending' while an invited account has no password yet. */
export function StatusBadges({ user }: { user: DirectoryUser }) {
  return (
    <>
      <Badge tone={user.is_active ? 'success' : 'neutral'}>{user.is_active ? 'Active' : 'Inactive'}</Badge>
      {user.invitation_pending && <Badge tone="warning">Invitation pending</Badge>}
    </>
  );
}

/** '1 permission', '7 permissions'. */
export const permissionCount = (n: number) => `${n} ${n === 1 ? 'permission' : 'permissions'}`;

/** How the account signs in. */
export const signInLabel = (user: DirectoryUser) =>
  user.sign_in === 'google' ? 'Google' : 'Staff ID and password';

/** A pending request's note on a card: 'Requested: program officer'. */
export const requestedLabel = (user: DirectoryUser) =>
  user.pending_role_request ? `Requested: ${roleLabel(user.pending_role_request.role)}` : null;
