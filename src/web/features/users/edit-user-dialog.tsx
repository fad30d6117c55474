import { type DirectoryUser, type UserUpdateFormInput, UserUpdateSchema } from '../../../contracts/users';
import { USER_MESSAGES } from '../../../domain/users';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { DateInput, Field, Input, toast } from '../../components/ui';
import type { ApiError } from '../../lib/api';
import { useUpdateUser } from './users.queries';

/** The form's values as typed: every field a string ('' for none). */
interface Values {
  name: string;
  email: string;
  phone_number: string;
  address: string;
  date_of_birth: string;
  department: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_relationship: string;
}

const valuesOf = (u: DirectoryUser): Values => ({
  name: u.name,
  email: u.email,
  phone_number: u.phone_number ?? '',
  address: u.address ?? '',
  date_of_birth: u.date_of_birth ?? '',
  department: u.department ?? '',
  emergency_contact_name: u.emergency_contact_name ?? '',
  emergency_contact_phone: u.emergency_contact_phone ?? '',
  emergency_contact_relationship: u.emergency_contact_relationship ?? '',
});

const fieldOfTakenEmail = (error: ApiError) => (error.message === USER_MESSAGES.emailTaken ? 'email' : null);

/** An admin's edit of an account: its name and email, and the profile its owner also edits. */
export function EditUserDialog({
  user,
  onSaved,
  onClose,
}: {
  user: DirectoryUser;
  /** Heard after a save, e.g. to refresh the session when the admin edited their own account. */
  onSaved?: (user: DirectoryUser) => void;
  onClose: () => void;
}) {
  const update = useUpdateUser();
  const form = useSchemaForm<Values>(UserUpdateSchema, valuesOf(user) satisfies UserUpdateFormInput);
  const { register } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const text = (name: keyof Values, label: string, max: number, hint?: string) => (
    <Field label={label} hint={hint} error={errors[name]?.message}>
      <Input maxLength={max} disabled={busy} {...register(name)} />
    </Field>
  );
  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Edit ${user.name}`}
      form={form}
      onSubmit={async (values) => {
        const saved = await update.mutateAsync({ id: user.id, body: values });
        toast.success('User updated.');
        onSaved?.(saved);
        onClose();
      }}
      fieldOfError={fieldOfTakenEmail}
      failed="Failed to update user"
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Full name" required error={errors.name?.message}>
          <Input maxLength={120} disabled={busy} {...register('name')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" maxLength={254} disabled={busy} {...register('email')} />
        </Field>
        <Field label="Phone" hint="Optional, e.g. +260 97 123 4567" error={errors.phone_number?.message}>
          <Input type="tel" inputMode="tel" maxLength={30} disabled={busy} {...register('phone_number')} />
        </Field>
        <Field label="Date of birth" hint="Optional" error={errors.date_of_birth?.message}>
          <DateInput disabled={busy} {...register('date_of_birth')} />
        </Field>
        {text('department', 'Department', 120, 'Optional')}
        {text('address', 'Address', 300, 'Optional')}
      </div>
      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Emergency Contact</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('emergency_contact_name', 'Contact name', 120)}
          <Field label="Contact phone" error={errors.emergency_contact_phone?.message}>
            <Input
              type="tel"
              inputMode="tel"
              maxLength={30}
              disabled={busy}
              {...register('emergency_contact_phone')}
            />
          </Field>
          {text('emergency_contact_relationship', 'Relationship', 60)}
        </div>
      </fieldset>
    </FormDialog>
  );
}
