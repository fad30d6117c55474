import { AlertCircle, ListTodo } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DueDate, IssueStatusBadge, PriorityBadge, reasonOf } from './case-ui';
import { listQuery, useIssues, useTasks } from './case-work.queries';

/** A student's open tasks and issues, on their profile; each opens on its own screen. */
export function StudentCaseWork({ studentId }: { studentId: string }) {
  const query = listQuery({ student_id: studentId, status: 'active', pageSize: 20 });
  const tasks = useTasks(query);
  const issues = useIssues(query);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-4">
      <h3 id={headingId} className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
        Open Tasks and Issues
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <p className="mb-2 flex items-center gap-1 text-xs font-medium text-slate-500">
            <ListTodo aria-hidden="true" className="size-3.5" /> Tasks ({tasks.data?.total ?? '…'})
          </p>
          {tasks.isError && <p className="text-sm text-red-700">{reasonOf(tasks.error)}</p>}
          {tasks.data?.items.length === 0 && <p className="text-sm text-slate-600">No open tasks.</p>}
          <ul className="space-y-2">
            {tasks.data?.items.map((task) => (
              <li key={task.id} className="text-sm">
                <Link to={`/tasks?open=${task.id}`} className="font-medium text-primary hover:underline">
                  {task.title}
                </Link>
                <span className="block text-xs">
                  <DueDate task={task} /> · {task.assigned_to_name ?? 'Unassigned'}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="mb-2 flex items-center gap-1 text-xs font-medium text-slate-500">
            <AlertCircle aria-hidden="true" className="size-3.5" /> Issues ({issues.data?.total ?? '…'})
          </p>
          {issues.isError && <p className="text-sm text-red-700">{reasonOf(issues.error)}</p>}
          {issues.data?.items.length === 0 && <p className="text-sm text-slate-600">No open issues.</p>}
          <ul className="space-y-2">
            {issues.data?.items.map((issue) => (
              <li key={issue.id} className="text-sm">
                <Link to={`/issues?open=${issue.id}`} className="font-medium text-primary hover:underline">
                  {issue.title}
                </Link>
                <span className="mt-0.5 flex items-center gap-1">
                  <IssueStatusBadge status={issue.status} />
                  <PriorityBadge priority={issue.priority} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
