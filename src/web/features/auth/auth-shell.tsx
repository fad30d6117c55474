import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';

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
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-100 px-4 py-10">
      <div className="mb-6 flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
          <GraduationCap aria-hidden="true" className="size-6" />
        </span>
        <span className="text-lg font-semibold tracking-tight text-slate-900">CHL Back-office</span>
      </div>
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}

/** A token as shown in development mode: monospaced, selectable, wraps. */
export function DevToken({ label, token }: { label: string; token: string }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">{label}</p>
      <code className="mt-1 block font-mono text-xs break-all select-all">{token}</code>
    </div>
  );
}
