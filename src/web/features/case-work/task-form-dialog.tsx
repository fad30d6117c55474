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
import { failureWithReason } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { DetailsTabs } from '../audit';
import { type StudentOption, StudentPicker } from '../students';
import { NETWORK } from './case-ui';
import { useSaveTask, useStaff } from './case-work.queries';

/** 'Add Task' / 'Edit Task': assigned to the user unless they choose someone else. */
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
            options={[
              { value: '', label: 'Select a staff member' },
              ...(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${roleTitle(s.role)})` })),
              // Someone no longer assignable keeps their name on the task they hold.
              ...(task?.assigned_to_id && staff.data && !staff.data.some((s) => s.id === task.assigned_to_id)
                ? [{ value: task.assigned_to_id, label: task.assigned_to_name ?? 'Former staff member' }]
                : []),
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
      onSubmit={async (values) => {
        await save.mutateAsync({ id: task?.id, body: values });
        toast.success(task ? 'Task updated.' : 'Task added.');
        onClose();
      }}
      submitLabel={task ? 'Save Changes' : 'Add Task'}
      pendingLabel="Saving..."
      failureMessage={(error) =>
        failureWithReason(error, task ? 'Failed to update task' : 'Failed to create task', NETWORK)
      }
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
