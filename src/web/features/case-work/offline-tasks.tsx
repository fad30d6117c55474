import { ListTodo } from 'lucide-react';
import type { Task } from '../../../contracts/tasks';
import { TASK_CATEGORY_LABELS } from '../../../domain/case-work';
import { Card } from '../../components/ui';
import { KeptListScreen, type OfflineWork, useKeptTasks } from '../offline';
import { DueDate, PriorityBadge, TaskStatusBadge } from './case-ui';

/**
 * Task Management with no network (issue 48 item 2): the officer's open tasks as the phone kept
 * them at the last sync, read only (every change is the server's to check).
 */
export function OfflineTasks({
  work,
  title,
  description,
}: {
  work: OfflineWork;
  title: string;
  description: string;
}) {
  return (
    <KeptListScreen
      work={work}
      title={title}
      description={description}
      what="tasks"
      items={useKeptTasks(work)}
      listLabel="Your open tasks"
      emptyIcon={ListTodo}
      emptyText="No open tasks of yours are kept on this phone."
      card={(task) => <KeptTaskCard task={task} />}
    />
  );
}

function KeptTaskCard({ task }: { task: Task }) {
  return (
    <Card className="h-full space-y-2 p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium break-words text-slate-900">{task.title}</p>
        <PriorityBadge priority={task.priority} />
      </div>
      {task.description && (
        <p className="text-sm break-words whitespace-pre-line text-slate-700">{task.description}</p>
      )}
      <p className="text-sm text-slate-600">
        {TASK_CATEGORY_LABELS[task.category]}
        {task.student_name ? ` · ${task.student_name}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <TaskStatusBadge status={task.status} />
        {/* Overdue as of today, not as of the sync that kept it. */}
        <DueDate task={{ ...task, overdue: undefined }} />
      </div>
    </Card>
  );
}
