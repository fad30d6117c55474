import { AlertTriangle, CheckCircle2, Clock, KanbanSquare, List, ListTodo } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { Task } from '../../../contracts/tasks';
import {
  CASE_MESSAGES as M,
  TASK_CATEGORY_LABELS,
  TASK_PRIORITIES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TaskStatus,
  valueLabel,
} from '../../../domain/case-work';
import {
  DataTable,
  EditDeleteButtons,
  ListError,
  ListScreen,
  ListTable,
  type StatTile,
  tableStateOf,
  useDeleteConfirm,
  ViewSwitch,
} from '../../components/list';
import { Card, toast } from '../../components/ui';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { useKeptWhileOffline } from '../offline';
import { DueDate, PriorityBadge, reasonOf, TaskStatusBadge } from './case-ui';
import { listQuery, useDeleteTask, useMoveTask, useTask, useTasks } from './case-work.queries';
import { OfflineTasks } from './offline-tasks';
import { type TaskActions, TaskBoard } from './task-board';
import { TaskFormDialog } from './task-form-dialog';

const ParamsSchema = listStateSchema({
  status: filterParam(TASK_STATUSES),
  priority: filterParam(TASK_PRIORITIES),
  overdue: filterParam(['true']),
  view: z.enum(['board', 'list']).catch('board').default('board'),
  open: z.string().max(40).default(''),
});

/** The board shows every matching task at once, up to the API's largest page. */
const BOARD_SIZE = 200;
const LIST_SIZE = 25;

const WORDS = { title: 'Task Management', description: 'Follow-up work for students, assigned and tracked' };

type Editing = { task?: Task } | null;
type Tile = '' | 'in_progress' | 'completed' | 'overdue';

/**
 * /tasks: Task Management (docs/product.md §2): the four tiles, search, status and priority filters,
 * the board (drag a card, or use its "Move to" list) and the list, with add, edit and delete.
 */
