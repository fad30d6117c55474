import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementListResponse } from '../../../contracts/announcements';
import { audiencesOf } from '../../../domain/announcements';
import { announcementAttachments, announcementReads, announcements } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { json } from '../../testing/factories';
import { expectItemsAreRecords, PAGE_KEYS } from '../../testing/list-items';
import { fileTestContext } from '../../testing/test-file';

/*
 * The list's items are written by PostgreSQL (announcements.list-page.ts), the single record by
 * announcementDto: each item must equal GET /api/announcements/:id for the same reader, field for
 * field and in the same order, and the cards and totals a fresh count of what the reader's
 * audience sees today, on the named first page, on other pages, and under a priority or a search.
 */

const NOW = new Date('2026-03-16T08:00:00Z');
const TODAY = '2026-03-16';
const READERS = ['ADM001', 'PO001', 'STU001', 'USR001'] as const;
const ROLE_OF = { ADM001: 'admin', PO001: 'program_officer', STU001: 'student', USR001: 'user' } as const;
const { t, tokens } = fileTestContext({ signIn: [...READERS], clockAt: NOW });

type Reader = (typeof READERS)[number];
const get = async <T>(as: Reader, path: string) => {
  const res = await t.request('GET', path, { token: tokens[as] });
  expect(res.status, path).toBe(200);
  return json<T>(res);
};

beforeAll(async () => {
  const db = t.database.db;
  const author = await t.userId('PO001');
  const readers = await Promise.all(READERS.map((s) => t.userId(s)));
  // Every field's cases: each audience; an expiry none, today, ahead, past; inactive; an author
  // whose account is gone (null id); every type, 'event' too (counted in the total, not a card).
  const kinds = [
    { targetAudience: 'all', expiryDate: null, authorId: author },
    { targetAudience: 'students', expiryDate: TODAY, authorId: null },
    { targetAudience: 'officers', expiryDate: '2026-04-30', authorId: author },
    { targetAudience: 'all', expiryDate: '2026-03-15', authorId: author },
    { targetAudience: 'students', expiryDate: null, authorId: author, isActive: false },
  ];
  const types = ['general', 'urgent', 'academic', 'financial', 'event'];
  const rows = await db
    .insert(announcements)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        ...kinds[i % kinds.length]!,
        title: `Bulletin ${i}${i % 4 === 0 ? ' about "quotes" & ünïcode' : ''}`,
        content: i % 3 === 0 ? 'Fees are due.\nSee the office.' : 'Exams start in May.',
        type: types[i % types.length]!,
        priority: ['low', 'medium', 'high', 'urgent'][i % 4]!,
        authorName: i % 2 ? 'Mary Phiri' : "Chanda O'Brien",
        createdDate: `2026-03-1${i % 7}`,
        // Milliseconds kept, and ties in created_at ordered by id.
        createdAt: new Date(NOW.getTime() - Math.floor(i / 2) * 61_123),
        updatedAt: new Date(NOW.getTime() - i * 7),
      })),
    )
    .returning({ id: announcements.id });
  await db.insert(announcementAttachments).values(
    rows.flatMap(({ id }, i) =>
      i % 3 === 0
        ? [
            {
              announcementId: id,
              name: 'agenda.pdf',
              mimeType: 'application/pdf',
              size: 5_000_000_123,
              storageKey: randomUUID(),
            },
            {
              announcementId: id,
              name: 'map.png',
              mimeType: 'image/png',
              size: 12,
              storageKey: randomUUID(),
              createdAt: new Date(NOW.getTime() - 1),
            },
          ]
        : [],
    ),
  );
  await db
    .insert(announcementReads)
    .values(
      rows.flatMap(({ id }, i) => readers.slice(0, i % 5).map((userId) => ({ announcementId: id, userId }))),
    );
});

/** What the reader's audience sees today, counted afresh by type. */
async function freshCounts(as: Reader, extra = sql`true`) {
  const rows = await t.database.db
    .select({ type: announcements.type, n: sql<number>`count(*)::int` })
    .from(announcements)
    .where(
      and(
        inArray(announcements.targetAudience, audiencesOf(ROLE_OF[as])),
        eq(announcements.isActive, true),
        or(isNull(announcements.expiryDate), gte(announcements.expiryDate, TODAY)),
        extra,
      ),
    )
    .groupBy(announcements.type);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)])) as Record<string, number>;
}

