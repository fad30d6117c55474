import { useState } from 'react';
import { type Task, type TaskFormInput, TaskInputSchema } from '../../../contracts/tasks';
import {
  TASK_CATEGORIES,
  TASK_CATEGORY_LABELS,
  TASK_PRIORITIES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  valueLabel,
} from '../../../domain/case-work';
import { roleTitle } from '../../../domain/roles';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Button, DateInput, Field, Input, Select, Textarea, toast } from '../../components/ui';
import { dayOf, formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { DetailsTabs } from '../audit';
import { type StudentOption, StudentPicker } from '../students';
import { useSaveTask, useStaff } from './case-work.queries';

/**
 * A due date before today makes the task overdue the moment it is saved: allowed (work noted
 * late), but asked about first. Not for a completed task, nor a date the task already had.
 */
function pastDueQuestion(values: TaskFormInput, task: Task | undefined) {
  const due = typeof values.due_date === 'string' ? values.due_date : '';
  if (!due || due >= dayOf(new Date()) || values.status === 'completed' || due === task?.due_date)
    return null;
  return {
    title: 'Due date in the past',
    message: `The due date ${formatDate(due)} is before today, so this task will be overdue as soon as it is saved.`,
    confirmLabel: 'Save Anyway',
  };
}

/**
 * 'Add Task' / 'Edit Task': assigned to the user unless they choose someone else, and the field
 * shows whoever it holds from the first paint, before the staff list has loaded.
 */
export function TaskFormDialog({ task, onClose }: { task?: Task; onClose: () => void }) {
  const save = useSaveTask();
  const staff = useStaff();
  const user = useCurrentUser();
  const [student, setStudent] = useState<StudentOption | null>(null);
  // The student the task names until another is picked or it is removed.
  const [linked, setLinked] = useState(task?.student_id ? (task.student_name ?? 'a student') : null);
  const form = useSchemaForm<TaskFormInput>(TaskInputSchema, {
    title: task?.title ?? '',
    description: task?.description ?? '',
    assigned_to_id: task?.assigned_to_id ?? user?.id ?? '',
    due_date: task?.due_date ?? '',
    priority: task?.priority ?? 'medium',
    status: task?.status ?? 'todo',
    category: task?.category ?? 'general',
    student_id: task?.student_id ?? '',
  });
  const { register, setValue } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const assignee = form.watch('assigned_to_id') ?? '';
  const known = staff.data ?? [];
  // The one the field holds when the list lacks them: still loading, or no longer assignable.
  const holder =
    assignee && !known.some((s) => s.id === assignee)
      ? assignee === task?.assigned_to_id
        ? (task.assigned_to_name ?? 'Former staff member')
        : assignee === user.id
          ? `${user.name} (${roleTitle(user.role)})`
          : null
      : null;

  const fields = (
    <>
      <Field label="Title" required error={errors.title?.message}>
        <Input disabled={busy} {...register('title')} />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Textarea rows={3} disabled={busy} {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Assigned To" required error={errors.assigned_to_id?.message}>
          <Select
            disabled={busy}
            // Held by the form, so the options arriving later do not show another choice than it saves.
            value={assignee}
            options={[
              { value: '', label: 'Select a staff member' },
              ...known.map((s) => ({ value: s.id, label: `${s.name} (${roleTitle(s.role)})` })),
              ...(holder ? [{ value: assignee, label: holder }] : []),
            ]}
            {...register('assigned_to_id')}
          />
        </Field>
        <Field label="Due Date" error={errors.due_date?.message}>
          <DateInput disabled={busy} {...register('due_date')} />
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          <Select
            disabled={busy}
            options={TASK_PRIORITIES.map((p) => ({ value: p, label: valueLabel(p) }))}
            {...register('priority')}
          />
        </Field>
        <Field label="Status" error={errors.status?.message}>
          <Select
            disabled={busy}
            options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
            {...register('status')}
          />
        </Field>
        <Field label="Category" error={errors.category?.message}>
          <Select
            disabled={busy}
            options={TASK_CATEGORIES.map((c) => ({ value: c, label: TASK_CATEGORY_LABELS[c] }))}
            {...register('category')}
          />
        </Field>
        <Field
          label="Student"
          hint="Optional: the student the task is about"
          error={errors.student_id?.message}
        >
          <StudentPicker
            value={student}
            onChange={(picked) => {
              setStudent(picked);
              if (picked) setLinked(null);
              setValue('student_id', picked?.id ?? (linked ? (task?.student_id ?? '') : ''), {
                shouldDirty: true,
              });
            }}
            disabled={busy}
            placeholder={linked ?? 'Select a student'}
          />
        </Field>
        {linked && !student && (
          <p className="flex items-center gap-2 text-sm text-slate-600 sm:col-span-2">
            About {linked}.
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setLinked(null);
                setValue('student_id', '', { shouldDirty: true });
              }}
            >
              Remove student
            </Button>
          </p>
        )}
      </div>
    </>
  );

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={task ? 'Edit Task' : 'Add Task'}
      size="lg"
      form={form}
      confirmSave={(values) => pastDueQuestion(values, task)}
      onSubmit={async (values) => {
        await save.mutateAsync({ id: task?.id, body: values });
        toast.success(task ? 'Task updated.' : 'Task added.');
        onClose();
      }}
      submitLabel={task ? 'Save Changes' : 'Add Task'}
      pendingLabel="Saving..."
      failed={task ? 'Failed to update task' : 'Failed to create task'}
      className="space-y-4"
    >
      {task ? (
        <DetailsTabs record={{ kind: 'task', id: task.id }}>
          <div className="space-y-4">{fields}</div>
        </DetailsTabs>
      ) : (
        fields
      )}
      <input type="hidden" {...register('student_id')} />
    </FormDialog>
  );
}