export function TasksPage() {
  const { state: params, update } = useUrlListState(ParamsSchema);
  const board = params.view === 'board';
  const query = listQuery({
    q: params.q,
    status: params.status,
    priority: params.priority,
    overdue: params.overdue,
    page: board ? 1 : params.page,
    pageSize: board ? BOARD_SIZE : LIST_SIZE,
  });
  const tasks = useTasks(query);
  const linked = useTask(params.open);
  const move = useMoveTask();
  const [editing, setEditing] = useState<Editing>(null);
  const counts = tasks.data?.counts;
  const filtered = Boolean(params.q || params.status || params.priority || params.overdue);

  const openTask = editing ?? (linked.data ? { task: linked.data } : null);
  const closeEditor = () => {
    setEditing(null);
    if (params.open) update({ open: '', page: params.page });
  };
  const onMove = (task: Task, status: TaskStatus) =>
    move.mutate(
      { id: task.id, status },
      {
        onSuccess: () => toast.success(`Moved "${task.title}" to ${TASK_STATUS_LABELS[status]}.`),
        onError: (error) => toast.error('Failed to move task', { description: reasonOf(error) }),
      },
    );
  const deletion = useDeleteConfirm<Task>({
    mutation: useDeleteTask(),
    noun: 'task',
    message: M.deleteTask,
    deleted: 'Task deleted.',
    reasonOf,
  });
  const actions = { onMove, onEdit: (task: Task) => setEditing({ task }), onDelete: deletion.ask };

  const tiles: Array<StatTile<Tile>> = [
    { key: '', label: 'Total Tasks', icon: ListTodo, tone: 'sky', value: counts?.total ?? 0 },
    { key: 'in_progress', label: 'In Progress', icon: Clock, tone: 'amber', value: counts?.in_progress ?? 0 },
    {
      key: 'completed',
      label: 'Completed',
      icon: CheckCircle2,
      tone: 'emerald',
      value: counts?.completed ?? 0,
    },
    { key: 'overdue', label: 'Overdue', icon: AlertTriangle, tone: 'rose', value: counts?.overdue ?? 0 },
  ];
  const selectedTile: Tile = params.overdue
    ? 'overdue'
    : params.status === 'in_progress' || params.status === 'completed'
      ? params.status
      : '';
  const selectTile = (tile: Tile) =>
    update(
      tile === 'overdue' ? { overdue: 'true', status: '' } : { overdue: '', status: tile === '' ? '' : tile },
    );
  // With no network the phone's copy of the officer's open tasks, rather than an error.
  const offline = useKeptWhileOffline(tasks.error);
  if (offline) return <OfflineTasks work={offline} {...WORDS} />;

  return (
    <ListScreen
      list={{ state: params, update }}
      {...WORDS}
      main={{ label: 'Add Task', onClick: () => setEditing({}) }}
      tiles={{
        label: 'Task figures',
        tiles,
        selected: selectedTile,
        onSelect: selectTile,
        loading: !counts,
        className: 'lg:grid-cols-4',
      }}
      search={{ label: 'Search tasks', placeholder: M.taskSearch }}
      filters={[
        {
          key: 'status',
          label: 'Status',
          all: 'All Statuses',
          values: TASK_STATUSES,
          labels: TASK_STATUS_LABELS,
        },
        {
          key: 'priority',
          label: 'Priority',
          all: 'All Priorities',
          values: TASK_PRIORITIES,
          labels: valueLabel,
        },
        <ViewSwitch
          key="viewswitch"
          views={[
            ['board', 'Board', KanbanSquare],
            ['list', 'List', List],
          ]}
          value={params.view}
          onChange={(view) => update({ view })}
        />,
      ]}
      linkError={linked.isError && params.open ? reasonOf(linked.error) : null}
    >
      {board ? (
        <BoardView tasks={tasks} filtered={filtered} actions={actions} />
      ) : (
        <ListTable query={tasks} onPage={(page) => update({ page })}>
          <DataTable
            label="Tasks"
            {...tableStateOf(tasks, { title: "Couldn't load the tasks", message: reasonOf })}
            rowKey={(task) => task.id}
            emptyIcon={ListTodo}
            emptyTitle={M.noTasks}
            emptyFilteredTitle={M.noTasks}
            filtered={filtered}
            columns={[
              {
                header: 'Task',
                cell: (task) => (
                  <div>
                    <p className="font-medium text-slate-900">{task.title}</p>
                    <p className="text-xs text-slate-500">{TASK_CATEGORY_LABELS[task.category]}</p>
                  </div>
                ),
              },
              { header: 'Assigned To', cell: (task) => task.assigned_to_name ?? 'Unassigned' },
              { header: 'Student', cell: (task) => task.student_name ?? '—' },
              { header: 'Due Date', cell: (task) => <DueDate task={task} /> },
              { header: 'Priority', cell: (task) => <PriorityBadge priority={task.priority} /> },
              { header: 'Status', cell: (task) => <TaskStatusBadge status={task.status} /> },
              {
                header: <span className="sr-only">Actions</span>,
                className: 'text-right',
                cell: (task) => <RowActions task={task} {...actions} />,
              },
            ]}
            card={(task) => (
              <div className="space-y-2">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium text-slate-900">{task.title}</p>
                  <PriorityBadge priority={task.priority} />
                </div>
                <p className="text-sm text-slate-600">
                  {task.assigned_to_name ?? 'Unassigned'}
                  {task.student_name ? ` · ${task.student_name}` : ''}
                </p>
                <div className="flex items-center gap-2 text-sm">
                  <TaskStatusBadge status={task.status} />
                  <DueDate task={task} />
                </div>
                <RowActions task={task} {...actions} />
              </div>
            )}
          />
        </ListTable>
      )}

      {openTask && (
        <TaskFormDialog key={openTask.task?.id ?? 'add'} task={openTask.task} onClose={closeEditor} />
      )}
      {deletion.dialog}
    </ListScreen>
  );
}

function RowActions({
  task,
  onEdit,
  onDelete,
}: {
  task: Task;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}) {
  return (
    <EditDeleteButtons
      name={task.title}
      onEdit={() => onEdit(task)}
      onDelete={() => onDelete(task)}
      worded
      className="flex justify-end gap-1"
    />
  );
}

function BoardView({
  tasks,
  filtered,
  actions,
}: {
  tasks: ReturnType<typeof useTasks>;
  filtered: boolean;
  actions: TaskActions;
}) {
  const state = tableStateOf(tasks, { title: "Couldn't load the tasks", message: reasonOf });
  if (state.error)
    return (
      <Card>
        <ListError {...state.error} />
      </Card>
    );
  if (!tasks.data) return <p className="text-sm text-slate-600">Loading tasks...</p>;
  const { items, total } = tasks.data;
  return (
    <div className={tasks.isPlaceholderData ? 'opacity-60' : undefined}>
      {items.length === 0 && (
        <p role="status" className="mb-3 rounded-md bg-slate-50 p-4 text-center text-sm text-slate-600">
          {M.noTasks}
          {!filtered && ' Click "Add Task" to create the first one.'}
        </p>
      )}
      {total > items.length && (
        <p role="status" className="mb-3 text-sm text-slate-600">
          Showing {items.length} of {total} tasks. Search or filter to narrow the board, or use the list.
        </p>
      )}
      <TaskBoard tasks={items} {...actions} />
    </div>
  );
}
