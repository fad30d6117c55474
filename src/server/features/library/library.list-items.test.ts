import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Resource,
  type ResourceListResponse,
  ResourceListResponseSchema,
} from '../../../contracts/library';
import { libraryResources } from '../../db/schema';
import { countWhere, listOfRecords, PAGE_KEYS } from '../../testing/list-items';
import { fileTestRequests } from '../../testing/test-file';

/*
 * The library's list items are written by PostgreSQL (library-list-page.ts), one record by
 * resourceDto: each item must be the record as GET answers it to the same caller (their own stars
 * included), field for field and in the same order; the tiles (kept by triggers in row_tallies)
 * and the total (the tiles', or counted for a category or a search) what a fresh count finds.
 */

const { t, tokens, send, ok } = fileTestRequests({
  signIn: ['ADM001', 'PO001', 'STU001', 'USR001'],
  clockAt: new Date('2026-03-16T08:00:00.123Z'),
});
const CALLERS = ['ADM001', 'STU001', 'USR001'] as const;
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

beforeAll(async () => {
  const add = async (fields: Record<string, unknown>) => {
    const added = await ok<Resource>(await send('PO001', 'POST', '/api/library', fields));
    t.clock.advance(1234);
    return added;
  };
  // Everything filled in, quotes, back slashes and letters beyond ASCII; a file; three ratings.
  const full = await add({
    title: 'Think "and" Grow \\ — ümlaut 🙂',
    description: 'Line one\nLine two\t<tab>',
    author: 'A. Mwale',
    tags: ['habits', 'stüdy', 'with "quotes"'],
    type: 'book',
    category: 'personal_development',
    thumbnail_url: 'https://example.org/cover.png',
    duration: '3h 20m',
    url: 'https://example.org/book',
  });
  const form = new FormData();
  form.append('file', new File([PDF], 'think-and-grow.pdf'));
  const uploaded = await t.app.request(`/api/library/${full.id}/file`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${tokens.PO001}` },
  });
  expect(uploaded.status).toBe(200);
  for (const [as, stars] of [
    ['STU001', 4],
    ['USR001', 4],
    ['ADM001', 3],
  ] as const)
    await ok(await send(as, 'PUT', `/api/library/${full.id}/rating`, { stars }));
  await ok(await send('STU001', 'POST', `/api/library/${full.id}/open`));
  // Nothing but a title: nulls and an empty list of tags.
  await add({ title: 'Bare', type: 'podcast', category: 'career' });
  const rated = await add({ title: 'Half stars', type: 'video', category: 'career', tags: ['jobs'] });
  await ok(await send('STU001', 'PUT', `/api/library/${rated.id}/rating`, { stars: 5 }));
  await ok(await send('USR001', 'PUT', `/api/library/${rated.id}/rating`, { stars: 4 }));
  await add({ title: 'Listen', type: 'audiobook', category: 'academic', author: 'B. Banda' });
  // Written straight to the table: timestamps to the microsecond from now().
  await t.database.db.insert(libraryResources).values({ title: 'Imported', type: 'book', tags: [] });
});

function resourceList(as: string, query: string): Promise<ResourceListResponse> {
  return listOfRecords(send, as, '/api/library', query, {
    parse: (body) => ResourceListResponseSchema.strict().parse(body),
    keys: [...PAGE_KEYS, 'counts'],
    countKeys: ['book', 'audiobook', 'video', 'podcast'],
  });
}

const freshCount = (condition: string) => countWhere(t, sql`library_resources`, sql.raw(condition));

describe('the library list', () => {
  it('answers each record as GET does to the same caller, with the tiles by type', async () => {
    const tiles = {
      book: await freshCount(`type = 'book'`),
      audiobook: await freshCount(`type = 'audiobook'`),
      video: await freshCount(`type = 'video'`),
      podcast: await freshCount(`type = 'podcast'`),
    };
    const filters: Array<[string, string]> = [
      // 20 and 25 are named first pages; 50 the same select planned for its values.
      ['page=1&pageSize=20', 'true'],
      ['page=1&pageSize=25', 'true'],
      ['pageSize=50', 'true'],
      ['type=book&pageSize=20', `type = 'book'`],
      ['type=video&pageSize=50', `type = 'video'`],
      ['category=career', `category = 'career'`],
      ['type=video&category=career', `type = 'video' and category = 'career'`],
      ['q=jobs', `array_to_string(tags, ' ') ilike '%jobs%'`],
      ['q=mwale&type=book', `author ilike '%mwale%' and type = 'book'`],
      [
        'q=li',
        ['title', 'description', 'author', "array_to_string(tags, ' ')"]
          .map((c) => `${c} ilike 'li%' or ${c} ilike '% li%'`)
          .join(' or '),
      ],
    ];
    for (const as of CALLERS) {
      for (const [query, condition] of filters) {
        const list = await resourceList(as, query);
        const n = await freshCount(condition);
        expect(list.total, `${as} ${query}`).toBe(n);
        expect(list.items, `${as} ${query}`).toHaveLength(n);
        expect(list.counts, `${as} ${query}`).toEqual(tiles);
      }
    }
    const all = await resourceList('STU001', 'pageSize=50');
    expect(all.items.find((r) => r.has_file)).toMatchObject({
      rating_average: 3.67,
      rating_count: 3,
      my_rating: 4,
      downloads: 1,
      file_name: 'think-and-grow.pdf',
    });
    expect(all.items.find((r) => r.title === 'Half stars')).toMatchObject({ rating_average: 4.5 });
    expect(all.items.find((r) => r.title === 'Bare')).toMatchObject({
      tags: [],
      my_rating: null,
      author: null,
    });
  });

  it('pages newest first, a later page as the first', async () => {
    const all = await resourceList('USR001', 'pageSize=50');
    const pages = [
      await resourceList('USR001', 'page=1&pageSize=2'),
      await resourceList('USR001', 'page=2&pageSize=2'),
    ];
    expect(pages.flatMap((p) => p.items)).toEqual(all.items.slice(0, 4));
    expect(pages[1]).toMatchObject({ total: all.total, page: 2, pageSize: 2 });
    const created = all.items.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(await resourceList('USR001', 'page=9&pageSize=20')).toMatchObject({ items: [], total: all.total });
  });
});
