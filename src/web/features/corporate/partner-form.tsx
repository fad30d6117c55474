import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { focusFirstField, showServerFieldErrors } from '../../components/forms';
import { Alert, Button, Card, Checkbox, Field, Input, Textarea, toast } from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { useSavePartner } from './corporate.queries';
import {
  type InstitutionFormValues,
  KIND_UI,
  type LandlordFormValues,
  type PartnerKindName,
} from './corporate-kinds';

const NETWORK = NETWORK_MESSAGE;

/**
 * The inline Add New / Edit form of Corporate Collaborations (docs/product.md §4: saving or
 * cancelling returns to the list). It opens with focus in its first field, keeps the typed values
 * and shows the server's messages on their fields when a save fails, and tells the page whether
 * anything was typed, so the page asks before Cancel or a switch of list throws it away.
 */
export function PartnerForm<TValues extends FieldValues>({
  kind,
  recordId,
  form,
  onDone,
  onCancel,
  onDirtyChange,
  children,
}: {
  kind: PartnerKindName;
  /** The record being edited; none when adding. */
  recordId?: string;
  form: UseFormReturn<TValues>;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  children: ReactNode;
}) {
  const ui = KIND_UI[kind];
  const save = useSavePartner(kind);
  const title = recordId ? ui.formTitle.edit : ui.formTitle.add;
  const failureTitle = recordId ? ui.updateFailed : ui.addFailed;
  const formId = useId();
  const ref = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const saving = form.formState.isSubmitting;
  const { isDirty } = form.formState;

  useEffect(() => {
    focusFirstField(ref.current);
  }, []);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: recordId, body: values });
    } catch (error) {
      const onField = showServerFieldErrors(error, form.setError, Object.keys(form.getValues()));
      setFailure(onField ? null : errorMessage(error, { failed: failureTitle, network: NETWORK }));
      return;
    }
    toast.success(recordId ? ui.updated : ui.added);
    onDone();
  });

  return (
    <Card>
      <form
        ref={ref}
        id={formId}
        noValidate
        onSubmit={submit}
        aria-label={title}
        className="space-y-5 p-4 sm:p-6"
      >
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {failure && (
          <Alert tone="error" title={failureTitle}>
            {failure === failureTitle ? undefined : failure}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="secondary" disabled={saving} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} loadingText="Saving...">
            {recordId ? 'Save Changes' : ui.add}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** total_students as the input holds it: blank is 0, anything else the number typed (the server checks it). */
const wholeNumber = (value: unknown) => (value === '' || value === null ? 0 : Number(value));

export function LandlordFields({ form }: { form: UseFormReturn<LandlordFormValues> }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
    <>
      <Field label="Name of Landlord" required error={errors.name?.message}>
        <Input {...register('name')} />
      </Field>
      <Field label="Name of Boarding House" required error={errors.boarding_house_name?.message}>
        <Input {...register('boarding_house_name')} />
      </Field>
      <Field label="Cell Line" error={errors.cell_line?.message} hint="e.g. +260 97 1234567">
        <Input type="tel" {...register('cell_line')} />
      </Field>
      <Field label="Landline" error={errors.landline?.message}>
        <Input type="tel" {...register('landline')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" {...register('email')} />
      </Field>
      <Field label="Address" error={errors.address?.message}>
        <Input {...register('address')} />
      </Field>
      <Field
        label="Geolocation"
        error={errors.geolocation?.message}
        hint="A map link, or latitude, longitude such as -15.4167, 28.2833"
      >
        <Input {...register('geolocation')} />
      </Field>
      <Field label="Total Students" error={errors.total_students?.message}>
        <Input type="number" min={0} step={1} {...register('total_students', { setValueAs: wholeNumber })} />
      </Field>
      <div className="sm:col-span-2">
        <Checkbox label="Lease agreement signed" {...register('lease_agreement_signed')} />
      </div>
      <div className="sm:col-span-2">
        <Field label="Comments" error={errors.comments?.message}>
          <Textarea rows={3} {...register('comments')} />
        </Field>
      </div>
    </>
  );
}

export function InstitutionFields({ form }: { form: UseFormReturn<InstitutionFormValues> }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
    <>
      <Field label="Institution Name" required error={errors.institution_name?.message}>
        <Input {...register('institution_name')} />
      </Field>
      <Field label="Department" error={errors.department?.message}>
        <Input {...register('department')} />
      </Field>
      <Field label="Liaison Name" required error={errors.liaison_name?.message}>
        <Input {...register('liaison_name')} />
      </Field>
      <Field label="Liaison Role" error={errors.liaison_role?.message}>
        <Input {...register('liaison_role')} />
      </Field>
      <Field label="Cell Line" error={errors.cell_line?.message} hint="e.g. +260 97 1234567">
        <Input type="tel" {...register('cell_line')} />
      </Field>
      <Field label="Institution Direct Line" error={errors.institution_direct_line?.message}>
        <Input type="tel" {...register('institution_direct_line')} />
      </Field>
      <Field label="Liaison Email" error={errors.liaison_email?.message}>
        <Input type="email" {...register('liaison_email')} />
      </Field>
      <Field label="Institution Email" error={errors.institution_email?.message}>
        <Input type="email" {...register('institution_email')} />
      </Field>
      <div className="sm:col-span-2">
        <Field
          label="Geolocation"
          error={errors.geolocation?.message}
          hint="A map link, or latitude, longitude such as -15.4167, 28.2833"
        >
          <Input {...register('geolocation')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Checkbox label="MOU signed" {...register('mou_signed')} />
      </div>
      <div className="sm:col-span-2">
        <Field label="Comments" error={errors.comments?.message}>
          <Textarea rows={3} {...register('comments')} />
        </Field>
      </div>
    </>
  );
}
