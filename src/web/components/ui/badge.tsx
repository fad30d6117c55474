import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'primary';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  primary: 'bg-primary-soft text-primary-active ring-emerald-200',
};

/**
 * A small status pill: <Badge tone="success">Approved</Badge>. With `field`, a screen reader hears
 * what the value is ("Type: Workshop") where the pill stands alone on a card.
 */
export function Badge({
  tone = 'neutral',
  field,
  className,
  children,
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone; field?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    >
      {field && <span className="sr-only">{field}: </span>}
      {children}
    </span>
  );
}
