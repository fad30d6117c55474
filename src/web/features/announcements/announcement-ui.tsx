import {
  Banknote,
  CalendarDays,
  GraduationCap,
  type LucideIcon,
  Megaphone,
  TriangleAlert,
} from 'lucide-react';
import {
  ANNOUNCEMENT_PRIORITY_LABELS,
  ANNOUNCEMENT_TYPE_LABELS,
  type AnnouncementPriority,
  type AnnouncementType,
} from '../../../domain/announcements';
import { Badge, type BadgeTone, type StatTone } from '../../components/ui';
import { cn } from '../../lib/cn';

/** Each type's icon and colour, shared by the count cards and the cards so they read alike. */
export const TYPE_ICONS: Record<AnnouncementType, LucideIcon> = {
  general: Megaphone,
  urgent: TriangleAlert,
  academic: GraduationCap,
  financial: Banknote,
  event: CalendarDays,
};

export const TYPE_TONES: Record<AnnouncementType, StatTone> = {
  general: 'sky',
  urgent: 'rose',
  academic: 'violet',
  financial: 'emerald',
  event: 'amber',
};

const ICON_CLASSES: Record<StatTone, string> = {
  sky: 'bg-sky-50 text-sky-700',
  rose: 'bg-red-50 text-red-700',
  violet: 'bg-violet-50 text-violet-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-700',
  slate: 'bg-slate-100 text-slate-700',
};

/** The type's icon in its colour; the type's name is read out (the icon alone says nothing to a screen reader). */
/** `named={false}` where the type's name is written beside it, so it is not read twice. */
export function TypeIcon({ type, named = true }: { type: AnnouncementType; named?: boolean }) {
  const Icon = TYPE_ICONS[type];
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg',
        ICON_CLASSES[TYPE_TONES[type]],
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      {named && <span className="sr-only">{ANNOUNCEMENT_TYPE_LABELS[type]}</span>}
    </span>
  );
}

const PRIORITY_TONES: Record<AnnouncementPriority, BadgeTone> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'danger',
};

export function PriorityBadge({ priority }: { priority: AnnouncementPriority }) {
  return (
    <Badge tone={PRIORITY_TONES[priority]}>
      <span className="sr-only">Priority: </span>
      {ANNOUNCEMENT_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
