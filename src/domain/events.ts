/**
 * Excel Beyond Events (docs/product.md §2, §3, §4, D16, D17): workshops, seminars and the like,
 * organised by staff, registered for by anyone signed in. The rules the server enforces and the
 * screen asks.
 */

import { plural } from './plural';
import { hasRoleRank } from './roles';

export const EVENT_TYPES = [
  'workshop',
  'seminar',
  'networking',
  'graduation',
  'orientation',
  'social',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  workshop: 'Workshop',
  seminar: 'Seminar',
  networking: 'Networking',
  graduation: 'Graduation',
  orientation: 'Orientation',
  social: 'Social',
};

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Create Event: program officers and above. */
export const canOrganiseEvents = (role: string) => hasRoleRank(role, 'program_officer');

/** Edit, delete and the attendee list: the organizer (by account) or an admin. */
export const canManageEvent = (actor: { id: string; role: string }, event: { organizer_id: string | null }) =>
  actor.role === 'admin' || (event.organizer_id !== null && event.organizer_id === actor.id);

/** Registration is open only while upcoming and before the deadline (an ISO timestamp). */
export const isRegistrationOpen = (event: { status: string; registration_deadline: string }, now: Date) =>
  event.status === 'upcoming' && Date.parse(event.registration_deadline) > now.getTime();

export const isFull = (event: { max_attendees: number | null; current_attendees: number }) =>
  event.max_attendees !== null && event.current_attendees >= event.max_attendees;

/** The card's button: 'Register' while open, else 'Completed' or 'Registration Closed'. */
export function registerButtonLabel(
  event: { status: string; registration_deadline: string },
  now: Date,
): 'Register' | 'Completed' | 'Registration Closed' {
  if (isRegistrationOpen(event, now)) return 'Register';
  return event.status === 'completed' ? 'Completed' : 'Registration Closed';
}

export const EVENT_MESSAGES = {
  notFound: 'Event not found',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  dateRequired: 'Please enter the date',
  timeRequired: 'Please enter the time',
  deadlineRequired: 'Please enter the registration deadline',
  deadlineAfterStart: 'The registration deadline must be before the event starts',
  locationRequired: 'Please give a location or a virtual link',
  notYours: 'Only its organizer or an admin can change this event.',
  full: 'This event is full.',
  closed: 'Registration for this event is closed.',
  notRegistered: 'You are not registered for this event.',
  alreadyRegistered: 'You are already registered for this event.',
  capacityBelowAttendees: (n: number) =>
    `${plural(n, 'person', 'people')} ${n === 1 ? 'is' : 'are'} already registered: the maximum cannot be lower.`,
  registered: 'You are registered.',
  cancelled: 'Your registration is cancelled.',
  created: 'Event created.',
  saved: 'Event saved.',
  deleted: 'Event deleted.',
  noneFound: 'No events found matching your criteria.',
} as const;

/** The instant an event starts: its Lusaka day and HH:MM time. */
export function eventStartsAt(date: string, time: string, dayStart: (day: string) => Date): Date {
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(dayStart(date).getTime() + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000);
}

/** The fields of an event as its History and the Activity Log name them (domain/audit-labels.ts). */
export const EVENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  type: 'Type',
  date: 'Date',
  time: 'Time',
  starts_at: 'Starts at',
  location: 'Location',
  is_virtual: 'Virtual event',
  virtual_link: 'Virtual link',
  organizer_id: 'Organizer',
  organizer_name: 'Organizer name',
  max_attendees: 'Maximum attendees',
  current_attendees: 'Current attendees',
  registration_deadline: 'Registration deadline',
  status: 'Status',
  image_url: 'Image link',
  requirements: 'Requirements',
  tags: 'Tags',
};
