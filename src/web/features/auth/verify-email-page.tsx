import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { VerifyEmailRequestSchema } from '../../../contracts/auth';
import { Alert, Button, Field, Input } from '../../components/ui';
import { api, errorMessage } from '../../lib/api';
import { VERIFY_EMAIL_FALLBACKS } from './auth-errors';
import { AuthShell, linkClasses } from './auth-shell';

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

  if (done) {
    return (
      <AuthShell title="Email Verified">
        <div className="space-y-4">
          <Alert tone="success">{done}</Alert>
          <Button asChild size="lg" className="w-full">
            <Link to="/staff-login">Go to Login</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Verify Email"
      subtitle="Enter the verification token from your email."
      footer={
        <Link to="/staff-login" className={linkClasses}>
          Back to Staff Login
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Verification Token" error={errors.token?.message} required>
          <Input autoComplete="off" spellCheck={false} className="font-mono text-sm" {...register('token')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Verifying...">
          Verify Email
        </Button>
      </form>
    </AuthShell>
  );
}
