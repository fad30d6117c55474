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
import { Badge, type BadgeTone, type StatTone, TONE_TINTS } from '../../components/ui';
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

/** The type's icon in its colour; the type's name is read out (the icon alone says nothing to a screen reader). */
/** `named={false}` where the type's name is written beside it, so it is not read twice. */
export function TypeIcon({ type, named = true }: { type: AnnouncementType; named?: boolean }) {
  const Icon = TYPE_ICONS[type];
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg',
        TONE_TINTS[TYPE_TONES[type]],
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
    <Badge tone={PRIORITY_TONES[priority]} field="Priority">
      {ANNOUNCEMENT_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
