import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from './skeleton';

export type StatTone = 'emerald' | 'sky' | 'violet' | 'amber' | 'rose' | 'slate';

const tones: Record<StatTone, string> = {
  emerald: 'bg-emerald-50 text-emerald-700',
  sky: 'bg-sky-50 text-sky-700',
  violet: 'bg-violet-50 text-violet-700',
  amber: 'bg-amber-50 text-amber-700',
  rose: 'bg-rose-50 text-rose-700',
  slate: 'bg-slate-100 text-slate-700',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  tone?: StatTone;
  /** Small text under the value. */
  hint?: ReactNode;
  /** Show a skeleton instead of the value (same height: no layout jump). */
  loading?: boolean;
  /** Makes the card a button (e.g. a filter tile); `selected` marks the active one. */
  onClick?: () => void;
  selected?: boolean;
}

/**
 * A label may wrap after a slash ('College/Diploma'), so a narrow tile never runs it under the
 * icon; <wbr> leaves its text and accessible name as they are.
 */
function breakableLabel(label: string): ReactNode {
  return label.split('/').map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed label
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

/** A figure with its label and icon: <StatCard label="Total Students" value={42} icon={Users} />. */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'emerald',
  hint,
  loading,
  onClick,
  selected,
}: StatCardProps) {
  // The icon sits beside the label, so the figure below has the card's whole width: a money
  // figure up to ZMW 9,999,999.99 fits a two-column phone layout without running under the icon.
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-sm font-medium break-words text-slate-600">{breakableLabel(label)}</p>
        {Icon && (
          <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tones[tone])}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
        )}
      </div>
      <div className="mt-1 min-w-0 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
        {loading ? <Skeleton className="h-8 w-20" /> : value}
      </div>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </>
  );
  const classes = cn(
    'flex flex-col justify-between rounded-xl border bg-white p-4 text-left shadow-sm',
    selected ? 'border-primary ring-2 ring-primary/20' : 'border-slate-200',
  );
  if (onClick) {
    return (
      <button
        type="button"
        onClick={onClick}
        aria-pressed={selected}
        className={cn(
          classes,
          'w-full transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-primary',
        )}
      >
        {body}
      </button>
    );
  }
  return <div className={classes}>{body}</div>;
}
