import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A page that only says why there is nothing to show here (the role does not reach it, the screen
 * is not built yet) under its icon, and offers the way back (`children`).
 */
export function NoticePage({
  icon: Icon,
  iconTone,
  title,
  message,
  children,
}: {
  icon: LucideIcon;
  /** The icon's round's colours ('bg-red-50 text-red-600'). */
  iconTone: string;
  title: string;
  message: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className={cn('mx-auto mb-4 flex size-14 items-center justify-center rounded-full', iconTone)}>
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{message}</p>
        {children}
      </div>
    </div>
  );
}
