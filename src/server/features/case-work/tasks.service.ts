import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Task, TaskInput, TaskListQuery, TaskListResponse } from '../../../contracts/tasks';
import { isTaskOverdue, TASK_STATUS_LABELS, type TaskStatus } from '../../../domain/case-work';
import { isStaffRole } from '../../../domain/roles';
import type { AppDeps, SessionUser } from '../../app-env';
import {
  type NotificationSource,
  opensOn,
  type Recipient,
  searchSource,
  waitingRecords,
} from '../../area-sources';
import { caseViewers, students, tasks } from '../../db/schema';
import { programmeDate, programmeDay } from '../../programme-time';
import { recordHistory, studentRecordChangeAudit } from '../audit/audit.service';
import { checkAssignee, checkCaseStudent } from './case-checks';
import { type CaseList, caseListPage } from './case-lists';
import { viewerOrder } from './case-viewers';
import { studentName } from './name-lookups';
import {
  auditedTask,
  overdueTasks,
  selectTasks,
  type TaskRow,
  taskDto,
  taskScopeCondition,
  taskSearch,
  visibleTask,
} from './task-records';

/*
 * Task Management (docs/product.md §2, §4, D11, D16): follow-up work assigned to staff. Any status
 * moves to any other (a board); completing records when and by whom. Every change is recorded
 * in the audit trail in its own transaction (D15).
 */

const today = (deps: AppDeps) => programmeDate(deps.clock.now());

/** Soonest due first, tasks without a due date after them, then the newest. */
const byDueDate = [sql`${tasks.dueDate} asc nulls last`, desc(tasks.createdAt), desc(tasks.id)];

/** The tasks list's page of the caller's tasks, read with the record's own look-up. */
export const taskList = (day: string): CaseList<Task> => ({
  kind: 'task',
  table: tasks,
  page: async (db, on, where, { limit, offset }) =>
    (
      await selectTasks(db)
        .innerJoin(caseViewers, on)
        .where(where)
        .orderBy(...viewerOrder)
        .limit(limit)
        .offset(offset)
    ).map((row) => taskDto(row, day)),
});

/** A page of tasks and the four tiles (TaskListResponse). */
export async function listTasks(
  deps: AppDeps,
  user: SessionUser,
  query: TaskListQuery,
): Promise<TaskListResponse> {
  const assignee = query.assignee === 'me' ? user.id : query.assignee;
  const search = taskSearch(query.q, user);
  const day = today(deps);
  const { tiles, ...found } = await caseListPage(
    deps.db,
    taskList(day),
    user,
    { status: query.status, priority: query.priority, overdue: query.overdue },
    and(
      assignee ? eq(tasks.assignedToId, assignee) : undefined,
      query.student_id ? eq(tasks.studentId, query.student_id) : undefined,
      search,
    ),
    { page: query.page, pageSize: query.pageSize, today: day, searched: search !== undefined },
  );
  const counts: TaskListResponse['counts'] = {
    total: tiles.total,
    in_progress: tiles.byStatus.in_progress ?? 0,
    completed: tiles.byStatus.completed ?? 0,
    overdue: tiles.overdue,
  };
  return { ...found, counts };
}

export async function getTask(deps: AppDeps, user: SessionUser, id: string): Promise<Task> {
  return taskDto(await visibleTask(deps.db, user, id), today(deps));
}

/** The task's audit trail (D15), for those who reach the task. */
export async function taskHistory(deps: AppDeps, user: SessionUser, id: string) {
  await visibleTask(deps.db, user, id);
  return recordHistory(deps.db, 'task', id);
}

/** Completion as a status sets it: when and by whom on completing, cleared on leaving completed. */
function completionOf(status: TaskStatus, before: TaskRow['task'] | null, user: SessionUser, now: Date) {
  if (status !== 'completed') return { completedAt: null, completedById: null };
  if (before?.status === 'completed') return {};
  return { completedAt: now, completedById: user.id };
}

/** The columns the task's form sets, adding or saving alike (`before`: the task saved, if any). */
function formColumns(input: TaskInput, before: TaskRow['task'] | null, user: SessionUser, now: Date) {
  return {
    title: input.title,
    description: input.description ?? null,
    assignedToId: input.assigned_to_id,
    dueDate: input.due_date ?? null,
    priority: input.priority,
    status: input.status,
    category: input.category,
    studentId: input.student_id ?? null,
    ...completionOf(input.status, before, user, now),
    updatedAt: now,
  };
}

const audit = studentRecordChangeAudit('task', auditedTask);

export async function createTask(deps: AppDeps, user: SessionUser, input: TaskInput): Promise<Task> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await checkAssignee(tx, input.assigned_to_id);
    await checkCaseStudent(tx, user, input.student_id ?? null);
    const [added] = await tx
      .insert(tasks)
      .values({ ...formColumns(input, null, user, now), assignedById: user.id, createdAt: now })
      .returning();
    await audit(tx, user, now, 'created', `${user.name} added the task "${input.title}"`, null, added!);
    return added!.id;
  });
  return getTask(deps, user, id);
}

