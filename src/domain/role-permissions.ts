/**
 * What each role may do, in words, generated from the same functions the server's doors and
 * services call (docs/product.md D11). User Management shows this list on each account and in
 * Manage Roles; a rule changed here or in an area's permission function changes the list with it.
 */
import { canPay, REVIEW_STAGES, REVIEW_STEP_RULES } from './allowances';
import { canPostAnnouncements } from './announcements';
import { canDeleteIssue, caseScope } from './case-work';
import { canOrganiseEvents } from './events';
import { isFormManager } from './forms';
import { canManageStories } from './impact-stories';
import { canManageLibrary } from './library';
import { isStaffRole, ROLES, type Role } from './roles';
import { canDeleteFromProfiles, studentScope } from './student-permissions';
import { canManageUsers, canReadUsers } from './users';
import { canManageYearbooks } from './yearbook';

/** Only the role matters to the rules below; any id stands for "the account itself". */
const as = (role: Role) => ({ id: 'self', role });

interface PermissionRule {
  text: string;
  granted(role: Role): boolean;
}

const stageRules: PermissionRule[] = REVIEW_STAGES.map((stage) => ({
  text: `Approve or deny allowances at ${REVIEW_STEP_RULES[stage].label}`,
  granted: (role) => REVIEW_STEP_RULES[stage].roles.includes(role),
}));

const RULES: readonly PermissionRule[] = [
  { text: 'Read the dashboard, announcements, events and the library', granted: () => true },
  { text: 'Read published yearbooks and approved impact stories, post memories', granted: () => true },
  {
    text: 'Students, profiles and allowances of the students assigned to them',
    granted: (role) => studentScope(as(role)).kind === 'officer',
  },
  {
    text: 'Students, profiles and allowances of every student',
    granted: (role) => studentScope(as(role)).kind === 'all',
  },
  { text: 'Delete student profiles', granted: (role) => canDeleteFromProfiles(as(role)) },
  ...stageRules,
  {
    // Payment batches (D20) are the admins' alone, as paying is: the same rule.
    text: 'Mark approved allowances as paid, in payment batches reconciled with the bank statement',
    granted: (role) => canPay({ approvalStage: 'approved' }, { role }),
  },
  {
    text: 'Tasks, issues, forms and files about their own students, or assigned to or created by them',
    granted: (role) => caseScope(as(role)).kind === 'officer',
  },
  {
    text: 'Tasks, issues, forms and files of every student',
    granted: (role) => caseScope(as(role)).kind === 'all',
  },
  { text: 'Review forms and delete issues', granted: (role) => isFormManager(role) && canDeleteIssue(role) },
  { text: 'Corporate collaborations: landlords and institutions', granted: (role) => isStaffRole(role) },
  { text: 'Add and change library resources', granted: canManageLibrary },
  {
    text: 'Post announcements and organise events',
    granted: (role) => canPostAnnouncements(role) && canOrganiseEvents(role),
  },
  {
    text: 'Manage yearbooks and impact stories',
    granted: (role) => canManageYearbooks(role) && canManageStories(role),
  },
  { text: 'Read the user directory', granted: (role) => canReadUsers(role) && !canManageUsers(role) },
  {
    text: 'Manage users: roles, role requests, activation, invitations',
    granted: canManageUsers,
  },
  { text: 'System settings and the activity log', granted: (role) => role === 'admin' },
];

/** What the role may do, in the order the product's areas are listed. */
export function permissionsOf(role: Role): string[] {
  return RULES.filter((rule) => rule.granted(role)).map((rule) => rule.text);
}

/** Every role with its permissions, for Manage Roles. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly string[]>> = Object.fromEntries(
  ROLES.map((role) => [role, permissionsOf(role)]),
) as Record<Role, string[]>;
