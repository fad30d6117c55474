import { EVENT_TYPES } from '../../src/domain/events';
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from '../../src/domain/library';
import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import { DAY, insertByValues, type SeedContext } from './context';

/** What the staff publish to students: announcements, events and library resources. */
export async function seedAnnouncementsEventsLibrary(ctx: SeedContext): Promise<void> {
  await seedAnnouncements(ctx);
  await seedEvents(ctx);
  await seedLibrary(ctx);
}

async function seedAnnouncements({ tx, r, staff, each, ago, day }: SeedContext) {
  await insertByArrays(
    tx,
    t.announcements,
    each((i) => {
      const author = staff[i % 3]!;
      const at = ago((i * 0.11) % 1_100);
      return {
        title: `${r.pick(['Reminder', 'Update', 'Notice', 'Invitation'])}: ${r.pick(['allowance dates', 'exam support', 'mentorship sign-up', 'fee statements', 'the careers fair'])} (${i})`,
        content: 'Please read the details below and speak to your program officer with any questions.',
        type: r.pick(['general', 'urgent', 'academic', 'financial', 'event']),
        priority: r.pick(['low', 'medium', 'medium', 'high', 'urgent']),
        targetAudience: r.pick(['all', 'all', 'students', 'officers']),
        authorId: author.id,
        authorName: author.name,
        createdDate: day(at),
        expiryDate: i % 5 === 0 ? day(new Date(at.getTime() + 30 * DAY)) : null,
        isActive: i % 20 !== 0,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}

async function seedEvents({ tx, r, now, staff, each, ago, day }: SeedContext) {
  await insertByValues(
    tx,
    t.events,
    each((i) => {
      const organizer = staff[i % staff.length]!;
      const hour = 8 + (i % 10);
      const date = day(ago(1_000 - (i % 1_365)));
      // Lusaka is UTC+2 all year.
      const startsAt = new Date(`${date}T${String(hour - 2).padStart(2, '0')}:00:00Z`);
      const past = startsAt < now;
      return {
        title: `${r.pick(['CV writing', 'Budgeting', 'Study skills', 'Alumni evening', 'Orientation'])} ${i}`,
        description: 'Open to every student of the programme; bring a notebook.',
        type: EVENT_TYPES[i % EVENT_TYPES.length]!,
        date,
        time: `${String(hour).padStart(2, '0')}:00`,
        startsAt,
        location:
          i % 4 === 0 ? null : r.pick(['CHL office, Lusaka', 'Copperbelt University hall', 'Kabwe library']),
        isVirtual: i % 4 === 0,
        virtualLink: i % 4 === 0 ? 'https://meet.example.org/chl' : null,
        organizerId: organizer.id,
        organizerName: organizer.name,
        maxAttendees: i % 3 === 0 ? null : 40,
        registrationDeadline: new Date(startsAt.getTime() - DAY),
        status: past ? (i % 15 === 0 ? 'cancelled' : 'completed') : 'upcoming',
        tags: [r.pick(['careers', 'finance', 'wellbeing', 'alumni'])],
      };
    }),
  );
}

async function seedLibrary({ tx, r, staff, each, ago }: SeedContext) {
  await insertByValues(
    tx,
    t.libraryResources,
    each((i) => {
      const type = RESOURCE_TYPES[i % RESOURCE_TYPES.length]!;
      const at = ago((i * 0.1) % 1_000);
      return {
        title: `${r.pick(['Foundations of', 'A guide to', 'Thinking about', 'Stories of'])} ${r.pick(['accounting', 'nursing', 'leadership', 'Zambia', 'engineering'])} ${i}`,
        description: 'Chosen by the programme for first-year students.',
        author: r.pick(['M. Phiri', 'C. Banda', 'N. Zulu', 'K. Mwape']),
        tags: [r.pick(['study', 'career', 'reading'])],
        type,
        category: RESOURCE_CATEGORIES[i % RESOURCE_CATEGORIES.length]!,
        url: type === 'book' ? null : `https://media.example.org/${i}`,
        duration: type === 'book' ? null : `${20 + (i % 40)} min`,
        createdById: staff[i % 3]!.id,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
