import { type InviteUserFormInput, InviteUserSchema } from '../../../contracts/users';
import { USER_MESSAGES } from '../../../domain/users';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Field, Input, Select, toast } from '../../components/ui';
import type { ApiError } from '../../lib/api';
import { ROLE_OPTIONS } from './role-dialog';
import { useInviteUser } from './users.queries';

interface Values {
  staff_id: string;
  name: string;
  email: string;
  role: string;
  department: string;
}

/** A taken staff ID or email is refused (409) in words only: it belongs on its field. */
export function fieldOfTaken(error: ApiError): string | null {
  if (error.message === USER_MESSAGES.staffIdTaken) return 'staff_id';
  if (error.message === USER_MESSAGES.emailTaken) return 'email';
  return null;
}

/**
 * Add User: the admin names the account and its role; the server emails an invitation with which
 * the new user chooses their own password, so no password is asked for here.
 */
export function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteUser();
  const form = useSchemaForm<Values>(InviteUserSchema, {
    staff_id: '',
    name: '',
    email: '',
    role: 'program_officer',
    department: '',
  } satisfies Values & InviteUserFormInput);
  const { register } = form;
  const { errors, isSubmitting: busy } = form.formState;
  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Add User"
      description="They will receive an email with a link to choose their own password. You do not set a password for them."
      form={form}
      onSubmit={async (values) => {
        await invite.mutateAsync(values);
        toast.success(USER_MESSAGES.invited);
        onClose();
      }}
      fieldOfError={fieldOfTaken}
      failed="Failed to add user"
      submitLabel="Send Invitation"
      pendingLabel="Sending..."
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Staff ID" required error={errors.staff_id?.message}>
          <Input maxLength={32} autoComplete="off" disabled={busy} {...register('staff_id')} />
        </Field>
        <Field label="Role" error={errors.role?.message}>
          <Select disabled={busy} options={ROLE_OPTIONS} {...register('role')} />
        </Field>
      </div>
      <Field label="Full name" required error={errors.name?.message}>
        <Input maxLength={120} autoComplete="off" disabled={busy} {...register('name')} />
      </Field>
      <Field label="Email" required error={errors.email?.message}>
        <Input type="email" maxLength={254} autoComplete="off" disabled={busy} {...register('email')} />
      </Field>
      <Field label="Department" hint="Optional" error={errors.department?.message}>
        <Input maxLength={120} disabled={busy} {...register('department')} />
      </Field>
    </FormDialog>
  );
}
