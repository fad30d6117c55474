import { type ComponentProps, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginRequestSchema, RegisterRequestSchema, type RegisterResponse } from '../../../contracts/auth';
import { newPasswordSchema } from '../../../contracts/passwords';
import { REGISTRABLE_ROLES, roleTitle } from '../../../domain/roles';
import { type PasswordRules, passwordRuleText } from '../../../domain/settings';
import { Alert, Button, Checkbox, Field, Input, PasswordInput, Select } from '../../components/ui';
import { api } from '../../lib/api';
import { usePolicySchema } from '../../lib/public-settings';
import { useAuth } from '../../lib/session';
import { type ErrorView, loginErrorView, registerErrorView } from './auth-errors';
import { useAuthForm } from './auth-form';
import { AuthShell, linkClasses } from './auth-shell';
import { TwoFactorStep } from './two-factor-step';

const ROLE_OPTIONS = REGISTRABLE_ROLES.map((role) => ({ value: role, label: roleTitle(role) }));

interface RegisteredNotice {
  message: string;
  email: string;
}

/** /staff-login: sign in with staff ID and password, or register (two modes, docs/product.md §2). */
export function StaffLoginPage() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [prefillStaffId, setPrefillStaffId] = useState('');
  const [notice, setNotice] = useState<RegisteredNotice | null>(null);
  // The password was right and the account has an authenticator: its code comes next.
  const [challenge, setChallenge] = useState<{ token: string; staffId: string } | null>(null);
  const [restartMessage, setRestartMessage] = useState<string | null>(null);

  const footer = (
    <Link to="/login" className={linkClasses}>
      Back to sign-in options
    </Link>
  );

  if (mode === 'register') {
    return (
      <AuthShell title="Staff Registration" subtitle="Create your staff account." footer={footer}>
        <RegisterForm
          onRegistered={(response) => {
            setPrefillStaffId(response.staff.staff_id);
            setNotice({ message: response.message, email: response.staff.email });
            setMode('login');
          }}
        />
        <p className="mt-6 text-center text-sm text-slate-600">
          Already have an account?{' '}
          <button type="button" className={linkClasses} onClick={() => setMode('login')}>
            Sign in instead
          </button>
        </p>
      </AuthShell>
    );
  }

  if (challenge) {
    return (
      <AuthShell title="Two-factor sign-in" subtitle={`Signing in as ${challenge.staffId}.`} footer={footer}>
        <TwoFactorStep
          challengeToken={challenge.token}
          onRestart={(message) => {
            setPrefillStaffId(challenge.staffId);
            setRestartMessage(message ?? null);
            setChallenge(null);
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Staff Login" subtitle="Sign in with your staff ID and password." footer={footer}>
      {notice && (
        <div className="mb-5 space-y-3">
          <Alert tone="success">{notice.message}</Alert>
          <p className="text-sm text-slate-600">
            Check your email: we sent a verification link to <strong>{notice.email}</strong>. Follow it, then
            sign in here.
          </p>
        </div>
      )}
      <LoginForm
        initialStaffId={prefillStaffId}
        initialFailure={restartMessage ? { title: 'Login Failed', message: restartMessage } : null}
        onChallenge={(token, staffId) => {
          setRestartMessage(null);
          setChallenge({ token, staffId });
        }}
      />
      <p className="mt-6 text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <button
          type="button"
          className={linkClasses}
          onClick={() => {
            setNotice(null);
            setMode('register');
          }}
        >
          Register here
        </button>
      </p>
    </AuthShell>
  );
}

/** Why the last attempt was refused, titled ('Login Failed', 'Account Inactive', ...). */
function FailureAlert({ failure }: { failure: ErrorView | null }) {
  return (
    failure && (
      <Alert tone="error" title={failure.title}>
        {failure.message}
      </Alert>
    )
  );
}

function LoginForm({
  initialStaffId,
  initialFailure,
  onChallenge,
}: {
  initialStaffId: string;
  initialFailure: ErrorView | null;
  onChallenge: (challengeToken: string, staffId: string) => void;
}) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const { register, errors, isSubmitting, failure, submit } = useAuthForm(
    LoginRequestSchema,
    { staffId: initialStaffId, password: '', rememberMe: false },
    { fields: ['staffId', 'password'], failureOf: loginErrorView, initialFailure },
  );

  const onSubmit = submit(async ({ staffId, password, rememberMe }) => {
    const outcome = await login(staffId, password, rememberMe);
    if ('challengeToken' in outcome) onChallenge(outcome.challengeToken, staffId);
    else navigate('/dashboard', { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FailureAlert failure={failure} />
      <StaffIdField error={errors.staffId?.message} autoFocus={!initialStaffId} {...register('staffId')} />
      <Field label="Password" error={errors.password?.message} required>
        <PasswordInput
          autoComplete="current-password"
          autoFocus={!!initialStaffId}
          {...register('password')}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox label="Remember me" {...register('rememberMe')} />
        <Link to="/forgot-password" className={`text-sm ${linkClasses}`}>
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Signing in...">
        Sign In
      </Button>
    </form>
  );
}

/**
 * The staff ID, signing in or registering: the password manager's user name, in capitals as
 * printed on staff cards, never "corrected" by the spell checker.
 */
function StaffIdField({ error, ...input }: { error: string | undefined } & ComponentProps<typeof Input>) {
  return (
    <Field label="Staff ID" error={error} required>
      <Input autoComplete="username" autoCapitalize="characters" spellCheck={false} {...input} />
    </Field>
  );
}

/** The server's registration request under the published password policy. */
export const registerFormSchema = (policy: PasswordRules) =>
  RegisterRequestSchema.extend({ password: newPasswordSchema(policy) });

function RegisterForm({ onRegistered }: { onRegistered: (response: RegisterResponse) => void }) {
  const { policy, schema } = usePolicySchema(registerFormSchema);
  const { register, errors, isSubmitting, failure, submit } = useAuthForm(
    schema,
    { staffId: '', name: '', email: '', password: '', role: 'user', department: '' },
    {
      fields: ['staffId', 'name', 'email', 'password', 'role', 'department'],
      failureOf: registerErrorView,
    },
  );

  const onSubmit = submit(async (values) => {
    onRegistered(await api.post<RegisterResponse>('/api/staff-auth/register', values));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FailureAlert failure={failure} />
      <StaffIdField error={errors.staffId?.message} autoFocus {...register('staffId')} />
      <Field label="Full Name" error={errors.name?.message} required>
        <Input autoComplete="name" {...register('name')} />
      </Field>
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} hint={passwordRuleText(policy)} required>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </Field>
      <Field
        label="Role"
        error={errors.role?.message}
        hint="New accounts start with the User role. Any other role is a request that an administrator grants."
        required
      >
        <Select options={ROLE_OPTIONS} {...register('role')} />
      </Field>
      <Field
        label={
          <>
            Department <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        error={errors.department?.message}
      >
        <Input autoComplete="organization-title" {...register('department')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Registering...">
        Register
      </Button>
    </form>
  );
}
