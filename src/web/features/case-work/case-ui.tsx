import {
  ISSUE_STATUS_LABELS,
  type IssueStatus,
  isTaskOverdue,
  TASK_STATUS_LABELS,
  type TaskStatus,
  valueLabel,
} from '../../../domain/case-work';
import { Badge, type BadgeTone } from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, todayIso } from '../../lib/format';

export const NETWORK = NETWORK_MESSAGE;

/** The server's reason for a failed call, or the generic words. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK });

const PRIORITY_TONES: Record<string, BadgeTone> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'danger',
  critical: 'danger',
};

export function PriorityBadge({ priority }: { priority: string }) {
  return <Badge tone={PRIORITY_TONES[priority] ?? 'neutral'}>{valueLabel(priority)}</Badge>;
}

const TASK_TONES: Record<TaskStatus, BadgeTone> = {
  todo: 'neutral',
  in_progress: 'info',
  review: 'warning',
  completed: 'success',
};
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge tone={TASK_TONES[status]}>{TASK_STATUS_LABELS[status]}</Badge>;
}

const ISSUE_TONES: Record<IssueStatus, BadgeTone> = {
  open: 'danger',
  in_progress: 'info',
  resolved: 'success',
  closed: 'neutral',
};
export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return <Badge tone={ISSUE_TONES[status]}>{ISSUE_STATUS_LABELS[status]}</Badge>;
}

/** A task's due date, in red with 'Overdue' when it is before today in Lusaka and not completed. */
export function DueDate({ task }: { task: { due_date: string | null; status: string; overdue?: boolean } }) {
  if (!task.due_date) return <span className="text-slate-500">No due date</span>;
  const overdue = task.overdue ?? isTaskOverdue(task, todayIso());
  return (
    <span className={cn(overdue ? 'font-medium text-red-700' : 'text-slate-700')}>
      {formatDate(task.due_date)}
      {overdue && ' · Overdue'}
    </span>
  );
}
