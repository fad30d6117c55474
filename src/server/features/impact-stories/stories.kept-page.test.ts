import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Story, StoryCategory, StoryListResponse } from '../../../contracts/impact-stories';
import { keptListPages } from '../../db/schema';
import { fileTestRequests } from '../../testing/test-file';

/*
 * The first pages of the readers' and management's story lists are answered from the kept page
 * while no story and no category has changed, and written afresh after any write either shows
 * (story-list-pages.ts, db/kept-list-pages.ts, migration 0039). Each test marks the kept pages, so
 * that an answer still read from one shows the mark: a write that a kept page outlived would
 * leave the mark in place.
 */

const { t, send, ok } = fileTestRequests({
  signIn: ['DPM001', 'PO001', 'USR001'],
  clockAt: new Date('2026-05-31T08:00:00Z'),
});

type Listed = StoryListResponse & { marked?: boolean };

const READERS = 'page=1&pageSize=24';
const MANAGERS = 'page=1&pageSize=50&status=all';

async function readersList(as = 'USR001', query = READERS): Promise<Listed> {
  return ok<Listed>(await send(as, 'GET', `/api/impact-stories?${query}`));
}

async function managersList(query = MANAGERS): Promise<Listed> {
  return ok<Listed>(await send('DPM001', 'GET', `/api/impact-stories/manage?${query}`));
}

async function markKeptPages(): Promise<void> {
  await t.deps.db
    .update(keptListPages)
    .set({ answer: sql`left(${keptListPages.answer}, -1) || ',"marked":true}'` });
}

/** Lists both (so that their pages are kept), marks the kept pages, and proves the next views read the mark. */
async function listAndMark(): Promise<void> {
  await readersList();
  await managersList();
  await markKeptPages();
  expect((await readersList()).marked).toBe(true);
  expect((await managersList()).marked).toBe(true);
}

/** After a write: neither list reads its kept page any more. */
async function expectBothAfresh(): Promise<void> {
  expect((await readersList()).marked).toBeUndefined();
  expect((await managersList()).marked).toBeUndefined();
}

let category: StoryCategory;

async function addStory(title: string): Promise<Story> {
  const story = await ok<Story>(
    await send('DPM001', 'POST', '/api/impact-stories', {
      student_name: 'Mwila Chanda',
      year: 2025,
      title,
      excerpt: 'How a bursary and a laptop changed what Mwila believed was possible.',
      content: 'Mwila grew up in Kanyama.',
      category_id: category.id,
    }),
  );
  t.clock.advance(1000);
  return story;
}

async function approve(story: Story): Promise<Story> {
  return ok<Story>(
    await send('DPM001', 'POST', `/api/impact-stories/${story.id}/approve`, { approved: true }),
  );
}

beforeAll(async () => {
  category = await ok<StoryCategory>(
    await send('DPM001', 'POST', '/api/story-categories', { name: 'Education', color: 'green' }),
  );
  await approve(await addStory('From Kanyama to engineering'));
});

describe('the kept first pages of impact stories', () => {
  it('answer what was written afresh, the same for every reader, kept apart per list, filter and page', async () => {
    const fresh = await readersList();
    expect(fresh.items.map((s) => s.title)).toEqual(['From Kanyama to engineering']);
    expect(await readersList()).toEqual(fresh);
    expect(await managersList()).toEqual(await managersList());
    await listAndMark();
    // The readers' page shows nothing about who reads it: an officer reads the same kept page.
    expect((await readersList('PO001')).marked).toBe(true);
    // Another filter, another page or size, a search or a category: never the kept first page.
    expect((await managersList('page=1&pageSize=50&status=pending')).marked).toBeUndefined();
    expect((await readersList('USR001', 'page=2&pageSize=24')).marked).toBeUndefined();
    expect((await readersList('USR001', 'page=1&pageSize=10')).marked).toBeUndefined();
    expect((await readersList('USR001', `${READERS}&q=mwila`)).marked).toBeUndefined();
    expect((await readersList('USR001', `${READERS}&category=${category.id}`)).marked).toBeUndefined();
    const keys = (await t.deps.db.select({ key: keptListPages.key }).from(keptListPages)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith('impact_stories:')).sort()).toEqual([
      'impact_stories:stories.manage.all:50',
      'impact_stories:stories.manage.pending:50',
      'impact_stories:stories:24',
    ]);
  });

  it('are written afresh after a story is added, changed, approved, featured, viewed or deleted', async () => {
    await listAndMark();
    const story = await addStory('A nurse for Chipata');
    await expectBothAfresh();

    await listAndMark();
    await ok(
      await send('DPM001', 'PUT', `/api/impact-stories/${story.id}`, {
        ...story,
        title: 'A nurse for Mongu',
      }),
    );
    await expectBothAfresh();

    await listAndMark();
    await approve(story);
    const readers = await readersList();
    expect(readers.marked).toBeUndefined();
    expect(readers.items.map((s) => s.title)).toContain('A nurse for Mongu');
    expect((await managersList()).marked).toBeUndefined();

    await listAndMark();
    await ok(await send('DPM001', 'POST', `/api/impact-stories/${story.id}/feature`, { featured: true }));
    expect((await readersList()).featured.map((s) => s.id)).toEqual([story.id]);
    expect((await managersList()).marked).toBeUndefined();

    // The list shows each story's views.
    await listAndMark();
    await ok(await send('PO001', 'POST', `/api/impact-stories/${story.id}/view`));
    expect((await readersList()).featured[0]!.views_count).toBe(1);
    expect((await managersList()).marked).toBeUndefined();

    await listAndMark();
    expect((await send('DPM001', 'DELETE', `/api/impact-stories/${story.id}`)).status).toBe(204);
    const afterDelete = await readersList();
    expect(afterDelete.marked).toBeUndefined();
    expect(afterDelete.featured).toEqual([]);
    expect((await managersList()).marked).toBeUndefined();
  });

  it('are written afresh after a category is renamed or added', async () => {
    await listAndMark();
    await ok(
      await send('DPM001', 'PUT', `/api/story-categories/${category.id}`, {
        name: 'Schooling',
        color: 'blue',
      }),
    );
    const readers = await readersList();
    expect(readers.marked).toBeUndefined();
    expect(readers.items[0]!.category).toEqual({ id: category.id, name: 'Schooling', color: 'blue' });
    expect((await managersList()).marked).toBeUndefined();

    await listAndMark();
    await ok(await send('DPM001', 'POST', '/api/story-categories', { name: 'Health', color: 'pink' }));
    await expectBothAfresh();
  });

  it('let a story be changed while it is viewed at once, without either waiting for the other', async () => {
    const story = await approve(await addStory('Teaching in Kasama'));
    // An edit locks the story's row, then writes it; a view takes the list's version, then the
    // row. Both take the version first (lockListVersion), so none of these can deadlock.
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        send('DPM001', 'PUT', `/api/impact-stories/${story.id}`, {
          ...story,
          title: `Teaching in Kasama ${i}`,
        }),
      ),
      ...['USR001', 'PO001', 'DPM001'].flatMap((as) =>
        Array.from({ length: 4 }, () => send(as, 'POST', `/api/impact-stories/${story.id}/view`)),
      ),
    ]);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    const listed = (await readersList()).items.find((s) => s.id === story.id);
    expect(listed?.views_count).toBe(3);
  });
});