export async function updateTask(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: TaskInput,
): Promise<Task> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { task: before } = await visibleTask(tx, user, id, { forUpdate: true });
    await checkAssignee(tx, input.assigned_to_id === before.assignedToId ? null : input.assigned_to_id);
    await checkCaseStudent(tx, user, input.student_id ?? null, before.studentId);
    const [after] = await tx
      .update(tasks)
      .set(formColumns(input, before, user, now))
      .where(eq(tasks.id, id))
      .returning();
    await audit(tx, user, now, 'updated', `${user.name} updated the task "${input.title}"`, before, after!);
  });
  return getTask(deps, user, id);
}

/** The board's move: any status to any other. */
export async function setTaskStatus(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  status: TaskStatus,
): Promise<Task> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { task: before } = await visibleTask(tx, user, id, { forUpdate: true });
    if (before.status === status) return;
    const [after] = await tx
      .update(tasks)
      .set({ status, ...completionOf(status, before, user, now), updatedAt: now })
      .where(eq(tasks.id, id))
      .returning();
    const summary = `${user.name} moved the task "${before.title}" to ${TASK_STATUS_LABELS[status]}`;
    await audit(tx, user, now, status === 'completed' ? 'completed' : 'moved', summary, before, after!);
  });
  return getTask(deps, user, id);
}

export async function deleteTask(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { task: before } = await visibleTask(tx, user, id, { forUpdate: true });
    await tx.delete(tasks).where(eq(tasks.id, id));
    await audit(tx, user, now, 'deleted', `${user.name} deleted the task "${before.title}"`, before, null);
  });
}

/**
 * How a task reads in the bell, the email and the search: when it is due (overdue as the Tasks
 * list says it, isTaskOverdue), its status, and whom it is about. Days in the settings' format.
 */
function waitingTaskDetail(
  task: { dueDate: string | null; status: string; studentName: string | null },
  day: string,
) {
  const due = !task.dueDate
    ? 'No due date'
    : isTaskOverdue({ due_date: task.dueDate, status: task.status }, day)
      ? `Overdue since ${programmeDay(task.dueDate)}`
      : task.dueDate === day
        ? 'Due today'
        : `Due ${programmeDay(task.dueDate)}`;
  const status = TASK_STATUS_LABELS[task.status as TaskStatus] ?? task.status;
  return [due, status, task.studentName].filter(Boolean).join(' · ');
}

async function waitingTasks(deps: AppDeps, _user: Recipient, which: ReturnType<typeof and>) {
  const day = today(deps);
  return waitingRecords(
    deps.db,
    tasks,
    which,
    deps.db
      .select({
        id: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        status: tasks.status,
        studentName: students.fullName,
      })
      .from(tasks)
      .leftJoin(students, eq(students.id, tasks.studentId))
      .where(which)
      .orderBy(...byDueDate),
    (r) => ({
      id: r.id,
      title: r.title,
      detail: waitingTaskDetail(r, day),
      href: `/tasks?${new URLSearchParams({ open: r.id })}`,
    }),
  );
}

/**
 * The bell (D16): tasks assigned to the user and not completed, and overdue tasks the user gave
 * someone else. The daily email lists the user's own tasks overdue or due today.
 */
export const taskNotifications: NotificationSource = {
  area: 'tasks',
  switch: 'taskDeadlines',
  label: 'Tasks assigned to you',
  async waitingFor(deps, user) {
    if (!isStaffRole(user.role)) return { count: 0, items: [] };
    const open = ne(tasks.status, 'completed');
    return waitingTasks(
      deps,
      user,
      or(
        and(eq(tasks.assignedToId, user.id), open),
        and(eq(tasks.assignedById, user.id), overdueTasks(today(deps))),
      ),
    );
  },
  digest: {
    label: 'Your tasks overdue or due today',
    async waitingFor(deps, user) {
      if (!isStaffRole(user.role)) return { count: 0, items: [] };
      return waitingTasks(
        deps,
        user,
        and(
          eq(tasks.assignedToId, user.id),
          ne(tasks.status, 'completed'),
          sql`${tasks.dueDate} <= ${today(deps)}`,
        ),
      );
    },
  },
};

/** Tasks in the top bar's search, within the caller's scope (D11). */
export const taskSearchSource = searchSource({
  area: 'tasks',
  label: 'Tasks',
  readableBy: (user) => isStaffRole(user.role),
  // What the item shows, not the whole task with its people's names (a subquery each).
  rows: (db) =>
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        status: tasks.status,
        studentName: studentName(tasks.studentId),
      })
      .from(tasks)
      .$dynamic(),
  matching: (term, { user }) => and(taskScopeCondition(user), taskSearch(term.text, user)),
  order: [asc(sql`${tasks.status} = 'completed'`), ...byDueDate],
  item: (row, { deps }) => ({ title: row.title, detail: waitingTaskDetail(row, today(deps)) }),
  opens: opensOn('/tasks'),
});
