import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import {
  TotpCodeSchema,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetupResponse,
} from '../../../contracts/two-factor';
import { Alert, Button, Field, Input, toast } from '../../components/ui';
import { ApiError, errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { useConfirmTwoFactor } from './account.queries';

/*
 * The steps of setting up an authenticator: scan (or type) the secret, type the first code, then
 * keep the recovery codes, which are shown this once.
 */

/** The key in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The secret as a QR code and as text, and the first code that confirms it. */
export function ScanAndConfirm({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 192 })
      .then((url) => current && setQr(url))
      // Without a picture the key below still works: typed into the app by hand.
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [setup.otpauth_url]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = TotpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      onConfirmed((await confirm.mutateAsync(parsed.data)).recovery_codes);
    } catch (failure) {
      const message = errorMessage(failure, {
        failed: 'Failed to confirm the code',
        network: NETWORK_MESSAGE,
      });
      if (failure instanceof ApiError && failure.status === 400) setError(message);
      else toast.error(message);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Set up two-factor sign-in" className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).
        </li>
        <li>Scan the QR code, or type the key below into the app.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        {qr ? (
          <img
            src={qr}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="rounded-lg border border-slate-200"
          />
        ) : (
          <div
            aria-hidden="true"
            className="size-48 rounded-lg border border-dashed border-slate-300 bg-slate-50"
          />
        )}
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-slate-600">Key for typing into the app</p>
          <p data-testid="two-factor-secret" className="font-mono text-base break-all text-slate-900">
            {grouped(setup.secret)}
          </p>
        </div>
      </div>
      <Field label="6-digit code" error={error} required>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          spellCheck={false}
          className="max-w-40 font-mono tracking-widest"
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={confirm.isPending} loadingText="Checking...">
          Turn On
        </Button>
      </div>
    </form>
  );
}

/** The ten recovery codes, shown once, with a way to copy them. */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy. Select the codes and copy them yourself.');
    }
  };
  return (
    <div className="space-y-4">
      <Alert tone="success" title="Two-factor sign-in is on">
        From now on, signing in with your staff ID asks for a code from your authenticator app.
      </Alert>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Recovery codes</h3>
        <p className="text-sm text-slate-700">
          <strong>{TWO_FACTOR_MESSAGES.saveRecoveryCodes}</strong> Each code signs you in once if you lose
          your phone. Keep them somewhere safe, away from your phone.
        </p>
        <ul
          aria-label="Recovery codes"
          className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-3"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
