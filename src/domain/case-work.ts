/**
 * Tasks and the Issue Tracker (docs/product.md §2, §3, §4, D11, D12): the follow-up work officers
 * do for their students. The rules the server enforces and the screens ask.
 */
import { hasRoleRank, isStaffRole } from './roles';

export const TASK_STATUSES = ['todo', 'in_progress', 'review', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To Do',
  in_progress: 'In Progress',
  review: 'Review',
  completed: 'Completed',
};

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_CATEGORIES = [
  'general',
  'follow_up',
  'home_visit',
  'documentation',
  'academic',
  'financial',
  'health',
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];
export const TASK_CATEGORY_LABELS: Record<TaskCategory, string> = {
  general: 'General',
  follow_up: 'Follow-up',
  home_visit: 'Home visit',
  documentation: 'Documentation',
  academic: 'Academic',
  financial: 'Financial',
  health: 'Health',
};

export const ISSUE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const ISSUE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

export const ISSUE_CATEGORIES = [
  'academic',
  'financial',
  'health',
  'accommodation',
  'personal',
  'other',
] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

/** Words shown for a value such as 'in_progress' or 'high': 'In progress', 'High'. */
export const valueLabel = (value: string) => {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * An issue moves open -> in_progress -> resolved -> closed, and back to open from resolved or
 * closed (a reopen). Any other move is refused (409).
 */
const ISSUE_MOVES: Record<IssueStatus, readonly IssueStatus[]> = {
  open: ['in_progress'],
  in_progress: ['resolved'],
  resolved: ['closed', 'open'],
  closed: ['open'],
};

export const issueMoves = (from: IssueStatus): readonly IssueStatus[] => ISSUE_MOVES[from];
export const canMoveIssue = (from: IssueStatus, to: IssueStatus) => ISSUE_MOVES[from].includes(to);

/** The button that makes each move on the issue's detail. */
export const ISSUE_MOVE_LABELS: Record<IssueStatus, string> = {
  in_progress: 'Start Work',
  resolved: 'Resolve',
  closed: 'Close Issue',
  open: 'Reopen',
};

/** The status that ends a task's deadline: a completed task is never overdue. */
export const TASK_DONE_STATUS: TaskStatus = 'completed';

/**
 * Overdue: a due date before today in Lusaka (D8), and not completed (docs/product.md §9). The one
 * rule for the Tasks list, the search, the bell and the dashboard; where SQL must decide it
 * (filters, counts), server/features/case-work/overdue.ts writes this same rule and its test holds
 * the two to the same answers.
 */
export function isTaskOverdue(task: { due_date: string | null; status: string }, today: string): boolean {
  return task.due_date !== null && task.due_date < today && task.status !== TASK_DONE_STATUS;
}

export const CASE_LIMITS = {
  title: 200,
  description: 5000,
  resolutionNote: 2000,
  comment: 2000,
  search: 100,
} as const;

export const CASE_MESSAGES = {
  // The screens' words (docs/product.md §2, §9).
  noTasks: 'No tasks found...',
  noIssues: 'No issues found...',
  taskSearch: 'Search tasks...',
  issueSearch: 'Search issues...',
  deleteTask: 'Are you sure you want to delete this task? This action cannot be undone.',
  deleteIssue: 'Are you sure you want to delete this issue? This action cannot be undone.',
  // Validation and refusals.
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  assigneeRequired: 'Please choose who the task is assigned to',
  assigneeNotStaff: 'The assignee must be an active program officer, deputy manager or admin.',
  studentRequired: 'Please choose the student concerned',
  studentNotFound: 'Student not found',
  taskNotFound: 'Task not found',
  issueNotFound: 'Issue not found',
  resolutionRequired: 'A resolution note is required to resolve an issue',
  commentRequired: 'Comment text is required',
  issueMove: (from: IssueStatus, to: IssueStatus) =>
    `An issue that is ${ISSUE_STATUS_LABELS[from]} cannot move to ${ISSUE_STATUS_LABELS[to]}.`,
  deleteIssueForbidden:
    'Only a deputy manager or admin can delete an issue: issues are part of the student’s record.',
} as const;

export interface CaseActor {
  id: string;
  role: string;
}

/**
 * Whose tasks and issues a user reaches (D11): deputy managers and admins every one; a program
 * officer those about their own students, assigned to them, or created by them; nobody else any.
 */
export type CaseScope = { kind: 'all' } | { kind: 'officer'; officerId: string } | { kind: 'none' };

export function caseScope(actor: CaseActor): CaseScope {
  if (hasRoleRank(actor.role, 'deputy_manager')) return { kind: 'all' };
  if (actor.role === 'program_officer') return { kind: 'officer', officerId: actor.id };
  return { kind: 'none' };
}

/** The parts of a task or issue that decide who reaches it. */
export interface CaseOwnership {
  studentOfficerId: string | null;
  assignedToId: string | null;
  createdById: string | null;
}

export function isInCaseScope(actor: CaseActor, record: CaseOwnership): boolean {
  const scope = caseScope(actor);
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  const me = scope.officerId;
  return record.studentOfficerId === me || record.assignedToId === me || record.createdById === me;
}

/** Issues are case records (D12): only deputy managers and admins delete one. */
export const canDeleteIssue = (role: string) => isStaffRole(role) && hasRoleRank(role, 'deputy_manager');

/** The fields of an issue as its History and the Activity Log name them (domain/audit-labels.ts). */
export const ISSUE_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  student_id: 'Student',
  reporter_id: 'Reporter',
  assigned_to_id: 'Assigned to',
  priority: 'Priority',
  category: 'Category',
  status: 'Status',
  resolution_note: 'Resolution note',
  resolved_at: 'Resolved at',
  resolved_by_id: 'Resolved by',
  comment: 'Comment',
};

/** The fields of a task as its History and the Activity Log name them (domain/audit-labels.ts). */
export const TASK_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  assigned_to_id: 'Assigned to',
  assigned_by_id: 'Assigned by',
  due_date: 'Due date',
  priority: 'Priority',
  status: 'Status',
  category: 'Category',
  student_id: 'Student',
  completed_at: 'Completed at',
  completed_by_id: 'Completed by',
};
