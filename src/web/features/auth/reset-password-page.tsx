import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ResetPasswordRequestSchema } from '../../../contracts/auth';
import { newPasswordSchema } from '../../../contracts/passwords';
import type { PasswordRules } from '../../../domain/settings';
import { Alert, Button, Field } from '../../components/ui';
import { api, errorMessage } from '../../lib/api';
import { usePolicySchema } from '../../lib/public-settings';
import { RESET_PASSWORD_FALLBACKS } from './auth-errors';
import { useAuthForm } from './auth-form';
import { AuthShell, BackToStaffLogin, TokenAccepted, TokenInput } from './auth-shell';
import { NewPasswordFields, passwordsMatch } from './new-password-fields';

/**
 * The server's reset request under the published password policy, plus a confirmation that must
 * match (docs/product.md §5).
 */
export const resetPasswordFormSchema = (policy: PasswordRules) =>
  ResetPasswordRequestSchema.extend({
    newPassword: newPasswordSchema(policy),
    confirmPassword: z.string(),
  }).refine(passwordsMatch.check, passwordsMatch.message);

/** /reset-password?token=...: choose a new password with the token from the email. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const { schema } = usePolicySchema(resetPasswordFormSchema);
  const { register, errors, isSubmitting, failure, submit } = useAuthForm(
    schema,
    { token: params.get('token') ?? '', newPassword: '', confirmPassword: '' },
    { fields: ['token', 'newPassword'], failureOf: (error) => errorMessage(error, RESET_PASSWORD_FALLBACKS) },
  );

  const onSubmit = submit(async ({ token, newPassword }) => {
    const { message } = await api.post<{ message: string }>('/api/staff-auth/reset-password', {
      token,
      newPassword,
    });
    setDone(message);
  });

  if (done) return <TokenAccepted title="Password Reset" message={done} />;

  return (
    <AuthShell
      title="Reset Password"
      subtitle="Enter the token from your email and choose a new password."
      footer={<BackToStaffLogin />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Reset Token" error={errors.token?.message} required>
          <TokenInput {...register('token')} />
        </Field>
        <NewPasswordFields register={register} errors={errors} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={isSubmitting}
          loadingText="Resetting Password..."
        >
          Reset Password
        </Button>
      </form>
    </AuthShell>
  );
}
