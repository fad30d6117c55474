import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  Story,
  StoryCategory,
  StoryListResponse,
  StoryManageResponse,
} from '../../../contracts/impact-stories';
import type { NotificationsResponse } from '../../../contracts/notifications';
import { STORY_MESSAGES as M } from '../../../domain/impact-stories';
import { activities, impactStories, storyCategories } from '../../db/schema';
import { accessMatrix, expectAccess, fromRole, signedInOnly } from '../../testing/access-matrix';
import { errorOf, json, makeStudent, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'USR001', 'STU001'],
  clockAt: new Date('2026-05-31T22:30:00Z'),
});

let serial = 0;
async function addCategory(name = `Category ${++serial}`, color = 'green') {
  const res = await send('DPM001', 'POST', '/api/story-categories', { name, color });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<StoryCategory>(res);
}
let category: StoryCategory | undefined;
const storyBody = async (fields: Record<string, unknown> = {}) => {
  category ??= await addCategory();
  return {
    student_name: 'Mwila Chanda',
    year: 2025,
    title: `From Kanyama to engineering ${++serial}`,
    excerpt: 'How a bursary and a laptop changed what Mwila believed was possible.',
    content: 'Mwila grew up in Kanyama...',
    category_id: category.id,
    ...fields,
  };
};
async function addStory(fields: Record<string, unknown> = {}) {
  const res = await send('DPM001', 'POST', '/api/impact-stories', await storyBody(fields));
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Story>(res);
}
const approved = (fields: Record<string, unknown> = {}) => addStory({ approved: true, ...fields });

describe('who reaches Impact Stories (D11)', () => {
  it('everyone signed in reads approved stories and categories; management alone changes them', async () => {
    const open = await approved();
    const hidden = await addStory();
    const routes = [
      { route: 'GET /api/impact-stories', statuses: signedInOnly(200) },
      { route: `GET /api/impact-stories/${open.id}`, statuses: signedInOnly(200) },
      {
        route: `GET /api/impact-stories/${hidden.id}`,
        statuses: { ...signedInOnly(404), deputy_manager: 200, admin: 200 },
      },
      {
        route: `POST /api/impact-stories/${hidden.id}/view`,
        statuses: { ...signedInOnly(404), deputy_manager: 200, admin: 200 },
      },
      { route: `POST /api/impact-stories/${open.id}/view`, statuses: signedInOnly(200) },
      { route: 'GET /api/story-categories', statuses: signedInOnly(200) },
      { route: 'GET /api/impact-stories/manage', statuses: fromRole('deputy_manager', 200) },
      { route: 'POST /api/impact-stories', body: {}, statuses: fromRole('deputy_manager', 400) },
      { route: `PUT /api/impact-stories/${UNKNOWN_ID}`, body: {}, statuses: fromRole('deputy_manager', 400) },
      { route: `DELETE /api/impact-stories/${UNKNOWN_ID}`, statuses: fromRole('deputy_manager', 404) },
      {
        route: `POST /api/impact-stories/${UNKNOWN_ID}/approve`,
        body: { approved: true },
        statuses: fromRole('deputy_manager', 404),
      },
      {
        route: `POST /api/impact-stories/${UNKNOWN_ID}/feature`,
        body: { featured: true },
        statuses: fromRole('deputy_manager', 404),
      },
      { route: 'POST /api/story-categories', body: {}, statuses: fromRole('deputy_manager', 400) },
      {
        route: `PUT /api/story-categories/${UNKNOWN_ID}`,
        body: { name: 'X' },
        statuses: fromRole('deputy_manager', 404),
      },
      { route: `DELETE /api/story-categories/${UNKNOWN_ID}`, statuses: fromRole('deputy_manager', 404) },
    ];
    await expectAccess(t, accessMatrix(routes));
  });

  it('does not let an officer approve, even by hand', async () => {
    const story = await addStory();
    const res = await send('PO001', 'POST', `/api/impact-stories/${story.id}/approve`, { approved: true });
    expect(res.status).toBe(403);
    const [row] = await t.database.db.select().from(impactStories).where(eq(impactStories.id, story.id));
    expect(row!.approved).toBe(false);
  });
});

