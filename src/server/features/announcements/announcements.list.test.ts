import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementListResponse } from '../../../contracts/announcements';
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TYPES, audiencesOf } from '../../../domain/announcements';
import { announcementReads, announcements } from '../../db/schema';
import { json } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * The list picks its page's rows first and reads their readers after (announcements.list-page.ts),
 * and takes its total from the cards when it can: every page must hold
 * what one sort of what the caller sees would put there, with the filters' totals and the reads.
 */

const NOW = new Date('2026-03-16T08:00:00Z');
const TODAY = '2026-03-16';
const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'STU001', 'USR001'], clockAt: NOW });

interface Seeded {
  id: string;
  title: string;
  createdAt: Date;
  type: string;
  priority: string;
  targetAudience: string;
  isActive: boolean;
  expiryDate: string | null;
}
let seeded: Seeded[] = [];
const idOf: Record<string, string> = {};
const readBy = new Map<string, string[]>();
const AUDIENCES = ['all', 'students', 'officers'];
const EXPIRY = [null, null, '2026-03-15', TODAY, '2026-04-01'];

beforeAll(async () => {
  const author = await t.userId('ADM001');
  seeded = await t.database.db
    .insert(announcements)
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        title: `Notice ${i}`,
        content: 'Seeded for the order of the list.',
        type: ANNOUNCEMENT_TYPES[i % ANNOUNCEMENT_TYPES.length]!,
        priority: ANNOUNCEMENT_PRIORITIES[i % 3]!,
        targetAudience: AUDIENCES[i % 3]!,
        authorId: author,
        authorName: 'Test',
        createdDate: TODAY,
        expiryDate: EXPIRY[i % EXPIRY.length]!,
        isActive: i % 7 !== 3,
        // Ties in created_at, ordered by id.
        createdAt: new Date(NOW.getTime() - Math.floor(i / 3) * 60_000),
      })),
    )
    .returning();
  const readers = await Promise.all(['ADM001', 'STU001', 'USR001'].map((s) => t.userId(s)));
  for (const [i, staffId] of ['ADM001', 'STU001', 'USR001'].entries()) idOf[staffId] = readers[i]!;
  const reads = seeded.flatMap((a, i) =>
    readers.slice(0, i % 4).map((userId) => ({ announcementId: a.id, userId })),
  );
  for (const r of reads) readBy.set(r.announcementId, [...(readBy.get(r.announcementId) ?? []), r.userId]);
  await t.database.db.insert(announcementReads).values(reads);
});

const shownTo = (role: string) => (a: Seeded) =>
  audiencesOf(role).includes(a.targetAudience as never) &&
  a.isActive &&
  (a.expiryDate === null || a.expiryDate >= TODAY);

/** Newest first, ties by id, newest id first. */
const expectedOrder = (rows: Seeded[]) =>
  [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((a) => a.id);

async function everyPage(as: string, filter: string, pageSize: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= 40; page++) {
    const res = await t.request('GET', `/api/announcements?page=${page}&pageSize=${pageSize}${filter}`, {
      token: tokens[as],
    });
    expect(res.status).toBe(200);
    const list = await json<AnnouncementListResponse>(res);
    totals.add(list.total);
    for (const a of list.items) {
      const readers = readBy.get(a.id) ?? [];
      expect(a.read_count, a.title).toBe(readers.length);
      expect(a.read_by_me, a.title).toBe(readers.includes(idOf[as]!));
    }
    ids.push(...list.items.map((a) => a.id));
    if (list.items.length < pageSize) break;
  }
  return { ids, totals: [...totals] };
}

describe('the announcements list', () => {
  it('pages newest first through what each audience sees, with its readers', async () => {
    for (const [as, role] of [
      ['ADM001', 'admin'],
      ['STU001', 'student'],
      ['USR001', 'user'],
    ] as const) {
      const expected = expectedOrder(seeded.filter(shownTo(role)));
      for (const pageSize of [1, 4, 25]) {
        const { ids, totals } = await everyPage(as, '', pageSize);
        expect(ids, `${as} pageSize ${pageSize}`).toEqual(expected);
        expect(totals).toEqual([expected.length]);
      }
    }
  });

  it('the filters keep the order and count what they match; the cards what the caller sees', async () => {
    const filters: Array<[string, (a: Seeded) => boolean]> = [
      ['&type=urgent', (a) => a.type === 'urgent'],
      ['&priority=low', (a) => a.priority === 'low'],
      ['&type=general&priority=medium', (a) => a.type === 'general' && a.priority === 'medium'],
      ['&q=notice 1', (a) => a.title.toLowerCase().includes('notice 1')],
    ];
    const seen = seeded.filter(shownTo('student'));
    for (const [filter, keep] of filters) {
      const expected = expectedOrder(seen.filter(keep));
      const { ids, totals } = await everyPage('STU001', filter, 3);
      expect(ids, filter).toEqual(expected);
      expect(totals, filter).toEqual([expected.length]);
    }
    const list = await json<AnnouncementListResponse>(
      await t.request('GET', '/api/announcements?type=academic', { token: tokens.STU001 }),
    );
    for (const type of ['general', 'urgent', 'academic', 'financial'] as const)
      expect(list.counts[type], type).toBe(seen.filter((a) => a.type === type).length);
  });
});
