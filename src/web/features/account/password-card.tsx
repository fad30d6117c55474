import { z } from 'zod';
import { newPasswordSchema } from '../../../contracts/passwords';
import { ChangePasswordSchema } from '../../../contracts/users';
import { type PasswordRules, passwordRuleText } from '../../../domain/settings';
import { USER_MESSAGES } from '../../../domain/users';
import { showServerFieldErrors, useSchemaForm } from '../../components/forms';
import { Field, PasswordInput, toast } from '../../components/ui';
import { failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { usePolicySchema } from '../../lib/public-settings';
import { useChangePassword } from './account.queries';
import { FormCard } from './form-card';

/**
 * The server's body under the published password policy plus a confirmation that must match,
 * checked before anything is sent.
 */
export const changePasswordFormSchema = (policy: PasswordRules) =>
  ChangePasswordSchema.extend({
    new_password: newPasswordSchema(policy),
    confirm_password: z.string(),
  }).refine((values) => values.new_password === values.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  });

interface PasswordFormValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const BLANK: PasswordFormValues = { current_password: '', new_password: '', confirm_password: '' };
const SERVER_FIELDS = ['current_password', 'new_password'];

/**
 * Change Password: for accounts that sign in with a staff ID (a Google-only one has none).
 * `onChanged` runs after a change: the expired-password screen then lets the app through.
 */
export function PasswordCard({ onChanged }: { onChanged?: () => void } = {}) {
  const { policy, schema } = usePolicySchema(changePasswordFormSchema);
  const change = useChangePassword();
  const form = useSchemaForm<PasswordFormValues>(schema, BLANK);
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset(BLANK);
      toast.success(USER_MESSAGES.passwordChanged);
      onChanged?.();
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, SERVER_FIELDS))
        toast.error(failureWithReason(error, 'Failed to change password', NETWORK_MESSAGE));
    }
  });

  return (
    <FormCard
      title="Change Password"
      description="Changing it signs you out on your other devices; you stay signed in here."
      onSubmit={submit}
      busy={isSubmitting}
      submitLabel="Change Password"
      pendingLabel="Changing..."
    >
      <Field label="Current Password" error={errors.current_password?.message} required>
        <PasswordInput autoComplete="current-password" {...register('current_password')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="New Password"
          hint={passwordRuleText(policy)}
          error={errors.new_password?.message}
          required
        >
          <PasswordInput autoComplete="new-password" {...register('new_password')} />
        </Field>
        <Field label="Confirm New Password" error={errors.confirm_password?.message} required>
          <PasswordInput autoComplete="new-password" {...register('confirm_password')} />
        </Field>
      </div>
    </FormCard>
  );
}