describe('stories: what the server accepts', () => {
  it('names each bad field in its own words', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ student_name: ' ' }, 'student_name', M.studentNameRequired],
      [{ year: 'last year' }, 'year', M.year],
      [{ year: 1999 }, 'year', M.year],
      [{ category_id: '' }, 'category_id', M.categoryRequired],
      [{ title: '' }, 'title', M.titleRequired],
      [{ excerpt: '' }, 'excerpt', M.excerptRequired],
      [{ excerpt: 'e'.repeat(201) }, 'excerpt', 'Excerpt must be at most 200 characters'],
      [{ content: '   ' }, 'content', M.contentRequired],
      [{ image_url: 'picture.jpg' }, 'image_url', M.url],
      [{ video_url: 'javascript:alert(1)' }, 'video_url', M.url],
      [{ student_photo_url: 'ftp://x/y.jpg' }, 'student_photo_url', M.url],
      [{ category_id: UNKNOWN_ID }, 'category_id', M.categoryNotFound],
      [{ student_id: UNKNOWN_ID }, 'student_id', M.studentNotFound],
    ];
    for (const [fields, field, message] of cases) {
      const res = await send('DPM001', 'POST', '/api/impact-stories', await storyBody(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(fields)).toBe(message);
    }
  });

  it('fills the name photo and program a named student has; approval sets and clears approver and date', async () => {
    const grace = await makeStudent(t, {
      name: 'Grace Phiri',
      currentProgram: 'BSc Nursing',
      profilePhotoUrl: 'https://photos.example.org/grace.jpg',
    });
    const story = await addStory({ student_id: grace.id, student_name: 'Grace Phiri', featured: true });
    expect(story).toMatchObject({
      program: 'BSc Nursing',
      student_photo_url: 'https://photos.example.org/grace.jpg',
      featured: false,
      approved: false,
      approved_by: null,
      date_posted: '2026-06-01',
    });
    const yes = await json<Story>(
      await send('ADM001', 'POST', `/api/impact-stories/${story.id}/approve`, { approved: true }),
    );
    expect(yes).toMatchObject({
      approved: true,
      approved_by: await t.userId('ADM001'),
      approved_date: '2026-06-01',
    });
    await send('ADM001', 'POST', `/api/impact-stories/${story.id}/feature`, { featured: true });
    const no = await json<Story>(
      await send('DPM001', 'POST', `/api/impact-stories/${story.id}/approve`, { approved: false }),
    );
    expect(no).toMatchObject({ approved: false, approved_by: null, approved_date: null, featured: false });
    const trail = await t.database.db.select().from(activities).where(eq(activities.entityId, story.id));
    expect(trail.map((a) => a.action)).toEqual([
      'impact_story.created',
      'impact_story.approved',
      'impact_story.featured',
      'impact_story.unapproved',
    ]);
  });
});

