import { type ReactNode, useEffect, useRef } from 'react';
import { type UseFormRegister, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import type { Student } from '../../../contracts/students';
import {
  ACADEMIC_STANDING_LABELS,
  ACADEMIC_STANDINGS,
  ACCOMMODATION_TYPE_LABELS,
  ACCOMMODATION_TYPES,
  GENDER_LABELS,
  GENDERS,
  LAPTOP_PLAN_LABELS,
  LAPTOP_PLANS,
  PROGRAM_LEVEL_LABELS,
  PROGRAM_LEVELS,
  PROGRAM_STATUS_LABELS,
  PROGRAM_STATUSES,
} from '../../../domain/students';
import { choiceFields, focusFirstField, useSchemaForm } from '../../components/forms';
import { Alert, DateInput, Field, Input, Select, Textarea } from '../../components/ui';
import { currencyLabel } from '../../lib/format';
import { usePartnerOptions } from '../corporate';
import {
  applyServerErrors,
  emptyProfileValues,
  laptopFieldsShown,
  STUDENT_UI_MESSAGES as M,
  PROFILE_FIELDS,
  type ProfileField,
  profileValuesFrom,
  StudentProfileFormSchema,
  type StudentProfileFormValues,
} from '../students';

function Section({ title, first, children }: { title: string; first?: boolean; children: ReactNode }) {
  return (
    <fieldset className={first ? 'space-y-4' : 'space-y-4 border-t border-slate-200 pt-5'}>
      <legend className="float-left mb-1 w-full text-sm font-semibold tracking-wide text-slate-900 uppercase">
        {title}
      </legend>
      <div className="grid clear-both gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export interface ProfileFormProps {
  formId: string;
  /** The record being edited; absent when adding. */
  student?: Student;
  /** The failure of the last save (shown above the form, which stays open). */
  saveError: { title: string; reason: string; error: unknown } | null;
  onSubmit: (values: StudentProfileFormValues) => void;
  /** Hears whether anything was typed, so the dialog can ask before throwing it away. */
  onDirtyChange: (dirty: boolean) => void;
  /** Put the focus in the first field when the form appears inside an already open dialog. */
  focusOnMount?: boolean;
}

/** Every field of the student profile (docs/product.md §3), in the view's sections. */
export function ProfileForm({
  formId,
  student,
  saveError,
  onSubmit,
  onDirtyChange,
  focusOnMount,
}: ProfileFormProps) {
  const form = useSchemaForm<StudentProfileFormValues>(
    StudentProfileFormSchema,
    student ? profileValuesFrom(student) : emptyProfileValues(),
  );
  const { register, handleSubmit, control, setError } = form;
  const { errors } = form.formState;
  const choice = choiceFields(form);
  const plan = useWatch({ control, name: 'laptop_plan' });
  const shown = laptopFieldsShown(plan);
  const alertRef = useRef<HTMLDivElement>(null);
  const { isDirty } = form.formState;

  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);
  useEffect(() => {
    if (focusOnMount) focusFirstField(document.getElementById(formId));
  }, [focusOnMount, formId]);
  // Gone (saved, cancelled, switched to the view): nothing typed is left to lose.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // A failed save: put the server's field messages on the inputs and bring the message into view.
  useEffect(() => {
    if (!saveError) return;
    const placed = applyServerErrors(saveError.error, setError, PROFILE_FIELDS);
    if (!placed) alertRef.current?.scrollIntoView({ block: 'nearest' });
  }, [saveError, setError]);

  const text = (name: ProfileField, label: string, extra: { type?: string; required?: boolean } = {}) => (
    <Field label={label} required={extra.required} error={errors[name]?.message}>
      {extra.type === 'date' ? (
        <DateInput {...register(name)} />
      ) : (
        <Input type={extra.type ?? 'text'} {...register(name)} />
      )}
    </Field>
  );

  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-6">
      {saveError && (
        <div ref={alertRef}>
          <Alert tone="error" title={saveError.title}>
            {saveError.reason}
          </Alert>
        </div>
      )}

      <Section title="Personal" first>
        {text('first_name', 'First Name', { required: true })}
        {text('last_name', 'Last Name', { required: true })}
        {text('email', 'Email', { type: 'email' })}
        {text('contact_number', 'Contact Number', { type: 'tel' })}
        {choice('gender', 'Gender', GENDERS, GENDER_LABELS)}
        {text('date_of_birth', 'Date of Birth', { type: 'date' })}
        {text('community', 'Community')}
        {text('chl_number', 'CHL Number')}
        {text('nrc_number', 'NRC Number')}
        {text('school_id_number', 'School ID Number')}
        <div className="sm:col-span-2">{text('profile_photo_url', 'Photo URL', { type: 'url' })}</div>
      </Section>

      <Section title="Guardian">
        {text('guardian_full_name', 'Guardian Full Name')}
        {text('guardian_relationship', 'Relationship')}
        {text('guardian_contact_number', 'Guardian Contact Number', { type: 'tel' })}
        {text('guardian_community', 'Guardian Community')}
      </Section>

      <Section title="Academic">
        {choice('program_level', 'Program Level', PROGRAM_LEVELS, PROGRAM_LEVEL_LABELS)}
        {choice('program_status', 'Program Status', PROGRAM_STATUSES, PROGRAM_STATUS_LABELS)}
        {choice('academic_standing', 'Academic Standing', ACADEMIC_STANDINGS, ACADEMIC_STANDING_LABELS)}
        <Field label="Overall GPA" hint="0 to 4.00" error={errors.overall_gpa?.message}>
          <Input type="number" inputMode="decimal" min={0} max={4} step={0.01} {...register('overall_gpa')} />
        </Field>
        {text('institution_name', 'Institution')}
        <PartnerPicker
          kind="institutions"
          label="Institution Record"
          hint="The institution in Corporate Collaborations"
          error={errors.institution_id?.message}
          {...register('institution_id')}
        />
        {text('institution_location', 'Institution Location')}
        {text('current_program', 'Current Program')}
        {text('area_of_study', 'Area of Study')}
        {text('program_length', 'Program Length')}
        <div className="hidden sm:block" />
        {text('start_date', 'Start Date', { type: 'date' })}
        {text('expected_end_date', 'Expected End Date', { type: 'date' })}
      </Section>

      <Section title="Accommodation">
        {choice('accommodation_type', 'Accommodation Type', ACCOMMODATION_TYPES, ACCOMMODATION_TYPE_LABELS)}
        <MoneyField
          name="accommodation_monthly_rent"
          label={`Monthly Rent (${currencyLabel()})`}
          register={register}
          error={errors.accommodation_monthly_rent?.message}
        />
        {text('accommodation_payment_method', 'Payment Method')}
        {text('accommodation_address', 'Accommodation Address')}
        {text('accommodation_landlord_name', 'Landlord Name')}
        {text('accommodation_landlord_contact', 'Landlord Contact', { type: 'tel' })}
        <PartnerPicker
          kind="landlords"
          label="Landlord Record"
          hint="The landlord in Corporate Collaborations"
          error={errors.landlord_id?.message}
          {...register('landlord_id')}
        />
      </Section>

      <Section title="Digital Resources">
        {choice('laptop_plan', 'Laptop Plan', LAPTOP_PLANS, LAPTOP_PLAN_LABELS)}
        {text('laptop_serial_number', 'Laptop Serial Number')}
        {shown.monthlyDeduction && (
          <MoneyField
            name="laptop_monthly_deduction"
            label={`Laptop Monthly Deduction (${currencyLabel()})`}
            hint={M.laptopDeductionHint}
            register={register}
            error={errors.laptop_monthly_deduction?.message}
          />
        )}
        {shown.returnDates && (
          <>
            {text('laptop_inspection_date', 'Inspection Date', { type: 'date' })}
            {text('laptop_submission_date', 'Submission Date', { type: 'date' })}
            {text('laptop_collection_date', 'Collection Date', { type: 'date' })}
          </>
        )}
      </Section>

      <Section title="Program Notes">
        <Field label="Program Notes" error={errors.program_notes?.message} className="sm:col-span-2">
          <Textarea rows={4} {...register('program_notes')} />
        </Field>
      </Section>
    </form>
  );
}

