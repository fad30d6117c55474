import { ListTodo } from 'lucide-react';
import { TASK_CATEGORY_LABELS } from '../../../domain/case-work';
import { Card, PageHeader } from '../../components/ui';
import { KeptNotice, type OfflineWork, useKeptTasks } from '../offline';
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
  const tasks = useKeptTasks(work);
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <KeptNotice work={work} what="tasks" />
      {tasks === null ? (
        <p className="text-sm text-slate-600">Loading tasks...</p>
      ) : tasks.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-6 text-center text-sm text-slate-600">
          <ListTodo aria-hidden="true" className="size-6 text-slate-400" />
          No open tasks of yours are kept on this phone.
        </Card>
      ) : (
        <ul aria-label="Your open tasks" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {tasks.map((task) => (
            <li key={task.id}>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
