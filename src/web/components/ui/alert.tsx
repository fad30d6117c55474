import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: CircleAlert, iconClass: 'text-red-600' },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: CircleCheck,
    iconClass: 'text-emerald-600',
  },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info, iconClass: 'text-sky-600' },
} as const;

/**
 * A message box in the page: errors are announced at once (role="alert"), others politely
 * (role="status"). <Alert tone="error" title="Login Failed">Invalid staff ID or password</Alert>
 */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { box, icon: Icon, iconClass } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="break-words">{children}</div>}
      </div>
    </div>
  );
}

/** What went wrong with one item of a list (a file that was not sent), in red under it, read out at once. */
export function ItemProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
