import { and, asc, desc, eq, gt, gte, lte, ne } from 'drizzle-orm';
import type { Attendee, Event, EventInput } from '../../../contracts/events';
import {
  canManageEvent,
  EVENT_TYPE_LABELS,
  type EventType,
  isRegistrationOpen,
  EVENT_MESSAGES as M,
} from '../../../domain/events';
import type { AppDeps, SessionUser } from '../../app-env';
import { type NotificationSource, opensOn, searchSource } from '../../area-sources';
import type { Tx } from '../../db/client';
import { eventRegistrations, events, users } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { programmeDay } from '../../programme-time';
import { recordChangeAudit } from '../audit/audit.service';
import {
  auditedEvent,
  type EventRow,
  eventDto,
  eventSearch,
  eventValues,
  findEvent,
  lockedEvent,
  selectEvents,
} from './event-records';

/*
 * Excel Beyond Events (docs/product.md §2, §4, D16, D17), listed with what is to come first: staff organise; the organizer (by
 * account) or an admin edits, deletes and reads the attendee list; anyone signed in registers while
 * it is upcoming and before its deadline, and cancels before the deadline. A registration and the
 * count change together while the event's row is locked, so the last place goes to one person.
 */

const soonest = [asc(events.startsAt), asc(events.id)];

/** The next events still to come, soonest first, not cancelled (the dashboard of students and users). */
export async function upcomingEvents(deps: AppDeps, user: SessionUser, limit: number): Promise<Event[]> {
  const rows = await selectEvents(deps.db, user.id)
    .where(and(gte(events.startsAt, deps.clock.now()), ne(events.status, 'cancelled')))
    .orderBy(...soonest)
    .limit(limit);
  return rows.map(eventDto);
}

export async function getEvent(deps: AppDeps, user: SessionUser, id: string): Promise<Event> {
  return eventDto(await findEvent(deps.db, user.id, id));
}

const audit = recordChangeAudit('event', auditedEvent);

export async function createEvent(deps: AppDeps, user: SessionUser, input: EventInput): Promise<Event> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(events)
      .values({
        ...eventValues(input),
        organizerId: user.id,
        organizerName: user.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, user, now, 'created', `${user.name} created the event "${added!.title}"`, null, added!);
    return added!.id;
  });
  return getEvent(deps, user, id);
}

async function managed(tx: Tx, user: SessionUser, id: string) {
  const event = await lockedEvent(tx, id);
  if (!canManageEvent(user, { organizer_id: event.organizerId })) throw forbidden(M.notYours);
  return event;
}

export async function updateEvent(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: EventInput,
): Promise<Event> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await managed(tx, user, id);
    const values = eventValues(input);
    if (values.maxAttendees !== null && values.maxAttendees < before.currentAttendees)
      throw conflict(M.capacityBelowAttendees(before.currentAttendees));
    const [after] = await tx
      .update(events)
      .set({ ...values, updatedAt: now })
      .where(eq(events.id, id))
      .returning();
    await audit(tx, user, now, 'updated', `${user.name} edited the event "${after!.title}"`, before, after!);
  });
  return getEvent(deps, user, id);
}

export async function deleteEvent(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await managed(tx, user, id);
    await tx.delete(events).where(eq(events.id, id));
    await audit(tx, user, now, 'deleted', `${user.name} deleted the event "${before.title}"`, before, null);
  });
}

const openNow = (event: EventRow['event'], now: Date) =>
  isRegistrationOpen(
    { status: event.status, registration_deadline: event.registrationDeadline.toISOString() },
    now,
  );

/**
 * Register: 409 when closed, already registered or full; otherwise the place is the caller's. The
 * registration is written as the check that it is not there yet (a second one conflicts and
 * writes nothing), and taken back with the transaction when the event turns out full.
 */
export async function register(deps: AppDeps, user: SessionUser, id: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const event = await lockedEvent(tx, id);
    if (!openNow(event, now)) throw conflict(M.closed);
    const added = await tx
      .insert(eventRegistrations)
      .values({ eventId: id, userId: user.id, registeredAt: now })
      .onConflictDoNothing()
      .returning({ at: eventRegistrations.registeredAt });
    if (added.length === 0) throw conflict(M.alreadyRegistered);
    if (event.maxAttendees !== null && event.currentAttendees >= event.maxAttendees) throw conflict(M.full);
    const [after] = await tx
      .update(events)
      .set({ currentAttendees: event.currentAttendees + 1 })
      .where(eq(events.id, id))
      .returning({ n: events.currentAttendees });
    return { registered: true, current_attendees: after!.n };
  });
}

/** Cancel a registration, before the deadline. */
export async function cancelRegistration(deps: AppDeps, user: SessionUser, id: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const event = await lockedEvent(tx, id);
    if (event.registrationDeadline.getTime() <= now.getTime()) throw conflict(M.closed);
    const removed = await tx
      .delete(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.userId, user.id)))
      .returning({ id: eventRegistrations.userId });
    if (removed.length === 0) throw conflict(M.notRegistered);
    const [after] = await tx
      .update(events)
      .set({ currentAttendees: event.currentAttendees - 1 })
      .where(eq(events.id, id))
      .returning({ n: events.currentAttendees });
    return { registered: false, current_attendees: after!.n };
  });
}

/** Who registered, first come first: for the organizer or an admin. */
export async function attendees(
  deps: AppDeps,
  user: SessionUser,
  id: string,
): Promise<{ event: EventRow['event']; items: Attendee[] }> {
  const { event } = await findEvent(deps.db, user.id, id);
  if (!canManageEvent(user, { organizer_id: event.organizerId })) throw forbidden(M.notYours);
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      at: eventRegistrations.registeredAt,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.eventId, id))
    .orderBy(asc(eventRegistrations.registeredAt), asc(users.name));
  return {
    event,
    items: rows.map((r) => ({
      user_id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      registered_at: r.at.toISOString(),
    })),
  };
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The bell (D16): events the user registered for that start within the next 7 days. */
export const eventNotifications: NotificationSource = {
  area: 'events',
  switch: 'systemUpdates',
  label: 'Your events this week',
  async waitingFor(deps, user) {
    const now = deps.clock.now();
    const soon = and(
      eq(eventRegistrations.userId, user.id),
      gt(events.startsAt, now),
      lte(events.startsAt, new Date(now.getTime() + WEEK_MS)),
      eq(events.status, 'upcoming'),
    );
    const rows = await deps.db
      .select({
        id: events.id,
        title: events.title,
        date: events.date,
        time: events.time,
        location: events.location,
        isVirtual: events.isVirtual,
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(soon)
      .orderBy(...soonest)
      .limit(20);
    return {
      count: rows.length,
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        detail: `${programmeDay(r.date)} ${r.time} · ${r.isVirtual ? 'Virtual' : (r.location ?? '')}`,
        href: `/events?${new URLSearchParams({ open: r.id })}`,
      })),
    };
  },
};

/** Events in the top bar's search: every signed-in user reads them. */
export const eventSearchSource = searchSource({
  area: 'events',
  label: 'Events',
  readableBy: () => true,
  // What the item shows, not the whole event with the user's registration.
  rows: (db) =>
    db
      .select({ id: events.id, title: events.title, type: events.type, date: events.date, time: events.time })
      .from(events)
      .$dynamic(),
  matching: (term) => eventSearch(term.text),
  order: [desc(events.startsAt)],
  item: (e) => ({
    title: e.title,
    detail: `${EVENT_TYPE_LABELS[e.type as EventType] ?? e.type} · ${programmeDay(e.date)} ${e.time}`,
  }),
  opens: opensOn('/events'),
});
