import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { VerifyEmailRequestSchema } from '../../../contracts/auth';
import { Alert, Button, Field } from '../../components/ui';
import { api, errorMessage } from '../../lib/api';
import { VERIFY_EMAIL_FALLBACKS } from './auth-errors';
import { AuthShell, BackToStaffLogin, TokenAccepted, TokenInput } from './auth-shell';

/** /verify-email?token=...: confirm the email address with the token from the email. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(VerifyEmailRequestSchema),
    defaultValues: { token: params.get('token') ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await api.post<{ message: string }>('/api/staff-auth/verify-email', values);
      setDone(message);
    } catch (error) {
      setFailure(errorMessage(error, VERIFY_EMAIL_FALLBACKS));
    }
  });

  if (done) return <TokenAccepted title="Email Verified" message={done} />;

  return (
    <AuthShell
      title="Verify Email"
      subtitle="Enter the verification token from your email."
      footer={<BackToStaffLogin />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Verification Token" error={errors.token?.message} required>
          <TokenInput {...register('token')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Verifying...">
          Verify Email
        </Button>
      </form>
    </AuthShell>
  );
}