/** Each item as GET by id answers it for the same reader, keys in the same order. */
const expectReadersRecords = (as: Reader, list: AnnouncementListResponse) =>
  expectItemsAreRecords(list.items, (item) => get<Announcement>(as, `/api/announcements/${item.id}`), {
    label: (item) => item.title,
  });

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('the announcements list page', () => {
  it('holds each record as its own answer, with the cards and total of a fresh count, for every audience', async () => {
    for (const as of READERS) {
      const fresh = await freshCounts(as);
      const cards = { general: 0, urgent: 0, academic: 0, financial: 0 };
      for (const type of Object.keys(cards) as Array<keyof typeof cards>) cards[type] = fresh[type] ?? 0;
      // The named first pages (20 and 25), and pages planned for their values.
      for (const [page, pageSize] of [
        [1, 20],
        [1, 25],
        [2, 7],
      ] as const) {
        const query = `page=${page}&pageSize=${pageSize}`;
        const list = await get<AnnouncementListResponse>(as, `/api/announcements?${query}`);
        expect(list.total, `${as} ${query}`).toBe(sum(fresh));
        expect(list.counts, `${as} ${query}`).toEqual(cards);
        expect(list.total_capped).toBe(false);
        const before = (page - 1) * pageSize;
        expect(list.items.length).toBe(Math.max(0, Math.min(pageSize, sum(fresh) - before)));
        await expectReadersRecords(as, list);
      }
    }
  });

  it('a type keeps the cards and totals its card; a priority and a search count what they match', async () => {
    for (const as of ['ADM001', 'STU001'] as const) {
      const fresh = await freshCounts(as);
      const byType = await get<AnnouncementListResponse>(
        as,
        '/api/announcements?type=urgent&page=1&pageSize=20',
      );
      expect(byType.total).toBe(fresh.urgent ?? 0);
      expect(byType.items.every((a) => a.type === 'urgent')).toBe(true);
      await expectReadersRecords(as, byType);

      const high = await get<AnnouncementListResponse>(as, '/api/announcements?priority=high&pageSize=20');
      expect(high.total).toBe(sum(await freshCounts(as, eq(announcements.priority, 'high'))));
      expect(high.counts.general).toBe(fresh.general ?? 0);
      await expectReadersRecords(as, high);

      const searched = await get<AnnouncementListResponse>(as, '/api/announcements?q=quotes&type=general');
      const matched = await freshCounts(
        as,
        sql`${announcements.title} ilike '%quotes%' and ${announcements.type} = 'general'`,
      );
      expect(searched.total).toBe(sum(matched));
      expect(searched.items.length).toBe(sum(matched));
      expect(searched.total_capped).toBe(false);
      await expectReadersRecords(as, searched);

      const none = await get<AnnouncementListResponse>(as, '/api/announcements?q=zzzz');
      expect(none).toMatchObject({ items: [], total: 0, total_capped: false, page: 1, pageSize: 25 });
    }
  });

  it('answers the list in the shape of the contract, a page past the end empty', async () => {
    const list = await get<AnnouncementListResponse>('USR001', '/api/announcements?page=9&pageSize=10');
    expect(Object.keys(list)).toEqual([...PAGE_KEYS, 'counts']);
    const fresh = await freshCounts('USR001');
    expect(list).toMatchObject({ items: [], total: sum(fresh), page: 9, pageSize: 10 });
    // No row carries the cards past the end: they are read alone, and agree.
    expect(list.counts).toEqual({
      general: fresh.general ?? 0,
      urgent: fresh.urgent ?? 0,
      academic: fresh.academic ?? 0,
      financial: fresh.financial ?? 0,
    });
  });
});

describe("an announcement's own fields, kept written by a trigger (migration 0043)", () => {
  it('lists the announcement as its record after every kind of change, for each reader', async () => {
    const input = {
      title: 'Kept "Quoted" \\ Notice',
      content: 'Line one.\nLine two\twith a tab.',
      type: 'academic',
      priority: 'high',
      target_audience: 'all',
      expiry_date: '2026-04-30',
    };
    const created = await t.request('POST', '/api/announcements', { token: tokens.ADM001, body: input });
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const as = (reader: Reader, method: 'PUT' | 'POST', path: string, body?: unknown) => async () => {
      const res = await t.request(method, path, { token: tokens[reader], body });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
    };
    const changes: Array<[string, () => Promise<void>]> = [
      ['created', async () => {}],
      [
        'edited: no expiry, another type and priority',
        as('ADM001', 'PUT', `/api/announcements/${id}`, {
          ...input,
          title: 'Kept Notice',
          type: 'financial',
          priority: 'low',
          expiry_date: null,
        }),
      ],
      ['read by a reader', as('USR001', 'POST', `/api/announcements/${id}/read`)],
      [
        'given an attachment',
        async () => {
          await t.database.db.insert(announcementAttachments).values({
            announcementId: id,
            name: 'timetable.pdf',
            mimeType: 'application/pdf',
            size: 1234,
            storageKey: randomUUID(),
          });
        },
      ],
      [
        'written by another hand',
        async () => {
          await t.database.db.execute(
            sql`update announcements set author_id = null, author_name = 'A Former Officer' where id = ${id}`,
          );
        },
      ],
    ];
    for (const [change, make] of changes) {
      await make();
      for (const reader of READERS) {
        const list = await get<AnnouncementListResponse>(
          reader,
          '/api/announcements?page=1&pageSize=25&q=kept',
        );
        expect(
          list.items.map((a) => a.id),
          `${change}, ${reader}`,
        ).toEqual([id]);
        await expectReadersRecords(reader, list);
      }
      expect(await checkTriggerKeptTables(t.database.db, 'announcements.list_item'), change).toEqual([]);
    }
  });
});
