import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import type { StatTone } from './stat-card';

/**
 * The pale ground of a type's colour behind its icon (events, library resources, announcements).
 * Rose is drawn red here: on a card's placeholder picture the rose tint read as pink.
 */
export const TONE_TINTS: Record<StatTone, string> = {
  sky: 'bg-sky-50 text-sky-700',
  rose: 'bg-red-50 text-red-700',
  violet: 'bg-violet-50 text-violet-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-700',
  slate: 'bg-slate-100 text-slate-700',
};

/** A record's picture, or a tint of its type's colour with its icon (decorative: the title says what it is). */
export function TypePicture({
  url,
  icon: Icon,
  tone,
  className,
}: {
  url: string | null;
  icon: LucideIcon;
  tone: StatTone;
  className?: string;
}) {
  if (url)
    return (
      <img src={url} alt="" loading="lazy" className={cn('w-full bg-slate-100 object-cover', className)} />
    );
  return (
    <div className={cn('flex w-full items-center justify-center', TONE_TINTS[tone], className)}>
      <Icon aria-hidden="true" className="size-10" />
    </div>
  );
}
