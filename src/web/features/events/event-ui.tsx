import {
  Briefcase,
  CalendarDays,
  Compass,
  GraduationCap,
  Link2,
  type LucideIcon,
  MapPin,
  PartyPopper,
  Presentation,
  Users,
  Wrench,
} from 'lucide-react';
import type { Event } from '../../../contracts/events';
import {
  EVENT_STATUS_LABELS,
  EVENT_TYPE_LABELS,
  type EventStatus,
  type EventType,
  isFull,
  isRegistrationOpen,
  EVENT_MESSAGES as M,
  registerButtonLabel,
} from '../../../domain/events';
import { plural } from '../../../domain/plural';
import {
  Badge,
  type BadgeTone,
  Button,
  type ButtonSize,
  type StatTone,
  TypePicture,
  toast,
} from '../../components/ui';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { reasonOf, useRegistration } from './events.queries';

/** Each type's icon and colour, shared by the count cards, the cards and the placeholders. */
export const TYPE_ICONS: Record<EventType, LucideIcon> = {
  workshop: Wrench,
  seminar: Presentation,
  networking: Briefcase,
  graduation: GraduationCap,
  orientation: Compass,
  social: PartyPopper,
};

export const TYPE_TONES: Record<EventType, StatTone> = {
  workshop: 'sky',
  seminar: 'violet',
  networking: 'amber',
  graduation: 'emerald',
  orientation: 'slate',
  social: 'rose',
};

const STATUS_TONES: Record<EventStatus, BadgeTone> = {
  upcoming: 'info',
  ongoing: 'success',
  completed: 'neutral',
  cancelled: 'danger',
};

export function TypeBadge({ type }: { type: EventType }) {
  return (
    <Badge tone="primary" field="Type">
      {EVENT_TYPE_LABELS[type]}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: EventStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} field="Status">
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The event's picture, or a tint of its type's colour with its icon (decorative: the title says what it is). */
export function EventImage({ event, className }: { event: Event; className?: string }) {
  return (
    <TypePicture
      url={event.image_url}
      icon={TYPE_ICONS[event.type]}
      tone={TYPE_TONES[event.type]}
      className={className}
    />
  );
}

/** '21/11/2026 at 14:00' (the day and time in Lusaka, as entered). */
export const whenOf = (event: Pick<Event, 'date' | 'time'>) => `${formatDate(event.date)} at ${event.time}`;

export function WhenLine({ event }: { event: Event }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <time dateTime={event.starts_at}>{whenOf(event)}</time>
    </span>
  );
}

export function LocationLine({ event }: { event: Event }) {
  const Icon = event.is_virtual ? Link2 : MapPin;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="sr-only">Location: </span>
      <span className="truncate">{event.is_virtual ? 'Virtual' : (event.location ?? 'To be confirmed')}</span>
    </span>
  );
}

/** 'N attendees' ('1 attendee'), or 'N / max' when there is a maximum. */
export const attendeesOf = (event: Pick<Event, 'current_attendees' | 'max_attendees'>) =>
  event.max_attendees === null
    ? plural(event.current_attendees, 'attendee')
    : `${event.current_attendees} / ${event.max_attendees}`;

export function AttendeesLine({ event }: { event: Event }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Users aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      {event.max_attendees !== null && <span className="sr-only">Attendees: </span>}
      {attendeesOf(event)}
    </span>
  );
}

/**
 * When, where and how many, one under the other, as every view of an event shows them; `withLink`
 * adds a virtual event's link under its place (the details, where it may be followed).
 */
export function EventFacts({
  event,
  withLink,
  className = 'gap-1.5 text-sm text-slate-700',
}: {
  event: Event;
  withLink?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col', className)}>
      <WhenLine event={event} />
      <LocationLine event={event} />
      {withLink && event.is_virtual && event.virtual_link && (
        <a
          href={event.virtual_link}
          target="_blank"
          rel="noreferrer"
          className="ml-5.5 break-all text-primary-active hover:underline"
        >
          {event.virtual_link}
        </a>
      )}
      <AttendeesLine event={event} />
    </div>
  );
}

/** What the button does for this user now: register, cancel, or nothing (with the reason as its label). */
export function registrationAction(event: Event, now: Date) {
  if (!isRegistrationOpen(event, now)) return { label: registerButtonLabel(event, now), register: null };
  if (event.registered) return { label: 'Cancel Registration', register: false } as const;
  if (isFull(event)) return { label: 'Event Full', register: null } as const;
  return { label: 'Register', register: true } as const;
}

/**
 * Register / Cancel Registration while registration is open; otherwise disabled and saying why
 * ('Event Full', 'Completed', 'Registration Closed'). Toasts the outcome or the server's reason.
 */
export function RegisterButton({
  event,
  size = 'sm',
  className,
}: {
  event: Event;
  size?: ButtonSize;
  className?: string;
}) {
  const registration = useRegistration();
  const action = registrationAction(event, new Date());
  const register = action.register;
  return (
    <Button
      size={size}
      variant={register === false ? 'secondary' : 'primary'}
      className={className}
      disabled={register === null}
      loading={registration.isPending}
      aria-label={`${action.label}: ${event.title}`}
      onClick={() =>
        register !== null &&
        registration.mutate(
          { id: event.id, register },
          {
            onSuccess: () => toast.success(register ? M.registered : M.cancelled),
            onError: (error) => toast.error(reasonOf(error)),
          },
        )
      }
    >
      {action.label}
    </Button>
  );
}
