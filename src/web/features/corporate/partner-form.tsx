import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { focusFirstField, InputField, showServerFieldErrors } from '../../components/forms';
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

const GEOLOCATION_HINT = 'A map link, or latitude, longitude such as -15.4167, 28.2833';

/** Both kinds' last field, across the form's two columns. */
function CommentsField<F extends FieldValues & { comments: unknown }>({ form }: { form: UseFormReturn<F> }) {
  const name = 'comments' as Path<F>;
  const { error } = form.getFieldState(name, form.formState);
  return (
    <div className="sm:col-span-2">
      <Field label="Comments" error={error?.message}>
        <Textarea rows={3} {...form.register(name)} />
      </Field>
    </div>
  );
}

export function LandlordFields({ form }: { form: UseFormReturn<LandlordFormValues> }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
    <>
      <InputField form={form} name="name" label="Name of Landlord" required />
      <InputField form={form} name="boarding_house_name" label="Name of Boarding House" required />
      <InputField form={form} name="cell_line" label="Cell Line" type="tel" hint="e.g. +260 97 1234567" />
      <InputField form={form} name="landline" label="Landline" type="tel" />
      <InputField form={form} name="email" label="Email" type="email" />
      <InputField form={form} name="address" label="Address" />
      <InputField form={form} name="geolocation" label="Geolocation" hint={GEOLOCATION_HINT} />
      <Field label="Total Students" error={errors.total_students?.message}>
        <Input type="number" min={0} step={1} {...register('total_students', { setValueAs: wholeNumber })} />
      </Field>
      <div className="sm:col-span-2">
        <Checkbox label="Lease agreement signed" {...register('lease_agreement_signed')} />
      </div>
      <CommentsField form={form} />
    </>
  );
}

export function InstitutionFields({ form }: { form: UseFormReturn<InstitutionFormValues> }) {
  const { register } = form;
  return (
    <>
      <InputField form={form} name="institution_name" label="Institution Name" required />
      <InputField form={form} name="department" label="Department" />
      <InputField form={form} name="liaison_name" label="Liaison Name" required />
      <InputField form={form} name="liaison_role" label="Liaison Role" />
      <InputField form={form} name="cell_line" label="Cell Line" type="tel" hint="e.g. +260 97 1234567" />
      <InputField form={form} name="institution_direct_line" label="Institution Direct Line" type="tel" />
      <InputField form={form} name="liaison_email" label="Liaison Email" type="email" />
      <InputField form={form} name="institution_email" label="Institution Email" type="email" />
      <div className="sm:col-span-2">
        <InputField form={form} name="geolocation" label="Geolocation" hint={GEOLOCATION_HINT} />
      </div>
      <div className="sm:col-span-2">
        <Checkbox label="MOU signed" {...register('mou_signed')} />
      </div>
      <CommentsField form={form} />
    </>
  );
}
