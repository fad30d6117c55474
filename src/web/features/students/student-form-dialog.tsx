import { useEffect } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
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
import { choiceOptions, FormDialog, showServerFieldErrors, useSchemaForm } from '../../components/forms';
import { Field, Input, Select, toast } from '../../components/ui';
import type { ApiError } from '../../lib/api';
import { STUDENT_UI_MESSAGES as M } from './messages';
import {
  emptyManagementValues,
  fieldOfConflict,
  managementPayload,
  managementValuesFrom,
  StudentManagementFormSchema,
  type StudentManagementFormValues,
} from './student-form-values';
import { failureReason, useCreateStudent, useOfficers, useUpdateStudent } from './students.queries';

const LEVEL_OPTIONS = choiceOptions(PROGRAM_LEVELS, PROGRAM_LEVEL_LABELS);
const STATUS_OPTIONS = choiceOptions(PROGRAM_STATUSES, PROGRAM_STATUS_LABELS);
const STANDING_OPTIONS = choiceOptions(ACADEMIC_STANDINGS, ACADEMIC_STANDING_LABELS);

/** A taken CHL or NRC number (409) belongs under that input. */
const conflictField = (error: ApiError) => (error.status === 409 ? fieldOfConflict(error.message) : null);

/**
 * Puts the server's field messages (ApiError.fields, or a taken CHL or NRC number) on a student
 * form's inputs. Answers true when at least one landed on a field of this form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  return showServerFieldErrors(error, setError, fields, conflictField);
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
  const editing = Boolean(student);
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const officers = useOfficers(open && canAssignOfficer);
  const form = useSchemaForm<StudentManagementFormValues>(
    StudentManagementFormSchema,
    emptyManagementValues(),
  );
  const { register, reset, setValue, getValues } = form;
  const { errors } = form.formState;

  useEffect(() => {
    if (open) reset(student ? managementValuesFrom(student) : emptyManagementValues());
  }, [open, student, reset]);

  // Options arrive after the form was filled: select the record's officer again once they are there.
  useEffect(() => {
    if (officers.data) setValue('assigned_officer_id', getValues('assigned_officer_id'));
  }, [officers.data, setValue, getValues]);

  const save = async (values: StudentManagementFormValues) => {
    const body = managementPayload(values, { canAssignOfficer, original: student });
    if (student) {
      await update.mutateAsync({ id: student.id, body });
      toast.success(M.updated);
    } else {
      await create.mutateAsync(body);
      toast.success(M.added);
    }
    onOpenChange(false);
  };

  // The officer list: keep the current officer selectable even if they are no longer active.
  const officerOptions = officers.data ?? [];
  const currentOfficerMissing =
    student?.assigned_officer_id && !officerOptions.some((o) => o.id === student.assigned_officer_id);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Student' : 'Add Student'}
      description={editing ? `Change ${student?.full_name}'s details.` : 'Fields marked * are required.'}
      form={form}
      onSubmit={save}
      submitLabel={editing ? 'Save Changes' : 'Add Student'}
      pendingLabel={editing ? 'Saving...' : 'Adding...'}
      fieldOfError={conflictField}
      failureMessage={(error) =>
        student ? M.updateFailed(failureReason(error)) : M.addFailed(failureReason(error))
      }
      className="grid gap-4 sm:grid-cols-2"
    >
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
    </FormDialog>
  );
}
