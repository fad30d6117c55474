import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { type Path, type UseFormSetError, useForm } from 'react-hook-form';
import type { Student } from '../../../contracts/students';
import { roleTitle } from '../../../domain/roles';
import {
  ACADEMIC_STANDING_LABELS,
  ACADEMIC_STANDINGS,
  PROGRAM_LEVEL_LABELS,
  PROGRAM_LEVELS,
  PROGRAM_STATUS_LABELS,
  PROGRAM_STATUSES,
} from '../../../domain/students';
import { Button, Dialog, Field, Input, Select, toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { STUDENT_UI_MESSAGES as M } from './messages';
import {
  emptyManagementValues,
  fieldOfConflict,
  MANAGEMENT_FIELDS,
  managementPayload,
  managementValuesFrom,
  StudentManagementFormSchema,
  type StudentManagementFormValues,
} from './student-form-values';
import { failureReason, useCreateStudent, useOfficers, useUpdateStudent } from './students.queries';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const LEVEL_OPTIONS = options(PROGRAM_LEVELS, PROGRAM_LEVEL_LABELS);
const STATUS_OPTIONS = options(PROGRAM_STATUSES, PROGRAM_STATUS_LABELS);
const STANDING_OPTIONS = options(ACADEMIC_STANDINGS, ACADEMIC_STANDING_LABELS);

/**
 * Puts the server's field messages (ApiError.fields, or a taken CHL number) on the inputs.
 * Answers true when at least one landed on a field of this form.
 */
export function applyServerErrors<T extends Record<string, unknown>>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const found: Array<[string, string]> = Object.entries(error.fields ?? {}).filter(([field]) =>
    fields.includes(field),
  );
  const conflictField = error.status === 409 ? fieldOfConflict(error.message) : null;
  if (conflictField && fields.includes(conflictField)) found.push([conflictField, error.message]);
  for (const [index, [field, message]] of found.entries()) {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  }
  return found.length > 0;
}

/** Add Student / Edit Student (Student Management): the record's main fields. */
export function StudentFormDialog({
  open,
  onOpenChange,
  student,
  canAssignOfficer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The student being edited; absent when adding. */
  student?: Student;
  /** Admins and deputy managers choose the officer; program officers are assigned automatically. */
  canAssignOfficer: boolean;
}) {
  const formId = useId();
  const editing = Boolean(student);
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const officers = useOfficers(open && canAssignOfficer);
  const saving = create.isPending || update.isPending;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<StudentManagementFormValues>({
    resolver: zodResolver(StudentManagementFormSchema),
    defaultValues: emptyManagementValues(),
  });

  useEffect(() => {
    if (open) reset(student ? managementValuesFrom(student) : emptyManagementValues());
  }, [open, student, reset]);

  // Options arrive after the form was filled: select the record's officer again once they are there.
  useEffect(() => {
    if (officers.data) setValue('assigned_officer_id', getValues('assigned_officer_id'));
  }, [officers.data, setValue, getValues]);

  const onSubmit = handleSubmit(async (values) => {
    const body = managementPayload(values, { canAssignOfficer, original: student });
    try {
      if (student) {
        await update.mutateAsync({ id: student.id, body });
        toast.success(M.updated);
      } else {
        await create.mutateAsync(body);
        toast.success(M.added);
      }
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, MANAGEMENT_FIELDS);
      toast.error(student ? M.updateFailed(failureReason(error)) : M.addFailed(failureReason(error)));
    }
  });

  // The officer list: keep the current officer selectable even if they are no longer active.
  const officerOptions = officers.data ?? [];
  const currentOfficerMissing =
    student?.assigned_officer_id && !officerOptions.some((o) => o.id === student.assigned_officer_id);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title={editing ? 'Edit Student' : 'Add Student'}
      description={editing ? `Change ${student?.full_name}'s details.` : 'Fields marked * are required.'}
      size="lg"
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" disabled={saving} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={saving}
            loadingText={editing ? 'Saving...' : 'Adding...'}
          >
            {editing ? 'Save Changes' : 'Add Student'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" required error={errors.first_name?.message}>
          <Input autoComplete="off" {...register('first_name')} />
        </Field>
        <Field label="Last Name" required error={errors.last_name?.message}>
          <Input autoComplete="off" {...register('last_name')} />
        </Field>
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Contact Number" error={errors.contact_number?.message}>
          <Input type="tel" autoComplete="off" {...register('contact_number')} />
        </Field>
        <Field label="Community" error={errors.community?.message}>
          <Input {...register('community')} />
        </Field>
        <Field label="Program Level" required error={errors.program_level?.message}>
          <Select options={LEVEL_OPTIONS} {...register('program_level')} />
        </Field>
        <Field label="Institution" error={errors.institution_name?.message}>
          <Input {...register('institution_name')} />
        </Field>
        <Field label="Current Program" error={errors.current_program?.message}>
          <Input {...register('current_program')} />
        </Field>
        <Field label="Status" error={errors.program_status?.message}>
          <Select options={STATUS_OPTIONS} {...register('program_status')} />
        </Field>
        <Field label="Academic Standing" error={errors.academic_standing?.message}>
          <Select options={STANDING_OPTIONS} {...register('academic_standing')} />
        </Field>
        <Field label="CHL Number" error={errors.chl_number?.message}>
          <Input autoComplete="off" {...register('chl_number')} />
        </Field>
        {canAssignOfficer ? (
          <Field
            label="Assigned Officer"
            error={errors.assigned_officer_id?.message}
            hint={officers.isError ? 'The officer list could not be loaded.' : undefined}
          >
            <Select {...register('assigned_officer_id')} disabled={officers.isPending}>
              <option value="">{editing ? 'Unassigned' : 'Assign to me'}</option>
              {currentOfficerMissing && (
                <option value={student?.assigned_officer_id ?? ''}>
                  {student?.assigned_officer_name ?? 'Current officer'}
                </option>
              )}
              {officerOptions.map((officer) => (
                <option key={officer.id} value={officer.id}>
                  {officer.name} ({roleTitle(officer.role)})
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <p className="self-end text-sm text-slate-500 sm:pb-2.5">
            {editing
              ? `Officer: ${student?.assigned_officer_name ?? 'Unassigned'}`
              : 'The student will be assigned to you.'}
          </p>
        )}
      </form>
    </Dialog>
  );
}
