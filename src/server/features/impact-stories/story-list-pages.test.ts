import { eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Story,
  type StoryCategory,
  type StoryListResponse,
  type StoryManageResponse,
  StorySchema,
} from '../../../contracts/impact-stories';
import { impactStories, storyCategories } from '../../db/schema';
import { json, makeStudent } from '../../testing/factories';
import {
  answeredBy,
  expectItemsAreRecords,
  expectPageOf,
  idsWhere,
  listAnswer,
  PAGE_KEYS,
} from '../../testing/list-items';
import { fileTestRequests } from '../../testing/test-file';

/*
 * The readers' and management's lists are written by PostgreSQL (story-list-pages.ts): each story
 * must equal GET /api/impact-stories/{id} field for field and in the same order, the featured ones
 * be those the old query chose, and the totals and tiles a fresh count, on every path: the named
 * first pages, other pages, searches and the category and approval filters.
 */

const { t, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'USR001'],
  clockAt: new Date('2026-05-31T22:30:00Z'),
});
const DAY = 86_400_000;

async function addCategory(name: string, color: string) {
  const res = await send('DPM001', 'POST', '/api/story-categories', { name, color });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<StoryCategory>(res);
}

async function addStory(category: StoryCategory, fields: Record<string, unknown>) {
  const res = await send('DPM001', 'POST', '/api/impact-stories', {
    student_name: 'Mwila Chanda',
    year: 2025,
    title: 'From Kanyama to engineering',
    excerpt: 'How a bursary and a laptop changed what Mwila believed was possible.',
    content: 'Mwila grew up in Kanyama...\n"Never give up," she says.',
    category_id: category.id,
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Story>(res);
}

/** Stories of every state and field, null or not, over a few days, two of one moment. */
let fills = 0;
async function fillStories() {
  fills += 1;
  // At most three are featured (D17): this fill's two, whatever an earlier test featured.
  await t.database.db.update(impactStories).set({ featured: false });
  const green = await addCategory(`Careers ${fills}`, 'green');
  const odd = await addCategory(`Community ${fills}`, 'pink');
  // A colour stored before the list was enforced reads as blue.
  await t.database.db.update(storyCategories).set({ color: 'teal' }).where(eq(storyCategories.id, odd.id));
  const grace = await makeStudent(t, {
    name: 'Grace Phiri',
    currentProgram: 'BSc Nursing',
    profilePhotoUrl: 'https://photos.example.org/grace.jpg',
  });
  const named = await addStory(green, {
    student_id: grace.id,
    student_name: 'Grace Phiri',
    title: `Grace's "second chance"`,
    image_url: 'https://photos.example.org/ward.jpg',
    video_url: 'https://www.youtube-nocookie.com/embed/abc',
    approved: true,
  });
  const star = await addStory(green, { title: 'A star in Kitwe', approved: true });
  expect(
    (await send('DPM001', 'POST', `/api/impact-stories/${star.id}/feature`, { featured: true })).status,
  ).toBe(200);
  const secondStar = await addStory(odd, {
    title: 'Another star',
    student_name: 'Bupe Mumba',
    approved: true,
  });
  expect(
    (await send('ADM001', 'POST', `/api/impact-stories/${secondStar.id}/feature`, { featured: true })).status,
  ).toBe(200);
  const waiting = await addStory(green, { title: 'Waiting for review', student_name: 'Abel Zulu' });
  // Two stories of one moment: the id breaks the tie.
  const twin = await addStory(odd, { title: 'Twin one', program: 'Diploma in Agriculture', approved: true });
  const twin2 = await addStory(odd, { title: 'Twin two', student_name: 'Émile Ngoma', approved: true });
  // Over three days (moved in the table: a day's wait would end the test's sessions).
  const now = t.clock.now().getTime();
  for (const [story, daysAgo, minutes] of [
    [named, 2, 0],
    [star, 1, 0],
    [secondStar, 1, 5],
    [waiting, 1, 10],
    [twin, 0, 0],
    [twin2, 0, 0],
  ] as const) {
    const at = new Date(now - daysAgo * DAY + minutes * 60_000);
    await t.database.db
      .update(impactStories)
      .set({ createdAt: at, datePosted: at.toISOString().slice(0, 10) })
      .where(eq(impactStories.id, story.id));
  }
  await t.database.db.update(impactStories).set({ viewsCount: 7 }).where(eq(impactStories.id, twin.id));
  await t.database.db.update(impactStories).set({ viewsCount: 12_345 }).where(eq(impactStories.id, named.id));
  return { green, odd };
}

const storyIds = (where: SQL, order: string, limit?: number) =>
  idsWhere(t, 'impact_stories', where, order, limit);
const POSTED = 'date_posted desc, created_at desc, id desc';
const columns = ['student_name', 'title', 'excerpt'];
const contains = (term: string) =>
  sql`(${sql.join(
    columns.map((c) => sql`${sql.identifier(c)} ilike ${`%${term}%`}`),
    sql` or `,
  )})`;
const starts = (term: string) =>
  sql`(${sql.join(
    columns.map(
      (c) => sql`(${sql.identifier(c)} ilike ${`${term}%`} or ${sql.identifier(c)} ilike ${`% ${term}%`})`,
    ),
    sql` or `,
  )})`;

/** Each story equals GET /api/impact-stories/{id}, keys in the contract's order. */
const expectStoriesAreRecords = (items: Story[]) =>
  expectItemsAreRecords(items, answeredBy<Story>(send, 'ADM001', '/api/impact-stories'), {
    keys: Object.keys(StorySchema.shape),
    also: (item) => expect(Object.keys(item.category)).toEqual(['id', 'name', 'color']),
  });

describe('the stories written by PostgreSQL', () => {
  it("answers readers' stories as their records, the featured apart, with fresh totals, on every path", async () => {
    const { green, odd } = await fillStories();
    const inCategory = (id: string) => sql`category_id = ${id}`;
    const cases: Array<[string, SQL]> = [
      ['', sql`true`],
      ['page=1&pageSize=24', sql`true`],
      ['page=1&pageSize=25', sql`true`],
      ['page=2&pageSize=2', sql`true`],
      ['q=kanyama', contains('kanyama')],
      ['q=gr', starts('gr')],
      [`category=${odd.id}`, inCategory(odd.id)],
      [`category=${green.id}&page=1&pageSize=24`, inCategory(green.id)],
      [`q=star&category=${green.id}`, sql`${contains('star')} and ${inCategory(green.id)}`],
    ];
    for (const as of ['ADM001', 'PO001', 'USR001']) {
      for (const [query, where] of cases) {
        const label = `${as} ${query}`;
        const body = await listAnswer<StoryListResponse>(
          await send(as, 'GET', `/api/impact-stories?${query}`),
          ['featured', ...PAGE_KEYS],
          label,
        );
        const ids = await storyIds(sql`approved and not featured and ${where}`, POSTED);
        expectPageOf(body, ids, label);
        expect(body.total_capped, label).toBe(false);
        expect(
          body.featured.map((s) => s.id),
          label,
        ).toEqual(await storyIds(sql`approved and featured and ${where}`, POSTED, 3));
        await expectStoriesAreRecords([...body.featured, ...body.items]);
      }
    }
    const all = await json<StoryListResponse>(await send('PO001', 'GET', '/api/impact-stories'));
    expect(all.featured).toHaveLength(2);
    expect(all.items.map((s) => s.category.color)).toContain('blue');
  });

  it("answers management's stories as their records, with tiles and totals of a fresh count", async () => {
    await fillStories();
    const fresh = await t.database.db
      .select({ approved: impactStories.approved, featured: impactStories.featured })
      .from(impactStories);
    const counts = {
      total: fresh.length,
      approved: fresh.filter((s) => s.approved).length,
      pending: fresh.filter((s) => !s.approved).length,
      featured: fresh.filter((s) => s.featured).length,
    };
    const byStatus: Record<string, SQL> = {
      all: sql`true`,
      approved: sql`approved`,
      pending: sql`not approved`,
    };
    const cases: Array<[string, SQL]> = [];
    for (const [status, where] of Object.entries(byStatus))
      for (const paging of ['', '&page=1&pageSize=50', '&page=1&pageSize=25', '&page=2&pageSize=2'])
        cases.push([`status=${status}${paging}`, where]);
    cases.push(['q=twin', contains('twin')]);
    cases.push(['q=ab&status=pending', sql`not approved and ${starts('ab')}`]);
    cases.push(['q=star&status=approved&page=1&pageSize=25', sql`approved and ${contains('star')}`]);
    for (const as of ['ADM001', 'DPM001']) {
      for (const [query, where] of cases) {
        const label = `${as} ${query}`;
        const body = await json<StoryManageResponse>(
          await send(as, 'GET', `/api/impact-stories/manage?${query}`),
        );
        expect(Object.keys(body), label).toEqual([...PAGE_KEYS, 'counts']);
        const ids = await storyIds(where, 'created_at desc, id desc');
        expect(ids.length, label).toBeGreaterThan(0);
        expectPageOf(body, ids, label);
        expect(body.total_capped, label).toBe(false);
        expect(body.counts, label).toEqual(counts);
        await expectStoriesAreRecords(body.items);
      }
    }
    expect((await send('PO001', 'GET', '/api/impact-stories/manage')).status).toBe(403);
  });
});
