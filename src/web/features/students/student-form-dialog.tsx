import { useEffect, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { StudentListItem } from '../../../contracts/students';
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
import { StudentRecordPending } from './student-ui';
import {
  failureReason,
  useCreateStudent,
  useOfficers,
  useStudent,
  useUpdateStudent,
} from './students.queries';

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

/**
 * Add Student / Edit Student (Student Management): the record's main fields. Editing starts from a
 * list row, which lacks some of them (contact number, community, academic standing): the fields
 * show only once the whole record has been read afresh, never blank in the meantime.
 */
export function StudentFormDialog({
  open,
  onOpenChange,
  student: item,
  canAssignOfficer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The student being edited (a list row is enough); absent when adding. */
  student?: StudentListItem;
  /** Admins and deputy managers choose the officer; program officers are assigned automatically. */
  canAssignOfficer: boolean;
}) {
  const editing = Boolean(item);
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const officers = useOfficers(open && canAssignOfficer);
  const record = useStudent(item?.id ?? null);
  const form = useSchemaForm<StudentManagementFormValues>(
    StudentManagementFormSchema,
    emptyManagementValues(),
  );
  const { register, reset, setValue, getValues, setFocus } = form;
  const { errors } = form.formState;
  // Whose values the form holds in this opening: 'new' for Add, else the student's id. Filled once
  // a read of the record has finished, so neither a cached copy nor a later background refetch
  // (which would wipe what was typed) decides them.
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const student = record.data;
  const target = item ? item.id : 'new';

  useEffect(() => {
    if (!open) {
      setFilledFor(null);
      return;
    }
    if (filledFor === target) return;
    if (!item) {
      reset(emptyManagementValues());
      setFilledFor(target);
    } else if (student?.id === item.id && !record.isFetching) {
      reset(managementValuesFrom(student));
      setFilledFor(target);
    }
  }, [open, item, student, record.isFetching, filledFor, target, reset]);
  // Add has nothing to wait for: its fields are there when the dialog opens, to take the focus.
  const ready = !item || filledFor === target;

  // An edit opens before its fields exist: once they do, focus goes where it would have.
  useEffect(() => {
    if (ready && editing) setFocus('first_name');
  }, [ready, editing, setFocus]);

  // Options arrive after the form was filled: select the record's officer again once they are there.
  useEffect(() => {
    if (officers.data && ready) setValue('assigned_officer_id', getValues('assigned_officer_id'));
  }, [officers.data, ready, setValue, getValues]);

  const save = async (values: StudentManagementFormValues) => {
    if (item && !student) return;
    const body = managementPayload(values, { canAssignOfficer, original: student });
    if (item) {
      await update.mutateAsync({ id: item.id, body });
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
    item?.assigned_officer_id && !officerOptions.some((o) => o.id === item.assigned_officer_id);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Student' : 'Add Student'}
      description={editing ? `Change ${item?.full_name}'s details.` : 'Fields marked * are required.'}
      form={form}
      onSubmit={save}
      submitLabel={editing ? 'Save Changes' : 'Add Student'}
      pendingLabel={editing ? 'Saving...' : 'Adding...'}
      submitDisabled={!ready}
      fieldOfError={conflictField}
      failureMessage={(error) =>
        item ? M.updateFailed(failureReason(error)) : M.addFailed(failureReason(error))
      }
      className="grid gap-4 sm:grid-cols-2"
    >
      {ready ? (
        <>
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
                  <option value={item?.assigned_officer_id ?? ''}>
                    {item?.assigned_officer_name ?? 'Current officer'}
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
                ? `Officer: ${item?.assigned_officer_name ?? 'Unassigned'}`
                : 'The student will be assigned to you.'}
            </p>
          )}
        </>
      ) : (
        <StudentRecordPending
          className="sm:col-span-2"
          rows={12}
          error={record.error}
          onRetry={() => void record.refetch()}
          retrying={record.isFetching}
        />
      )}
    </FormDialog>
  );
}
