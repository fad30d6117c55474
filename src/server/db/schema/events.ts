import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, moment, randomId, searchText, searchTextIndex, updatedAt } from './columns';

/*
 * Excel Beyond Events (docs/product.md §3). `current_attendees` is the number of registrations,
 * changed only in the transaction that adds or removes one while the event's row is locked, so
 * the last free place goes to exactly one person (D17).
 */

export const events = pgTable(
  'events',
  {
    id: randomId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('workshop'),
    date: date('date').notNull(),
    time: text('time').notNull(),
    /** `date` and `time` in Lusaka as an instant, for ordering, the bell and the calendar file. */
    startsAt: moment('starts_at').notNull(),
    location: text('location'),
    isVirtual: boolean('is_virtual').notNull().default(false),
    virtualLink: text('virtual_link'),
    organizerId: uuid('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    organizerName: text('organizer_name').notNull(),
    maxAttendees: integer('max_attendees'),
    currentAttendees: integer('current_attendees').notNull().default(0),
    registrationDeadline: moment('registration_deadline').notNull(),
    status: text('status').notNull().default('upcoming'),
    imageUrl: text('image_url'),
    requirements: text('requirements'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    searchText: searchText(
      sql`title || ' ' || description || ' ' || coalesce(location, '') || ' ' || tags_text(tags)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('events', t.searchText),
    index('events_starts_idx').on(t.startsAt),
    index('events_type_idx').on(t.type, t.startsAt),
    // A status's page, each side of now in its own order (events.list-page.ts; migration 0054).
    index('events_status_starts_idx').on(t.status, t.startsAt),
  ],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registeredAt: moment('registered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_registrations_user_idx').on(t.userId)],
);
