import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Event, EventListResponse } from '../../../contracts/events';
import { eventRegistrations, events } from '../../db/schema';
import { json } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * The list's items and the single record are both made by eventDto (events.list-page.ts): each
 * item must equal GET /api/events/:id for the same caller, field for field and in the same order,
 * and the cards and totals a fresh count of the events table (the cards come from the `events`
 * tally), on the first page, on other pages, and under a status or a search.
 */

const NOW = new Date('2026-03-16T08:00:00Z');
const CALLERS = ['ADM001', 'PO001', 'USR001'] as const;
type Caller = (typeof CALLERS)[number];
const { t, tokens } = fileTestContext({ signIn: [...CALLERS], clockAt: NOW });
const HOUR = 3_600_000;

const get = async <T>(as: Caller, path: string) => {
  const res = await t.request('GET', path, { token: tokens[as] });
  expect(res.status, path).toBe(200);
  return json<T>(res);
};

beforeAll(async () => {
  const db = t.database.db;
  const organizer = await t.userId('PO001');
  const types = ['workshop', 'seminar', 'networking', 'graduation', 'orientation', 'social'];
  const statuses = ['upcoming', 'ongoing', 'completed', 'cancelled'];
  const rows = await db
    .insert(events)
    .values(
      Array.from({ length: 26 }, (_, i) => {
        // Both sides of now, ties in starts_at, milliseconds kept.
        const startsAt = new Date(NOW.getTime() + (i - 12) * 5 * HOUR + (i % 3 === 0 ? 0 : 123));
        const virtual = i % 4 === 0;
        return {
          title: `Gathering ${i}${i % 5 === 0 ? ' "careers" & ünïcode' : ''}`,
          description: i % 2 ? 'Bring a notebook.\nTea served.' : 'Open to all.',
          type: types[i % types.length]!,
          date: startsAt.toISOString().slice(0, 10),
          time: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
          startsAt,
          location: virtual ? null : 'Kabwe library',
          isVirtual: virtual,
          virtualLink: virtual ? 'https://meet.example.org/chl' : null,
          organizerId: i % 6 === 5 ? null : organizer,
          organizerName: 'Mary Phiri',
          maxAttendees: i % 3 === 0 ? null : 40,
          currentAttendees: i % 7,
          registrationDeadline: new Date(startsAt.getTime() - HOUR - 456),
          status: statuses[i % statuses.length]!,
          imageUrl: i % 2 ? 'https://img.example.org/a.png' : null,
          requirements: i % 3 === 1 ? 'A pen' : null,
          tags: i % 3 === 0 ? [] : ['careers', i % 2 ? 'finance' : 'alumni'],
          createdAt: new Date(NOW.getTime() - i * 1_001),
          updatedAt: new Date(NOW.getTime() - i * 17),
        };
      }),
    )
    .returning({ id: events.id });
  const [po, user] = await Promise.all([t.userId('PO001'), t.userId('USR001')]);
  await db
    .insert(eventRegistrations)
    .values(
      rows.flatMap(({ id }, i) => [
        ...(i % 2 ? [{ eventId: id, userId: user }] : []),
        ...(i % 3 === 1 ? [{ eventId: id, userId: po }] : []),
      ]),
    );
});

/** Every event counted afresh by type, or those matching `where`. */
async function freshCounts(where?: SQL) {
  const rows = await t.database.db
    .select({ type: events.type, n: sql<number>`count(*)::int` })
    .from(events)
    .where(where)
    .groupBy(events.type);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)])) as Record<string, number>;
}
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Each item as GET by id answers it for the same caller, keys in the same order. */
async function expectItemsAreRecords(as: Caller, list: EventListResponse) {
  for (const item of list.items) {
    const record = await get<Event>(as, `/api/events/${item.id}`);
    expect(item, item.title).toEqual(record);
    expect(Object.keys(item)).toEqual(Object.keys(record));
  }
}

