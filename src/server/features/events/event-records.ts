import { eq, type SQL, sql } from 'drizzle-orm';
import type { Event, EventInput } from '../../../contracts/events';
import { type EventStatus, type EventType, eventStartsAt, EVENT_MESSAGES as M } from '../../../domain/events';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { qualified } from '../../db/qualified';
import { recordColumns } from '../../db/record-columns';
import { eventRegistrations, events } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { programmeDayBounds } from '../../programme-time';

/* Events as read, each with whether the caller is registered (docs/product.md §3). */

/** Whether this user is registered for the event of the row around it. */
const registeredSql = (viewer: string) =>
  sql<boolean>`exists (select 1 from ${eventRegistrations} r where r.event_id = ${qualified(events.id)} and r.user_id = ${viewer})`;

/** Events as read by this viewer; a list adds its own figures (`also`) to the row. */
export function selectEvents<Also extends Record<string, SQL> = Record<never, SQL>>(
  db: DbOrTx,
  viewerId: string,
  also?: Also,
) {
  return db
    .select({ event: recordColumns(events), registered: registeredSql(viewerId), ...(also as Also) })
    .from(events);
}

export type EventRow = Awaited<
  ReturnType<ReturnType<typeof selectEvents<Record<never, SQL>>>['where']>
>[number];

export function eventDto({ event: e, registered }: EventRow): Event {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    type: e.type as EventType,
    date: e.date,
    time: e.time,
    starts_at: e.startsAt.toISOString(),
    location: e.location,
    is_virtual: e.isVirtual,
    virtual_link: e.virtualLink,
    organizer_id: e.organizerId,
    organizer_name: e.organizerName,
    max_attendees: e.maxAttendees,
    current_attendees: e.currentAttendees,
    registration_deadline: e.registrationDeadline.toISOString(),
    status: e.status as EventStatus,
    image_url: e.imageUrl,
    requirements: e.requirements,
    tags: e.tags,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    registered: Boolean(registered),
  };
}

export async function findEvent(db: DbOrTx, viewerId: string, id: string): Promise<EventRow> {
  const [row] = await selectEvents(db, viewerId).where(eq(events.id, id));
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The event's row locked for this transaction: registrations for it wait their turn (D17). */
export async function lockedEvent(tx: DbOrTx, id: string) {
  const [row] = await tx.select(recordColumns(events)).from(events).where(eq(events.id, id)).for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Matches the title, description, location and tags. */
export const eventSearch = (q: string | undefined): SQL | undefined => textSearch(events.searchText, q);

/** The stored columns of an event's form, checked beyond its fields (where, and when it closes). */
export function eventValues(input: EventInput) {
  const startsAt = eventStartsAt(input.date, input.time, (day) => programmeDayBounds(day).start);
  const deadline = new Date(input.registration_deadline);
  if (deadline.getTime() > startsAt.getTime())
    throw badRequest(M.deadlineAfterStart, { registration_deadline: M.deadlineAfterStart });
  const where = input.is_virtual ? input.virtual_link : input.location;
  if (!where)
    throw badRequest(M.locationRequired, {
      [input.is_virtual ? 'virtual_link' : 'location']: M.locationRequired,
    });
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    date: input.date,
    time: input.time,
    startsAt,
    location: input.location ?? null,
    isVirtual: input.is_virtual,
    virtualLink: input.virtual_link ?? null,
    maxAttendees: input.max_attendees ?? null,
    registrationDeadline: deadline,
    status: input.status,
    imageUrl: input.image_url ?? null,
    requirements: input.requirements ?? null,
    tags: [...new Set(input.tags)],
  };
}

export const auditedEvent = (e: EventRow['event']) => ({
  title: e.title,
  type: e.type,
  date: e.date,
  time: e.time,
  location: e.location,
  virtual_link: e.virtualLink,
  max_attendees: e.maxAttendees,
  registration_deadline: e.registrationDeadline.toISOString(),
  status: e.status,
});