describe('featured stories', () => {
  it('are at most 3, even when many are featured at once, and only approved ones', async () => {
    await t.database.db.update(impactStories).set({ featured: false });
    const stories = await Promise.all(Array.from({ length: 6 }, () => approved()));
    const answers = await Promise.all(
      stories.map((s, i) =>
        send(i % 2 ? 'ADM001' : 'DPM001', 'POST', `/api/impact-stories/${s.id}/feature`, { featured: true }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await errorOf(refused)).error).toBe(M.featuredLimit);
    const featured = await t.database.db.select().from(impactStories).where(eq(impactStories.featured, true));
    expect(featured).toHaveLength(3);
    const pending = await addStory();
    const notApproved = await send('DPM001', 'POST', `/api/impact-stories/${pending.id}/feature`, {
      featured: true,
    });
    expect((await errorOf(notApproved)).error).toBe(M.notApprovedFeatured);
  });

  it('are kept out of the list and answered apart, following the search and category', async () => {
    await t.database.db.update(impactStories).set({ featured: false });
    const own = await addCategory();
    const star = await approved({ category_id: own.id, title: 'The star of Kabwe' });
    await send('DPM001', 'POST', `/api/impact-stories/${star.id}/feature`, { featured: true });
    const plain = await approved({ category_id: own.id, title: 'A quieter story from Kabwe' });
    const pending = await addStory({ category_id: own.id, title: 'Unapproved from Kabwe' });
    const list = await json<StoryListResponse>(
      await send('USR001', 'GET', `/api/impact-stories?category=${own.id}`),
    );
    expect(list.featured.map((s) => s.id)).toEqual([star.id]);
    expect(list.items.map((s) => s.id)).toEqual([plain.id]);
    expect(list.total).toBe(1);
    const searched = await json<StoryListResponse>(
      await send('USR001', 'GET', '/api/impact-stories?q=quieter'),
    );
    expect(searched.featured).toEqual([]);
    expect(searched.items.map((s) => s.id)).toEqual([plain.id]);
    expect((await send('STU001', 'GET', `/api/impact-stories/${pending.id}`)).status).toBe(404);
  });
});

describe('categories', () => {
  it('take one of five colours, a unique name, and are removed only when no story uses them', async () => {
    const bad = await send('DPM001', 'POST', '/api/story-categories', { name: 'Careers', color: 'red' });
    expect((await errorOf(bad)).fields?.color).toBe(M.categoryColor);
    const blank = await send('DPM001', 'POST', '/api/story-categories', { name: ' ' });
    expect((await errorOf(blank)).fields?.name).toBe(M.categoryNameRequired);
    const careers = await addCategory('Careers', 'purple');
    expect((await send('ADM001', 'POST', '/api/story-categories', { name: 'careers' })).status).toBe(409);
    const renamed = await json<StoryCategory>(
      await send('ADM001', 'PUT', `/api/story-categories/${careers.id}`, {
        name: 'Careers and work',
        color: 'orange',
      }),
    );
    expect(renamed).toMatchObject({ name: 'Careers and work', color: 'orange', story_count: 0 });
    await approved({ category_id: careers.id });
    const inUse = await send('DPM001', 'DELETE', `/api/story-categories/${careers.id}`);
    expect(inUse.status).toBe(409);
    expect((await errorOf(inUse)).error).toBe(M.categoryInUse(1));
    const unused = await addCategory();
    expect((await send('DPM001', 'DELETE', `/api/story-categories/${unused.id}`)).status).toBe(204);
    // A colour written before the list was enforced reads as blue.
    await t.database.db
      .update(storyCategories)
      .set({ color: 'teal' })
      .where(eq(storyCategories.id, careers.id));
    const { items } = await json<{ items: StoryCategory[] }>(
      await send('USR001', 'GET', '/api/story-categories'),
    );
    expect(items.find((c) => c.id === careers.id)?.color).toBe('blue');
  });
});

describe('management', () => {
  it('lists every story by approval with the counts, and pending stories wait in the bell', async () => {
    t.clock.advance(60_000);
    const pending = await addStory({ title: 'Waiting for review' });
    const all = await json<StoryManageResponse>(await send('DPM001', 'GET', '/api/impact-stories/manage'));
    expect(all.items[0]!.id).toBe(pending.id);
    expect(all.counts.total).toBe(all.counts.approved + all.counts.pending);
    const onlyPending = await json<StoryManageResponse>(
      await send('DPM001', 'GET', '/api/impact-stories/manage?status=pending'),
    );
    expect(onlyPending.items.every((s) => !s.approved)).toBe(true);
    expect(onlyPending.total).toBe(all.counts.pending);
    const bell = await json<NotificationsResponse>(await send('ADM001', 'GET', '/api/notifications'));
    const group = bell.groups.find((g) => g.area === 'impact-stories');
    expect(group?.items[0]).toMatchObject({ id: pending.id, title: 'Waiting for review' });
    const readers = await json<NotificationsResponse>(await send('USR001', 'GET', '/api/notifications'));
    expect(readers.groups.find((g) => g.area === 'impact-stories')).toBeUndefined();
    expect((await send('DPM001', 'DELETE', `/api/impact-stories/${pending.id}`)).status).toBe(204);
    expect((await send('DPM001', 'GET', `/api/impact-stories/${pending.id}`)).status).toBe(404);
  });
});

describe('list order and totals', () => {
  it('breaks ties of the same moment by id, newest id first, and totals what the table holds', async () => {
    t.clock.advance(120_000);
    // Written at one instant: the same date posted and creation time, so only the id orders them.
    const twins = [await approved(), await approved(), await addStory()];
    const byIdDesc = (ids: string[]) => [...ids].sort().reverse();
    const manage = await json<StoryManageResponse>(await send('DPM001', 'GET', '/api/impact-stories/manage'));
    expect(manage.items.slice(0, 3).map((s) => s.id)).toEqual(byIdDesc(twins.map((s) => s.id)));
    const readers = await json<StoryListResponse>(await send('USR001', 'GET', '/api/impact-stories'));
    expect(readers.items.slice(0, 2).map((s) => s.id)).toEqual(byIdDesc([twins[0]!.id, twins[1]!.id]));

    const rows = await t.database.db.select().from(impactStories);
    const approvedRows = rows.filter((r) => r.approved);
    const totalOf = async (query: string) =>
      (await json<StoryManageResponse>(await send('DPM001', 'GET', `/api/impact-stories/manage?${query}`)))
        .total;
    expect(await totalOf('status=all')).toBe(rows.length);
    expect(await totalOf('status=approved')).toBe(approvedRows.length);
    expect(await totalOf('status=pending')).toBe(rows.length - approvedRows.length);
    expect(readers.total).toBe(approvedRows.filter((r) => !r.featured).length);
  });
});

describe('the top bar search', () => {
  it('finds approved stories for readers and every story for management', async () => {
    const shown = await approved({ title: 'Zambezi rowing champion' });
    const waiting = await addStory({ title: 'Zambezi river clean-up' });
    const found = async (as: string) => {
      const { groups } = await json<{
        groups: Array<{ area: string; items: Array<{ id: string; href: string }> }>;
      }>(await send(as, 'GET', '/api/search?q=zambezi'));
      return groups.find((g) => g.area === 'impact-stories')?.items ?? [];
    };
    const forReader = await found('STU001');
    expect(forReader.map((i) => i.id)).toEqual([shown.id]);
    expect(forReader[0]!.href).toBe(`/impact-stories?open=${shown.id}`);
    expect((await found('DPM001')).map((i) => i.id).sort()).toEqual([shown.id, waiting.id].sort());
  });
});

// Last: it moves the clock a day on, past every other session's idle time.
describe('views', () => {
  it('count once per user per story per Lusaka day, also when opened at once, and reading counts none', async () => {
    const story = await approved();
    await send('USR001', 'GET', `/api/impact-stories/${story.id}`);
    const once = await Promise.all(
      Array.from({ length: 5 }, () => send('USR001', 'POST', `/api/impact-stories/${story.id}/view`)),
    );
    const answers = await Promise.all(once.map((r) => json<{ views_count: number; counted: boolean }>(r)));
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    await Promise.all(
      ['STU001', 'PO001', 'DPM001'].map((as) => send(as, 'POST', `/api/impact-stories/${story.id}/view`)),
    );
    expect(
      (await json<Story>(await send('USR001', 'GET', `/api/impact-stories/${story.id}`))).views_count,
    ).toBe(4);
    // The next Lusaka day (sessions idle out: sign in again).
    t.clock.set(new Date('2026-06-01T22:10:00Z'));
    tokens.USR001 = await t.signIn('USR001');
    const next = await json<{ views_count: number }>(
      await send('USR001', 'POST', `/api/impact-stories/${story.id}/view`),
    );
    expect(next.views_count).toBe(5);
  });
});

describe('story videos', () => {
  it('may be framed from the two privacy-minded players only (and blob: previews the page holds)', async () => {
    const policy = (await t.request('GET', '/api/health')).headers.get('content-security-policy') ?? '';
    const frames = policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-src'));
    // blob: is a file the page itself holds (a student file's preview), never another site.
    expect(frames).toBe('frame-src https://www.youtube-nocookie.com https://player.vimeo.com blob:');
  });
});
