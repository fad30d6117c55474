import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ForgotPasswordRequestSchema, type ForgotPasswordResponse } from '../../../contracts/auth';
import { Alert, Button, Field, Input } from '../../components/ui';
import { api, errorMessage } from '../../lib/api';
import { FORGOT_PASSWORD_FALLBACKS } from './auth-errors';
import { AuthShell, BackToStaffLogin } from './auth-shell';

/** /forgot-password: ask for a reset link; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<ForgotPasswordResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotPasswordRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setSent(await api.post<ForgotPasswordResponse>('/api/staff-auth/forgot-password', values));
    } catch (error) {
      setFailure(errorMessage(error, FORGOT_PASSWORD_FALLBACKS));
    }
  });

  if (sent) {
    return (
      <AuthShell title="Check Your Email">
        <div className="space-y-4">
          <Alert tone="success">{sent.message}</Alert>
          <p className="text-sm text-slate-600">
            Follow the link in the email to choose a new password. The link works once, for one hour.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to="/login">Back to Login</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot Password"
      subtitle="Enter your email address and we'll send you a link to reset your password."
      footer={<BackToStaffLogin />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" autoFocus {...register('email')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Sending...">
          Send Reset Link
        </Button>
      </form>
    </AuthShell>
  );
}
