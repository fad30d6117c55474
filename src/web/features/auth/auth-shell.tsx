import { GraduationCap } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { Alert, Button, Input } from '../../components/ui';
import { usePublicSettings } from '../../lib/public-settings';
import { DemoDataNotice } from './demo-data-notice';

/** Inline text links on the signed-out pages. */
export const linkClasses =
  'rounded-sm font-medium text-primary underline-offset-4 hover:text-primary-hover hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/** The frame of the signed-out forms: brand mark, a titled white card, calm background. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const systemName = usePublicSettings().data?.system_name ?? DEFAULT_SETTINGS.general.systemName;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-100 px-4 py-10">
      <div className="mb-6 flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
          <GraduationCap aria-hidden="true" className="size-6" />
        </span>
        <span className="text-lg font-semibold tracking-tight text-slate-900">{systemName}</span>
      </div>
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <DemoDataNotice className="mt-5" />
        <div className="mt-6">{children}</div>
      </main>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}

/** The footer of the forms reached from the staff sign-in page. */
export function BackToStaffLogin() {
  return (
    <Link to="/staff-login" className={linkClasses}>
      Back to Staff Login
    </Link>
  );
}

/** A token pasted from an email: monospaced, without autocomplete or spell checking. */
export function TokenInput(props: ComponentProps<'input'>) {
  return <Input autoComplete="off" spellCheck={false} className="font-mono text-sm" {...props} />;
}

/** After a token from an email was accepted: the server's message and the way to sign in. */
export function TokenAccepted({ title, message }: { title: string; message: string }) {
  return (
    <AuthShell title={title}>
      <div className="space-y-4">
        <Alert tone="success">{message}</Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/staff-login">Go to Login</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
