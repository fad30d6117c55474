import { useState } from 'react';
import { type Issue, type IssueFormInput, IssueInputSchema } from '../../../contracts/issues';
import { ISSUE_CATEGORIES, ISSUE_PRIORITIES, valueLabel } from '../../../domain/case-work';
import { roleTitle } from '../../../domain/roles';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Field, Input, Select, Textarea, toast } from '../../components/ui';
import { type StudentOption, StudentPicker } from '../students';
import { useSaveIssue, useStaff } from './case-work.queries';

/** 'Report Issue' / 'Edit Issue': the student concerned is required; the reporter is the user. */
export function IssueFormDialog({
  issue,
  onClose,
  onSaved,
}: {
  issue?: Issue;
  onClose: () => void;
  onSaved?: (issue: Issue) => void;
}) {
  const save = useSaveIssue();
  const staff = useStaff();
  const [student, setStudent] = useState<StudentOption | null>(null);
  const form = useSchemaForm<IssueFormInput>(IssueInputSchema, {
    title: issue?.title ?? '',
    description: issue?.description ?? '',
    student_id: issue?.student_id ?? '',
    assigned_to_id: issue?.assigned_to_id ?? '',
    priority: issue?.priority ?? 'medium',
    category: issue?.category ?? 'academic',
  });
  const { register, setValue } = form;
  const { errors, isSubmitting: busy } = form.formState;

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={issue ? 'Edit Issue' : 'Report Issue'}
      size="lg"
      form={form}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync({ id: issue?.id, body: values });
        toast.success(issue ? 'Issue updated.' : 'Issue reported.');
        onSaved?.(saved);
        onClose();
      }}
      submitLabel={issue ? 'Save Changes' : 'Report Issue'}
      pendingLabel="Saving..."
      failed={issue ? 'Failed to update issue' : 'Failed to report issue'}
      className="space-y-4"
    >
      <Field label="Student" required error={errors.student_id?.message}>
        <StudentPicker
          value={student}
          onChange={(picked) => {
            setStudent(picked);
            setValue('student_id', picked?.id ?? '', {
              shouldDirty: true,
              shouldValidate: Boolean(errors.student_id),
            });
          }}
          disabled={busy}
          placeholder={issue?.student_name ?? 'Select a student'}
        />
      </Field>
      <input type="hidden" {...register('student_id')} />
      <Field label="Title" required error={errors.title?.message}>
        <Input disabled={busy} {...register('title')} />
      </Field>
      <Field label="Description" required error={errors.description?.message}>
        <Textarea rows={4} disabled={busy} {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Category" error={errors.category?.message}>
          <Select
            disabled={busy}
            options={ISSUE_CATEGORIES.map((c) => ({ value: c, label: valueLabel(c) }))}
            {...register('category')}
          />
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          <Select
            disabled={busy}
            options={ISSUE_PRIORITIES.map((p) => ({ value: p, label: valueLabel(p) }))}
            {...register('priority')}
          />
        </Field>
        <Field label="Assigned To" error={errors.assigned_to_id?.message}>
          <Select
            disabled={busy}
            options={[
              { value: '', label: 'Unassigned' },
              ...(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${roleTitle(s.role)})` })),
              ...(issue?.assigned_to_id &&
              staff.data &&
              !staff.data.some((s) => s.id === issue.assigned_to_id)
                ? [{ value: issue.assigned_to_id, label: issue.assigned_to_name ?? 'Former staff member' }]
                : []),
            ]}
            {...register('assigned_to_id')}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
