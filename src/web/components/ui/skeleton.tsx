import { cn } from '../../lib/cn';

/** A grey placeholder block shown while data loads; size it with classes (h-4 w-32). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200/80 motion-reduce:animate-none', className)}
    />
  );
}