describe('the events list page', () => {
  it('holds each event as its own answer, with the cards and total of a fresh count, for each caller', async () => {
    const fresh = await freshCounts();
    const cards = {
      workshop: fresh.workshop ?? 0,
      seminar: fresh.seminar ?? 0,
      networking: fresh.networking ?? 0,
      graduation: fresh.graduation ?? 0,
      total: sum(fresh),
    };
    for (const as of CALLERS) {
      // The screens' first pages (20 and 25), and later pages (across now too).
      for (const [page, pageSize] of [
        [1, 20],
        [1, 25],
        [2, 7],
        [3, 5],
      ] as const) {
        const list = await get<EventListResponse>(as, `/api/events?page=${page}&pageSize=${pageSize}`);
        expect(list.total, `${as} ${page} ${pageSize}`).toBe(sum(fresh));
        expect(list.counts).toEqual(cards);
        expect(list.total_capped).toBe(false);
        expect(list.items.length).toBe(Math.max(0, Math.min(pageSize, sum(fresh) - (page - 1) * pageSize)));
        await expectItemsAreRecords(as, list);
      }
    }
  });

  it('a type totals its card; a status and a search count what they match', async () => {
    const fresh = await freshCounts();
    for (const as of ['ADM001', 'USR001'] as const) {
      const seminars = await get<EventListResponse>(as, '/api/events?type=seminar&page=1&pageSize=20');
      expect(seminars.total).toBe(fresh.seminar);
      expect(seminars.items.map((e) => e.type)).toEqual(Array(fresh.seminar).fill('seminar'));
      await expectItemsAreRecords(as, seminars);

      const completed = await get<EventListResponse>(as, '/api/events?status=completed&pageSize=20');
      expect(completed.total).toBe(sum(await freshCounts(eq(events.status, 'completed'))));
      expect(completed.counts.total).toBe(sum(fresh));
      await expectItemsAreRecords(as, completed);

      const searched = await get<EventListResponse>(as, '/api/events?q=careers&type=workshop');
      const matched = await freshCounts(
        sql`${events.type} = 'workshop' and (${events.title} ilike '%careers%' or 'careers' = any(${events.tags}))`,
      );
      expect(searched.total).toBe(sum(matched));
      expect(searched.items.length).toBe(sum(matched));
      expect(searched.total_capped).toBe(false);
      await expectItemsAreRecords(as, searched);

      const none = await get<EventListResponse>(as, '/api/events?q=zzzz');
      expect(none).toMatchObject({ items: [], total: 0, total_capped: false, page: 1, pageSize: 25 });
    }
  });

  it('answers in the shape of the contract, a page past the end empty', async () => {
    const list = await get<EventListResponse>('USR001', '/api/events?page=9&pageSize=10');
    expect(Object.keys(list)).toEqual(['items', 'total', 'total_capped', 'page', 'pageSize', 'counts']);
    expect(list).toMatchObject({ items: [], total: sum(await freshCounts()), page: 9, pageSize: 10 });
  });
});

describe("an event's list item after every kind of change", () => {
  it('lists the event as its record after every kind of change, for a reader registered or not', async () => {
    const input = {
      title: 'Kept "Quoted" \\ Gathering',
      description: 'Line one.\nLine two\twith a tab.',
      type: 'seminar',
      date: '2026-04-02',
      time: '09:30',
      location: 'Ndola hall',
      max_attendees: 10,
      registration_deadline: '2026-04-01T12:00:00.000Z',
      requirements: 'A pen',
      tags: ['careers', 'ünïcode'],
    };
    const created = await t.request('POST', '/api/events', { token: tokens.ADM001, body: input });
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const as =
      (caller: Caller, method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) => async () => {
        const res = await t.request(method, path, { token: tokens[caller], body });
        expect(res.status, `${method} ${path}`).toBeLessThan(300);
      };
    const changes: Array<[string, () => Promise<void>]> = [
      ['created', async () => {}],
      [
        'edited: made virtual, without a cap, location or requirements',
        as('ADM001', 'PUT', `/api/events/${id}`, {
          ...input,
          title: 'Kept Gathering',
          location: null,
          is_virtual: true,
          virtual_link: 'https://meet.example.org/kept',
          max_attendees: null,
          requirements: null,
          image_url: 'https://img.example.org/kept.png',
          tags: [],
        }),
      ],
      ['a reader registered', as('USR001', 'POST', `/api/events/${id}/registration`)],
      ['another reader registered', as('PO001', 'POST', `/api/events/${id}/registration`)],
      ['a registration cancelled', as('PO001', 'DELETE', `/api/events/${id}/registration`)],
      [
        'written by another hand',
        async () => {
          await t.database.db.execute(
            sql`update events set organizer_id = null, time = '18:05', status = 'ongoing' where id = ${id}`,
          );
        },
      ],
    ];
    for (const [change, make] of changes) {
      await make();
      for (const caller of CALLERS) {
        const list = await get<EventListResponse>(caller, '/api/events?page=1&pageSize=25&q=kept');
        expect(
          list.items.map((e) => e.id),
          change,
        ).toEqual([id]);
        await expectItemsAreRecords(caller, list);
      }
    }
  });
});
