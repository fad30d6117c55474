import { eq } from 'drizzle-orm';
import { lusakaDate, lusakaDayBounds } from '../../../domain/dates';
import { eventStartsAt } from '../../../domain/events';
import type { Tx } from '../client';
import { eventRegistrations, events, users } from '../schema';

/*
 * Demo events (docs/product.md D10): ten, in every status and of every type, around the day the
 * database was seeded: one full, one whose registration deadline has passed, some the demo
 * student is registered for.
 */

/** [title, type, status, days from seeding, time, place (https: virtual), max, organizer, tags] */
const EVENTS: Array<[string, string, string, number, string, string, number | null, string, string[]]> = [
  [
    'CV writing workshop',
    'workshop',
    'upcoming',
    5,
    '14:00',
    'Programme office, Lusaka',
    30,
    'PO001',
    ['careers', 'cv', 'writing'],
  ],
  [
    'Money matters: budgeting your stipend',
    'seminar',
    'upcoming',
    3,
    '10:00',
    'https://meet.example.org/budgeting',
    null,
    'PO002',
    ['finance', 'budget'],
  ],
  [
    'Alumni networking evening',
    'networking',
    'upcoming',
    12,
    '17:30',
    'Pamodzi Hotel, Lusaka',
    3,
    'DPM001',
    ['alumni', 'careers'],
  ],
  [
    'Class of the year graduation dinner',
    'graduation',
    'upcoming',
    20,
    '18:00',
    'Mulungushi Conference Centre',
    200,
    'ADM001',
    ['graduation'],
  ],
  [
    'New students orientation',
    'orientation',
    'upcoming',
    1,
    '09:00',
    'Programme office, Lusaka',
    50,
    'PO001',
    ['orientation', 'first-year'],
  ],
  [
    'Football and braai',
    'social',
    'ongoing',
    0,
    '08:00',
    'Showgrounds, Lusaka',
    null,
    'PO002',
    ['sport', 'social'],
  ],
  [
    'Interview skills',
    'workshop',
    'completed',
    -10,
    '14:00',
    'Programme office, Lusaka',
    25,
    'PO001',
    ['careers', 'interviews'],
  ],
  [
    'Mental health and exams',
    'seminar',
    'completed',
    -4,
    '15:00',
    'https://meet.example.org/wellbeing',
    null,
    'DPM001',
    ['health', 'exams'],
  ],
  [
    'Industrial visit: Zambia Sugar',
    'networking',
    'cancelled',
    8,
    '07:00',
    'Nakambala Estate, Mazabuka',
    20,
    'PO002',
    ['industry'],
  ],
  [
    'Laptop care clinic',
    'workshop',
    'upcoming',
    6,
    '11:00',
    'Programme office, Lusaka',
    15,
    'PO001',
    ['laptops', 'digital'],
  ],
];

export async function seedDemoEvents(tx: Tx, now: Date): Promise<void> {
  const today = lusakaDate(now);
  const accounts = await tx.select({ id: users.id, staffId: users.staffId, name: users.name }).from(users);
  const byStaffId = new Map(accounts.map((a) => [a.staffId, a]));
  const rows = EVENTS.flatMap(([title, type, status, days, time, place, max, organizer, tags], i) => {
    const who = byStaffId.get(organizer);
    if (!who) return [];
    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + days);
    const date = day.toISOString().slice(0, 10);
    const startsAt = eventStartsAt(date, time, (d) => lusakaDayBounds(d).start);
    // The laptop clinic's deadline has passed although the event is still to come.
    const deadline = new Date(startsAt.getTime() - (i === 9 ? 7 : 1) * 24 * 3600 * 1000);
    const virtual = place.startsWith('https:');
    const createdAt = new Date(now.getTime() - (30 - i) * 24 * 3600 * 1000);
    return [
      {
        title,
        description: `${title}. Everyone in the programme is welcome; come on time and bring a notebook.`,
        type,
        date,
        time,
        startsAt,
        location: virtual ? null : place,
        isVirtual: virtual,
        virtualLink: virtual ? place : null,
        organizerId: who.id,
        organizerName: who.name,
        maxAttendees: max,
        registrationDeadline: deadline,
        status,
        requirements: i % 2 === 0 ? 'Bring your student ID.' : null,
        tags,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (rows.length === 0) return;
  const added = await tx
    .insert(events)
    .values(rows)
    .returning({ id: events.id, title: events.title, max: events.maxAttendees });
  // The networking evening is full; the student is going to three events.
  const people = ['STU001', 'USR001', 'PO002'].map((s) => byStaffId.get(s)).filter((p) => p !== undefined);
  const registrations: Array<{ eventId: string; userId: string; registeredAt: Date }> = [];
  for (const [i, event] of added.entries()) {
    const takers = event.max === 3 ? people : i < 3 ? people.slice(0, 1) : [];
    for (const person of takers)
      registrations.push({ eventId: event.id, userId: person.id, registeredAt: now });
  }
  if (registrations.length === 0) return;
  await tx.insert(eventRegistrations).values(registrations);
  for (const event of added) {
    const n = registrations.filter((r) => r.eventId === event.id).length;
    if (n > 0) await tx.update(events).set({ currentAttendees: n }).where(eq(events.id, event.id));
  }
}
