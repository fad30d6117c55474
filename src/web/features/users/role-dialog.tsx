import { type DirectoryUser, RoleInputSchema } from '../../../contracts/users';
import { ROLES, type Role, roleTitle } from '../../../domain/roles';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Field, Select, toast } from '../../components/ui';
import { failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { isConflict, reasonOf, useChangeRole } from './users.queries';

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleTitle(role) }));

/**
 * Change role: one select of the roles. The server refuses the admin's own role and the last
 * active admin (409); that refusal is toasted in its words, any other shown in the dialog.
 */
export function RoleDialog({ user, onClose }: { user: DirectoryUser; onClose: () => void }) {
  const change = useChangeRole();
  const form = useSchemaForm<{ role: string }>(RoleInputSchema, { role: user.role });
  const { errors, isSubmitting: busy } = form.formState;
  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Change Role"
      description={`Choose what ${user.name} may do. Their permissions follow the role.`}
      size="sm"
      form={form}
      onSubmit={async ({ role }) => {
        if (role === user.role) {
          onClose();
          return;
        }
        await change.mutateAsync({ id: user.id, role: role as Role });
        toast.success(`${user.name} is now ${roleTitle(role)}.`);
        onClose();
      }}
      onFailed={(error) => isConflict(error) && toast.error(reasonOf(error))}
      failureMessage={(error) =>
        isConflict(error) ? null : failureWithReason(error, 'Failed to change role', NETWORK_MESSAGE)
      }
      submitLabel="Save"
      pendingLabel="Saving..."
      className="space-y-4"
    >
      <Field label="Role" error={errors.role?.message}>
        <Select disabled={busy} options={ROLE_OPTIONS} {...form.register('role')} />
      </Field>
    </FormDialog>
  );
}
