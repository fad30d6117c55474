import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** A spinning circle; decorative unless given a `label` (then announced as a status). */
export function Spinner({
  size = 'md',
  label,
  className,
}: {
  size?: keyof typeof sizes;
  label?: string;
  className?: string;
}) {
  const icon = (
    <LoaderCircle
      aria-hidden="true"
      className={cn(
        'animate-spin text-primary motion-reduce:animate-[spin_2s_linear_infinite]',
        sizes[size],
        className,
      )}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
      {icon}
      <span>{label}</span>
    </span>
  );
}

/** Full-screen centred spinner with a visible message, e.g. 'Authenticating...'. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />
        <p className="text-sm font-medium">{label}</p>
      </div>
    </div>
  );
}
