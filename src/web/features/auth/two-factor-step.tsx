import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { RecoveryCodeSchema, TotpCodeSchema } from '../../../contracts/two-factor';
import { Alert, Button, Field, Input } from '../../components/ui';
import { ApiError, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/session';
import { linkClasses } from './auth-shell';

/**
 * The second step of a staff sign-in for an account with an authenticator: the app's 6-digit
 * code, or one of the recovery codes. A challenge that has ended (too slow, too many wrong codes)
 * goes back to the password with the server's words.
 */
export function TwoFactorStep({
  challengeToken,
  onRestart,
}: {
  challengeToken: string;
  onRestart: (message?: string) => void;
}) {
  const { completeTwoFactor } = useAuth();
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (recovery ? RecoveryCodeSchema : TotpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      await completeTwoFactor(
        challengeToken,
        recovery ? { recovery_code: parsed.data } : { code: parsed.data },
      );
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'two_factor_challenge_ended') {
        onRestart(error.message);
        return;
      }
      setValue('');
      setFailure(
        errorMessage(error, { failed: 'Login failed', network: 'Failed to login. Please try again.' }),
      );
    }
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setValue('');
    setFieldError(undefined);
    setFailure(null);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Two-factor code" className="space-y-4">
      {failure && (
        <Alert tone="error" title="Login Failed">
          {failure}
        </Alert>
      )}
      <p className="text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
      </p>
      {recovery ? (
        <Field key="recovery" label="Recovery code" error={fieldError} required>
          <Input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="abcde-12345"
            className="font-mono"
            autoFocus
          />
        </Field>
      ) : (
        <Field key="code" label="Authentication code" error={fieldError} required>
          <Input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            spellCheck={false}
            className="font-mono tracking-widest"
            autoFocus
          />
        </Field>
      )}
      <Button type="submit" size="lg" className="w-full" loading={busy} loadingText="Verifying...">
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button type="button" className={linkClasses} onClick={switchKind}>
          {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className={linkClasses} onClick={() => onRestart()}>
          Start again
        </button>
      </div>
    </form>
  );
}
