import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { TwoFactorSetupResponse, TwoFactorStatus } from '../../../contracts/two-factor';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardHeader,
  Field,
  PasswordInput,
  Skeleton,
  toast,
} from '../../components/ui';
import { ApiError, errorMessage, failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useBeginTwoFactorSetup, useDisableTwoFactor, useTwoFactorStatus } from './account.queries';
import { RecoveryCodes, ScanAndConfirm } from './two-factor-setup';

type Step =
  | { kind: 'status' }
  | { kind: 'scan'; setup: TwoFactorSetupResponse }
  | { kind: 'codes'; codes: string[] };

/**
 * Two-factor sign-in on My Profile (docs/product.md D13), and the whole of the screen System
 * Settings hold an account at when they require it: `doneLabel` and `onDone` then lead on to the
 * app once the recovery codes are saved.
 */
export function TwoFactorCard({ doneLabel = 'Done', onDone }: { doneLabel?: string; onDone?: () => void }) {
  const titleId = useId();
  const status = useTwoFactorStatus();
  const begin = useBeginTwoFactorSetup();
  const [step, setStep] = useState<Step>({ kind: 'status' });

  const startSetup = async () => {
    try {
      setStep({ kind: 'scan', setup: await begin.mutateAsync() });
    } catch (error) {
      toast.error(failureWithReason(error, 'Failed to start the setup', NETWORK_MESSAGE));
    }
  };

  let body: ReactNode;
  if (step.kind === 'scan') {
    body = (
      <ScanAndConfirm
        setup={step.setup}
        onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
        onCancel={() => setStep({ kind: 'status' })}
      />
    );
  } else if (step.kind === 'codes') {
    body = (
      <RecoveryCodes
        codes={step.codes}
        doneLabel={doneLabel}
        onDone={() => {
          setStep({ kind: 'status' });
          onDone?.();
        }}
      />
    );
  } else if (status.isPending) {
    body = <Skeleton className="h-16 rounded-lg" />;
  } else if (status.isError) {
    body = (
      <Alert tone="error">
        {errorMessage(status.error, {
          failed: 'Failed to load two-factor sign-in',
          network: NETWORK_MESSAGE,
        })}
      </Alert>
    );
  } else {
    body = <StatusView status={status.data} starting={begin.isPending} onSetUp={() => void startSetup()} />;
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title={<span id={titleId}>Two-factor sign-in</span>}
        description="A code from an authenticator app on your phone, asked for after your password."
        actions={
          step.kind === 'status' &&
          status.data && (
            <Badge tone={status.data.enabled ? 'success' : 'neutral'}>
              {status.data.enabled ? 'On' : 'Off'}
            </Badge>
          )
        }
      />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

function StatusView({
  status,
  starting,
  onSetUp,
}: {
  status: TwoFactorStatus;
  starting: boolean;
  onSetUp: () => void;
}) {
  const [turningOff, setTurningOff] = useState(false);
  if (!status.enabled) {
    return (
      <div className="space-y-4">
        {status.required && (
          <Alert tone="info">
            The system settings require two-factor sign-in for every account with a password.
          </Alert>
        )}
        <p className="text-sm text-slate-700">
          With two-factor sign-in on, someone who learns your password still cannot sign in without your
          phone.
        </p>
        <div className="flex justify-end">
          <Button onClick={onSetUp} loading={starting} loadingText="Starting...">
            Set Up
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">On since</dt>
          <dd className="font-medium text-slate-900">
            {status.enabled_at ? formatDate(status.enabled_at) : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Recovery codes left</dt>
          <dd className="font-medium text-slate-900">{status.recovery_codes_left} of 10</dd>
        </div>
      </dl>
      {status.required && (
        <p className="text-sm text-slate-600">Required by the system settings, so it cannot be turned off.</p>
      )}
      {turningOff ? (
        <TurnOffForm onClose={() => setTurningOff(false)} />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onSetUp} loading={starting} loadingText="Starting...">
            Use a New Phone
          </Button>
          {!status.required && (
            <Button variant="danger" onClick={() => setTurningOff(true)}>
              Turn Off
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** Turning it off asks for the password, so a session left open cannot weaken the account. */
function TurnOffForm({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    try {
      const { message } = await disable.mutateAsync(password);
      toast.success(message);
      onClose();
    } catch (failure) {
      const message = errorMessage(failure, {
        failed: 'Failed to turn off two-factor sign-in',
        network: NETWORK_MESSAGE,
      });
      if (failure instanceof ApiError && failure.status === 400) setError(message);
      else toast.error(message);
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Turn off two-factor sign-in" className="space-y-3">
      <Field label="Your password" error={error} required>
        <PasswordInput
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={disable.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={disable.isPending} loadingText="Turning off...">
          Turn Off Two-factor Sign-in
        </Button>
      </div>
    </form>
  );
}
