import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

const SIZES = {
  sm: 'size-9 text-sm',
  md: 'size-12 text-base',
  lg: 'size-20 text-2xl',
  xl: 'size-28 text-3xl',
} as const;

/** A person's photo, or their initials when there is none or it does not load. */
export function Avatar({
  photoUrl,
  initials,
  size = 'md',
}: {
  photoUrl: string | null;
  initials: string;
  size?: keyof typeof SIZES;
}) {
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address gets a new try
  useEffect(() => setFailed(false), [photoUrl]);
  const box = SIZES[size];
  if (photoUrl && !failed) {
    return (
      <img
        src={photoUrl}
        alt=""
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full bg-slate-100 object-cover', box)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-active',
        box,
      )}
    >
      {initials}
    </span>
  );
}
