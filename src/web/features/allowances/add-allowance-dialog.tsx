import { type ComponentProps, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { allowanceLevelForStudent, LAUNCH_YEAR_NOTE } from '../../../domain/allowance-rows';
import { MONTHS } from '../../../domain/dates';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Alert, Field, Input, Select, Textarea, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { currencyLabel, formatMoney } from '../../lib/format';
import { type StudentOption, StudentPicker } from '../students';
import {
  AllowanceFormSchema,
  type AllowanceFormValues,
  AMOUNT_LABELS,
  amountFieldsFor,
  emptyAllowanceForm,
  formTotal,
  toCreateAllowancePayload,
} from './allowance-form';
import { PROGRAM_LEVEL_OPTIONS } from './allowance-view';
import { useCreateAllowance } from './allowances.queries';
import { ALLOWANCE_UI } from './messages';

const MONTH_OPTIONS = [
  { value: '', label: 'Select a month' },
  ...MONTHS.map((m) => ({ value: m, label: m })),
];
/** Add New Allowance (docs/product.md §2, §5). Rendered only while open, so every opening starts blank. */
export function AddAllowanceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  if (!open) return null;
  return <AddAllowanceForm onClose={() => onOpenChange(false)} />;
}

function AddAllowanceForm({ onClose }: { onClose: () => void }) {
  const create = useCreateAllowance();
  const [student, setStudent] = useState<StudentOption | null>(null);
  const form = useSchemaForm<AllowanceFormValues>(AllowanceFormSchema, emptyAllowanceForm());
  const { register, setValue, control } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const values = useWatch({ control });
  const level = values.program_level ?? 'university';
  const launchYear = level === 'launch_year';
  const total = formTotal({
    program_level: level,
    stipend: values.stipend ?? '',
    medical: values.medical ?? '',
    transportation: values.transportation ?? '',
    school_supplies: values.school_supplies ?? '',
    accommodation: values.accommodation ?? '',
  });

  const onPickStudent = (picked: StudentOption | null) => {
    setStudent(picked);
    setValue('student_id', picked?.id ?? '', { shouldValidate: Boolean(errors.student_id) });
    // The programme level follows the student's category (diploma is paid as college).
    if (picked) setValue('program_level', allowanceLevelForStudent(picked.program_level));
  };

  const save = async (values: AllowanceFormValues) => {
    await create.mutateAsync(toCreateAllowancePayload(values));
    toast.success(ALLOWANCE_UI.submitted);
    onClose();
  };
  const failureMessage = (error: unknown) =>
    errorMessage(error, { failed: ALLOWANCE_UI.submitFailed, network: ALLOWANCE_UI.submitFailed });

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Add New Allowance"
      description="The allowance starts at Pending Deputy Manager once submitted."
      form={form}
      onSubmit={save}
      submitLabel="Submit Allowance"
      pendingLabel="Submitting..."
      failureMessage={failureMessage}
      className="space-y-4"
    >
      <Field label="Student" required error={errors.student_id?.message}>
        <StudentPicker value={student} onChange={onPickStudent} disabled={busy} />
      </Field>
      <input type="hidden" {...register('student_id')} />

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Month" required error={errors.month?.message}>
          <Select options={MONTH_OPTIONS} disabled={busy} {...register('month')} />
        </Field>
        <Field label="Year" required error={errors.year?.message}>
          <Input inputMode="numeric" maxLength={4} disabled={busy} {...register('year')} />
        </Field>
        <Field label="Program Level" required error={errors.program_level?.message}>
          <Select options={PROGRAM_LEVEL_OPTIONS} disabled={busy} {...register('program_level')} />
        </Field>
      </div>

      {launchYear && <Alert tone="info">{LAUNCH_YEAR_NOTE}</Alert>}

      <div className="grid gap-4 sm:grid-cols-2">
        {amountFieldsFor(level).map((name) => (
          <Field
            key={name}
            label={AMOUNT_LABELS[name]}
            required={name === 'stipend'}
            error={errors[name]?.message}
          >
            <MoneyInput disabled={busy} {...register(name)} />
          </Field>
        ))}
      </div>

      <Field
        label="Comments"
        hint="Sent with the submission and shown in the comment trail."
        error={errors.flmi_comments?.message}
      >
        <Textarea rows={3} disabled={busy} {...register('flmi_comments')} />
      </Field>

      <div
        className={cn(
          'flex items-center justify-between rounded-lg border px-4 py-3',
          total === null ? 'border-slate-200 bg-slate-50' : 'border-emerald-200 bg-emerald-50',
        )}
      >
        <span className="text-sm font-medium text-slate-700">Total</span>
        <output aria-live="polite" className="text-lg font-semibold text-slate-900 tabular-nums">
          {total === null ? (
            <span className="text-sm font-normal text-slate-500">Enter valid amounts</span>
          ) : (
            formatMoney(total)
          )}
        </output>
      </div>
    </FormDialog>
  );
}

function MoneyInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500"
      >
        {currencyLabel()}
      </span>
      <Input
        inputMode="decimal"
        placeholder="0.00"
        autoComplete="off"
        className="pl-14 tabular-nums"
        {...props}
      />
    </div>
  );
}
