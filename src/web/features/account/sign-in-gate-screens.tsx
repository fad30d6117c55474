import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { Button } from '../../components/ui';
import { useAuth } from '../../lib/session';
import { PasswordCard } from './password-card';
import { TwoFactorCard } from './two-factor-card';

/*
 * The screens System Settings hold a signed-in account at instead of the app (docs/product.md
 * D13). The server refuses the rest of the API meanwhile; these only show the way through, and
 * asking the server again who is signed in lets the app in once the way is done.
 */

function GateScreen({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  const { user, logout } = useAuth();
  return (
    <div className="min-h-dvh bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-100 px-4 py-10">
      <main className="mx-auto w-full max-w-2xl space-y-6">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
            <p className="mt-1 text-sm text-slate-600">{message}</p>
          </div>
        </div>
        {children}
        <p className="text-center text-sm text-slate-600">
          Signed in as {user?.name ?? 'you'}.{' '}
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            Sign Out
          </Button>
        </p>
      </main>
    </div>
  );
}

/** The password is older than System Settings allow: a new one, then the app. */
export function ExpiredPasswordScreen() {
  const { refresh } = useAuth();
  return (
    <GateScreen title="Your password has expired" message={AUTH_MESSAGES.passwordExpired}>
      <PasswordCard onChanged={() => void refresh()} />
    </GateScreen>
  );
}

/** System Settings require two-factor sign-in: set up the authenticator, save the codes, then the app. */
export function TwoFactorSetupScreen() {
  const { refresh } = useAuth();
  return (
    <GateScreen title="Set up two-factor sign-in" message={AUTH_MESSAGES.twoFactorSetupRequired}>
      <TwoFactorCard doneLabel="Continue to the App" onDone={() => void refresh()} />
    </GateScreen>
  );
}
