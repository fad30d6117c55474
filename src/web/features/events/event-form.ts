import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { type Event, EventInputSchema } from '../../../contracts/events';
import { lusakaDayBounds } from '../../../domain/dates';
import { EVENT_MESSAGES as M } from '../../../domain/events';
import { firstMessageByField } from '../../components/forms';
import { ApiError } from '../../lib/api';
import { splitTags } from '../../lib/tags';

/** The form's values as typed: strings (tags comma separated, the deadline a datetime-local value). */
export interface EventFormValues {
  title: string;
  description: string;
  type: string;
  date: string;
  time: string;
  is_virtual: boolean;
  virtual_link: string;
  location: string;
  max_attendees: string;
  registration_deadline: string;
  status: string;
  image_url: string;
  requirements: string;
  tags: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as a datetime-local value (YYYY-MM-DDTHH:MM, this device's clock). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO timestamp with its offset; '' when blank or unreadable. */
export function toIsoInstant(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

export function formDefaults(e?: Event): EventFormValues {
  return {
    title: e?.title ?? '',
    description: e?.description ?? '',
    type: e?.type ?? 'workshop',
    date: e?.date ?? '',
    time: e?.time ?? '',
    is_virtual: e?.is_virtual ?? false,
    virtual_link: e?.virtual_link ?? '',
    location: e?.location ?? '',
    max_attendees: e?.max_attendees == null ? '' : String(e.max_attendees),
    registration_deadline: e ? toLocalInput(e.registration_deadline) : '',
    status: e?.status ?? 'upcoming',
    image_url: e?.image_url ?? '',
    requirements: e?.requirements ?? '',
    tags: e?.tags.join(', ') ?? '',
  };
}

/** The request body (EventInput): the place that fits the Virtual box, tags as a list, the deadline as ISO. */
export function toBody(v: EventFormValues, editing?: Event) {
  // A deadline left as it was is sent as stored: the input keeps only whole minutes.
  const deadline =
    editing && v.registration_deadline === toLocalInput(editing.registration_deadline)
      ? editing.registration_deadline
      : toIsoInstant(v.registration_deadline);
  const max = v.max_attendees.trim();
  return {
    title: v.title,
    description: v.description,
    type: v.type,
    date: v.date,
    time: v.time,
    is_virtual: v.is_virtual,
    location: v.is_virtual ? null : v.location,
    virtual_link: v.is_virtual ? v.virtual_link : null,
    max_attendees: max === '' ? null : Number(max),
    registration_deadline: deadline,
    status: v.status,
    image_url: v.image_url,
    requirements: v.requirements,
    tags: splitTags(v.tags),
  };
}

/** When it starts, from its Lusaka day and HH:MM time (ms), or null while either is unreadable. */
function startsAt(date: string, time: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const start = lusakaDayBounds(date).start.getTime();
  return Number.isNaN(start) ? null : start + (Number(m[1]) * 60 + Number(m[2])) * 60_000;
}

/** A message on `tags.2` belongs on the Tags field. */
const fieldName = (path: string) => path.split('.')[0] ?? path;

/** The contract's checks on the body, plus a place to hold it and a deadline before it starts. */
export function eventProblems(v: EventFormValues): Record<string, string> {
  const body = toBody(v);
  const result = EventInputSchema.safeParse(body);
  const problems: Record<string, string> = {};
  if (!result.success)
    for (const [path, message] of Object.entries(firstMessageByField(result.error.issues)))
      problems[fieldName(path)] ??= message;
  if (!(body.location ?? '').trim() && !(body.virtual_link ?? '').trim())
    problems[v.is_virtual ? 'virtual_link' : 'location'] ??= M.locationRequired;
  const start = startsAt(body.date, body.time);
  if (start !== null && body.registration_deadline && Date.parse(body.registration_deadline) > start)
    problems.registration_deadline ??= M.deadlineAfterStart;
  return problems;
}

export const eventResolver: Resolver<EventFormValues> = (values) => {
  const problems = eventProblems(values);
  if (Object.keys(problems).length === 0) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const [name, message] of Object.entries(problems)) errors[name] = { type: 'schema', message };
  return { values: {}, errors: errors as FieldErrors<EventFormValues> };
};

/** The server's field names as the form's (`tags.0` -> `tags`), so its messages land on the fields. */
export function withFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) fields[fieldName(path)] ??= message;
  return new ApiError(error.status, error.message, error.code, fields, error.details);
}

/** A refusal that names its field only in words. */
export function fieldOfError(error: ApiError, isVirtual: boolean): string | null {
  if (error.message === M.deadlineAfterStart) return 'registration_deadline';
  if (error.message === M.locationRequired) return isVirtual ? 'virtual_link' : 'location';
  if (error.message === M.capacityBelowAttendees(Number.parseInt(error.message, 10))) return 'max_attendees';
  return null;
}
