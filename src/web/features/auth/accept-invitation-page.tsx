import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordSchema } from '../../../contracts/passwords';
import type { PasswordRules } from '../../../domain/settings';
import { USER_MESSAGES } from '../../../domain/users';
import { Alert, Button } from '../../components/ui';
import { ApiError, api, errorMessage } from '../../lib/api';
import { usePolicySchema } from '../../lib/public-settings';
import { useAuthForm } from './auth-form';
import { AuthShell, BackToStaffLogin, TokenAccepted } from './auth-shell';
import { NewPasswordFields, passwordsMatch } from './new-password-fields';

/**
 * The invitation's new password under the published policy plus a confirmation that must match;
 * the token comes from the link.
 */
export const acceptInvitationFormSchema = (policy: PasswordRules) =>
  z
    .object({ newPassword: newPasswordSchema(policy), confirmPassword: z.string() })
    .refine(passwordsMatch.check, passwordsMatch.message);

/** The server's reason; a refused token without one is the invitation's own message. */
const failureOf = (error: unknown) =>
  errorMessage(error, {
    failed:
      error instanceof ApiError && error.status === 400
        ? USER_MESSAGES.badInvitation
        : 'Failed to set your password',
    network: 'Failed to set your password. Please try again.',
  });

const TITLE = 'Set Your Password';
const SUBTITLE = 'Welcome! Choose a password to finish setting up your account.';

/** /accept-invitation?token=...: an invited account chooses its first password. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const { schema } = usePolicySchema(acceptInvitationFormSchema);
  const { register, errors, isSubmitting, failure, submit } = useAuthForm(
    schema,
    { newPassword: '', confirmPassword: '' },
    { fields: ['newPassword'], failureOf },
  );

  const onSubmit = submit(async ({ newPassword }) => {
    await api.post<{ message: string }>('/api/staff-auth/accept-invitation', { token, newPassword });
    setDone(true);
  });

  if (done) return <TokenAccepted title="Password Set" message={USER_MESSAGES.invitationAccepted} />;

  if (!token) {
    return (
      <AuthShell title={TITLE} footer={<BackToStaffLogin />}>
        <Alert tone="error">{USER_MESSAGES.badInvitation}</Alert>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={TITLE} subtitle={SUBTITLE} footer={<BackToStaffLogin />}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <NewPasswordFields register={register} errors={errors} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Saving...">
          Set Password
        </Button>
      </form>
    </AuthShell>
  );
}
