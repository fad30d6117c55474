import { and, eq, or, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type { Task } from '../../../contracts/tasks';
import {
  type CaseActor,
  isTaskOverdue,
  CASE_MESSAGES as M,
  type TaskCategory,
  type TaskPriority,
  type TaskStatus,
} from '../../../domain/case-work';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { recordColumns } from '../../db/record-columns';
import { tasks } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofStudentsNamed } from '../students/students.service';
import { inCaseScope, namedAmongCases } from './case-viewers';
import { staffName, studentName } from './name-lookups';
import { overdueCondition } from './overdue';

/*
 * Tasks as the API answers them, with the names of the people and the student, and the lookup
 * every task route starts from: a task outside the caller's scope (D11) answers 404 like a
 * missing one.
 */

const taskNames = {
  assigneeName: staffName(tasks.assignedToId),
  assignerName: staffName(tasks.assignedById),
  completerName: staffName(tasks.completedById),
  studentName: studentName(tasks.studentId),
};

/** Tasks with the names of their people and student. */
export const selectTasks = (db: DbOrTx) =>
  db.select({ task: recordColumns(tasks), ...taskNames }).from(tasks);

export type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['where']>>[number];

export function taskDto(row: TaskRow, today: string): Task {
  const { task } = row;
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    assigned_to_id: task.assignedToId,
    assigned_to_name: row.assigneeName,
    assigned_by_id: task.assignedById,
    assigned_by_name: row.assignerName,
    due_date: task.dueDate,
    priority: task.priority as TaskPriority,
    status: task.status as TaskStatus,
    category: task.category as TaskCategory,
    student_id: task.studentId,
    student_name: row.studentName,
    overdue: isTaskOverdue({ due_date: task.dueDate, status: task.status }, today),
    completed_at: task.completedAt?.toISOString() ?? null,
    completed_by_id: task.completedById,
    completed_by_name: row.completerName,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
  };
}

/** The task's fields as the audit trail keeps them. */
export const auditedTask = (t: TaskRow['task']) => ({
  title: t.title,
  description: t.description,
  assigned_to_id: t.assignedToId,
  due_date: t.dueDate,
  priority: t.priority,
  status: t.status,
  category: t.category,
  student_id: t.studentId,
  completed_at: t.completedAt?.toISOString() ?? null,
  completed_by_id: t.completedById,
});

/** The tasks the actor reaches (D11): about their students, assigned to them or created by them. */
export const taskScopeCondition = (actor: CaseActor) => inCaseScope('task', actor, tasks.id);

/**
 * The search over a task's title and description and its student's name (D17: 1-2 characters
 * match the start of a word).
 */
export function taskSearch(q: string | undefined, actor: CaseActor): SQL | undefined {
  return or(textSearch(tasks.searchText, q), ofStudentsNamed(tasks.studentId, q, namedAmongCases(actor)));
}

/** Not completed and due before `today` (docs/product.md §9). */
export const overdueTasks = (today: string) => overdueCondition(tasks.dueDate, tasks.status, today);

/** The task, locked when `forUpdate`; 404 when missing or outside the caller's scope. */
export async function visibleTask(
  db: DbOrTx,
  actor: CaseActor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TaskRow> {
  if (!isUuid(id)) throw notFound(M.taskNotFound);
  const query = selectTasks(db).where(and(eq(tasks.id, id), taskScopeCondition(actor)));
  const [row] = options.forUpdate ? await query.for('update', { of: tasks }) : await query;
  if (!row) throw notFound(M.taskNotFound);
  return row;
}
