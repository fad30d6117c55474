import { beforeAll, describe, expect, it } from 'vitest';
import type { EventListResponse } from '../../../contracts/events';
import { EVENT_STATUSES, EVENT_TYPES } from '../../../domain/events';
import { eventRegistrations, events } from '../../db/schema';
import { json } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * The list reads what is to come and what has begun each in its own index order and pages over
 * both (events.list-page.ts): every page, across the boundary too, must hold what one
 * sort of every event would put there, with the totals of the filters and the caller's
 * registrations.
 */

const NOW = new Date('2026-03-16T08:00:00Z');
const { t, tokens } = fileTestContext({ signIn: ['USR001'], clockAt: NOW });

interface Seeded {
  id: string;
  startsAt: Date;
  type: string;
  status: string;
}
let seeded: Seeded[] = [];
const registered = new Set<string>();
const HOUR = 3_600_000;

beforeAll(async () => {
  // Ties in starts_at on both sides, and one starting exactly now (still to come).
  const offsets = [-50, -3, -3, -3, -1, 0, 0, 2, 2, 2, 5, 40, -20, 7, -7, 1, -1, 30, -30, 3, 3];
  const rows = await t.database.db
    .insert(events)
    .values(
      offsets.map((h, i) => {
        const startsAt = new Date(NOW.getTime() + h * HOUR);
        return {
          title: `Event ${i}`,
          description: 'Seeded for the order of the list.',
          type: EVENT_TYPES[i % 3]!,
          date: startsAt.toISOString().slice(0, 10),
          time: '10:00',
          startsAt,
          location: 'Lusaka',
          organizerName: 'Test',
          registrationDeadline: new Date(startsAt.getTime() - HOUR),
          status: EVENT_STATUSES[i % EVENT_STATUSES.length]!,
        };
      }),
    )
    .returning({ id: events.id, startsAt: events.startsAt, type: events.type, status: events.status });
  seeded = rows;
  const userId = await t.userId('USR001');
  for (const row of rows.filter((_, i) => i % 4 === 1)) registered.add(row.id);
  await t.database.db
    .insert(eventRegistrations)
    .values([...registered].map((eventId) => ({ eventId, userId })));
});

/** One sort of every event: to come soonest first, then begun latest first, ties by id. */
function expectedOrder(rows: Seeded[]): string[] {
  const toCome = (r: Seeded) => r.startsAt.getTime() >= NOW.getTime();
  const byId = (a: Seeded, b: Seeded) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const ahead = rows.filter(toCome).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || byId(a, b));
  const begun = rows
    .filter((r) => !toCome(r))
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || byId(a, b));
  return [...ahead, ...begun].map((r) => r.id);
}

async function everyPage(filter: string, pageSize: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= 30; page++) {
    const res = await t.request('GET', `/api/events?page=${page}&pageSize=${pageSize}${filter}`, {
      token: tokens.USR001,
    });
    expect(res.status).toBe(200);
    const list = await json<EventListResponse>(res);
    totals.add(list.total);
    for (const e of list.items) expect(e.registered, e.id).toBe(registered.has(e.id));
    ids.push(...list.items.map((e) => e.id));
    if (list.items.length < pageSize) break;
  }
  return { ids, totals: [...totals] };
}

describe('the events list', () => {
  it('pages in one order across what is to come and what has begun, at every page size', async () => {
    const expected = expectedOrder(seeded);
    for (const pageSize of [1, 2, 3, 4, 7, 25]) {
      const { ids, totals } = await everyPage('', pageSize);
      expect(ids, `pageSize ${pageSize}`).toEqual(expected);
      expect(totals).toEqual([seeded.length]);
    }
  });

  it('keeps the order and the totals under each filter; the cards count every event', async () => {
    const filters: Array<[string, (r: Seeded) => boolean]> = [
      ['&type=seminar', (r) => r.type === 'seminar'],
      ['&status=completed', (r) => r.status === 'completed'],
      ['&type=workshop&status=upcoming', (r) => r.type === 'workshop' && r.status === 'upcoming'],
    ];
    for (const [filter, keep] of filters) {
      const { ids, totals } = await everyPage(filter, 3);
      const expected = expectedOrder(seeded.filter(keep));
      expect(ids, filter).toEqual(expected);
      expect(totals, filter).toEqual([expected.length]);
    }
    const list = await json<EventListResponse>(
      await t.request('GET', '/api/events?type=graduation', { token: tokens.USR001 }),
    );
    expect(list.total).toBe(0);
    expect(list.counts).toMatchObject({ total: seeded.length, workshop: 7, seminar: 7, graduation: 0 });
  });

  it('a page past the end is empty, with the total', async () => {
    const res = await t.request('GET', '/api/events?page=9&pageSize=10', { token: tokens.USR001 });
    const list = await json<EventListResponse>(res);
    expect(list.items).toEqual([]);
    expect(list.total).toBe(seeded.length);
    // No row carries the tally past the end: it is read alone, and agrees.
    expect(list.counts).toMatchObject({ total: seeded.length, workshop: 7, seminar: 7, graduation: 0 });
    const upcoming = seeded.filter((r) => r.status === 'upcoming').length;
    const past = await json<EventListResponse>(
      await t.request('GET', '/api/events?status=upcoming&page=9&pageSize=10', { token: tokens.USR001 }),
    );
    expect(past).toMatchObject({ items: [], total: upcoming });
  });
});
