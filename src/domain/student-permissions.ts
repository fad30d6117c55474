/**
 * Who may do what with student records (docs/product.md §6 Students list, docs/product.md D2 and D9).
 * The server checks these in its services; the screens ask the same functions to hide buttons.
 */
import { isStaffRole, type StaffRole } from './roles';

export interface StudentActor {
  id: string;
  role: string;
}

/** The part of a student record that decides access: whose student it is. */
export interface StudentOwnership {
  assignedOfficerId: string | null;
}

export type StudentAction = 'list' | 'view' | 'create' | 'update' | 'delete';

/** Roles that see and change every student. */
const MANAGER_ROLES: readonly string[] = ['admin', 'deputy_manager'];

/** Users a student may be assigned to (the assign dropdown). */
export const ASSIGNABLE_OFFICER_ROLES = [
  'program_officer',
  'deputy_manager',
  'admin',
] as const satisfies readonly StaffRole[];

export const STUDENT_MESSAGES = {
  officerAssignsOnlySelf: 'Program officers can only assign students to themselves.',
  officerNotAssignable: 'The assigned officer must be an active program officer, deputy manager or admin.',
  notFound: 'Student not found',
} as const;

/**
 * Which students a user reaches at all: every student, only those assigned to them, or none.
 * Lists, counts, exports and the dashboard filter by this.
 */
export type StudentScope = { kind: 'all' } | { kind: 'officer'; officerId: string } | { kind: 'none' };

export function studentScope(actor: StudentActor): StudentScope {
  if (MANAGER_ROLES.includes(actor.role)) return { kind: 'all' };
  if (actor.role === 'program_officer') return { kind: 'officer', officerId: actor.id };
  return { kind: 'none' };
}

/** True when the student falls inside the user's scope (a program officer's own student). */
export function isInStudentScope(actor: StudentActor, student: StudentOwnership): boolean {
  const scope = studentScope(actor);
  if (scope.kind === 'all') return true;
  if (scope.kind === 'officer') return student.assignedOfficerId === scope.officerId;
  return false;
}

/**
 * May the user do this? 'list' and 'create' need no student; the others take the record.
 * Staff list and create; they view, update and delete what is in their scope
 * (program officers: their own students; admin and deputy manager: all). Others: nothing.
 */
export function canStudent(actor: StudentActor, action: StudentAction, student?: StudentOwnership): boolean {
  if (!isStaffRole(actor.role)) return false;
  if (action === 'list' || action === 'create') return true;
  if (!student) return false;
  return isInStudentScope(actor, student);
}

/**
 * May the user put this student in the hands of that officer (on create or update)?
 * Admins and deputy managers assign to anyone (the server also checks the officer is an active,
 * assignable user); a program officer only to themselves, never to someone else or to nobody.
 */
export function canAssignStudentTo(actor: StudentActor, officerId: string | null): boolean {
  if (!isStaffRole(actor.role)) return false;
  if (MANAGER_ROLES.includes(actor.role)) return true;
  return officerId === actor.id;
}

/**
 * The Student Profiles screen shows its delete button to admins only (docs/product.md §6); Student
 * Management allows admin, deputy manager and the owning officer (canStudent 'delete').
 */
export function canDeleteFromProfiles(actor: StudentActor): boolean {
  return actor.role === 'admin';
}

export function isAssignableOfficerRole(role: string): boolean {
  return (ASSIGNABLE_OFFICER_ROLES as readonly string[]).includes(role);
}
