import { CalendarClock, User } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import type { Task } from '../../../contracts/tasks';
import { TASK_STATUS_LABELS, TASK_STATUSES, type TaskStatus } from '../../../domain/case-work';
import { EditDeleteButtons } from '../../components/list';
import { cn } from '../../lib/cn';
import { DueDate, PriorityBadge } from './case-ui';

/** What a task's card can ask the page to do. */
export interface TaskActions {
  onMove: (task: Task, status: TaskStatus) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}

const DRAG_TYPE = 'application/x-chl-task';

/**
 * The board: one column a status, cards dragged between them. Every card also has a "Move to"
 * list, so the same move is made with the keyboard or a screen reader.
 */
export function TaskBoard({ tasks, ...actions }: { tasks: Task[] } & TaskActions) {
  const [target, setTarget] = useState<TaskStatus | null>(null);
  const drop = (status: TaskStatus) => (event: DragEvent) => {
    event.preventDefault();
    setTarget(null);
    const task = tasks.find((t) => t.id === event.dataTransfer.getData(DRAG_TYPE));
    if (task && task.status !== status) actions.onMove(task, status);
  };
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      {TASK_STATUSES.map((status) => {
        const column = tasks.filter((t) => t.status === status);
        return (
          <section
            key={status}
            aria-label={`${TASK_STATUS_LABELS[status]} (${column.length})`}
            data-status={status}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setTarget(status);
            }}
            onDragLeave={() => setTarget((current) => (current === status ? null : current))}
            onDrop={drop(status)}
            className={cn(
              'flex min-h-40 flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 transition-colors',
              target === status && 'border-emerald-500 bg-emerald-50',
            )}
          >
            <h2 className="flex items-center justify-between text-sm font-semibold text-slate-800">
              {TASK_STATUS_LABELS[status]}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-600">
                {column.length}
              </span>
            </h2>
            {column.map((task) => (
              <TaskCard key={task.id} task={task} {...actions} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function TaskCard({ task, onMove, onEdit, onDelete }: { task: Task } & TaskActions) {
  const moveId = useId();
  return (
    <article
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, task.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      aria-label={task.title}
      className={cn(
        'cursor-grab space-y-2 rounded-md border bg-white p-3 shadow-sm active:cursor-grabbing',
        task.overdue ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium break-words text-slate-900">{task.title}</p>
        <PriorityBadge priority={task.priority} />
      </div>
      {task.student_name && <p className="text-xs text-slate-600">{task.student_name}</p>}
      <p className="flex items-center gap-1 text-xs">
        <CalendarClock aria-hidden="true" className="size-3.5 text-slate-500" />
        <DueDate task={task} />
      </p>
      <p className="flex items-center gap-1 text-xs text-slate-600">
        <User aria-hidden="true" className="size-3.5 text-slate-500" />
        {task.assigned_to_name ?? 'Unassigned'}
      </p>
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
        <label htmlFor={moveId} className="sr-only">
          Move {task.title} to
        </label>
        <select
          id={moveId}
          value={task.status}
          onChange={(event) => onMove(task, event.target.value as TaskStatus)}
          className="h-8 rounded border border-slate-300 bg-white px-2 text-xs text-slate-700"
        >
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TASK_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <EditDeleteButtons name={task.title} onEdit={() => onEdit(task)} onDelete={() => onDelete(task)} />
      </div>
    </article>
  );
}