function MoneyField({
  name,
  label,
  hint,
  register,
  error,
}: {
  name: 'accommodation_monthly_rent' | 'laptop_monthly_deduction';
  label: string;
  hint?: string;
  register: UseFormRegister<StudentProfileFormValues>;
  error?: string;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      <Input type="number" inputMode="decimal" min={0} step={0.01} {...register(name)} />
    </Field>
  );
}

/**
 * A Select of the landlords or institutions of Corporate Collaborations, 'Not linked' first. The
 * form's field is attached only once the choices are there: attached earlier, the record's value
 * would find no option to select and be saved as 'Not linked'. Until then (or if they cannot be
 * loaded) the field is left out of the save, so the link stays as it was.
 */
function PartnerPicker({
  kind,
  label,
  hint,
  error,
  ...field
}: {
  kind: 'landlords' | 'institutions';
  label: string;
  hint: string;
  error?: string;
} & UseFormRegisterReturn) {
  const options = usePartnerOptions(kind);
  return (
    <Field
      label={label}
      hint={options.isError ? "Couldn't load the choices; the link stays as it is." : hint}
      error={error}
    >
      {options.data ? (
        <Select options={options.data} {...field} />
      ) : (
        <Select options={[{ value: '', label: options.isError ? 'Unavailable' : 'Loading...' }]} disabled />
      )}
    </Field>
  );
}
