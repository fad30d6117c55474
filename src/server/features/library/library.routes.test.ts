import { describe, expect, it } from 'vitest';
import type { Resource, ResourceListResponse } from '../../../contracts/library';
import type { SearchResponse } from '../../../contracts/search';
import { LIBRARY_MESSAGES as M } from '../../../domain/library';
import { accessMatrix, expectAccess, fromRole, signedInOnly } from '../../testing/access-matrix';
import { errorOf, json, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'STU001', 'USR001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const add = async (as: string, fields: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/library', {
    title: 'Think and Grow',
    author: 'A. Mwale',
    type: 'book',
    category: 'personal_development',
    tags: ['habits', 'study', 'habits'],
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Resource>(res);
};
const upload = (as: string, id: string, bytes: Uint8Array<ArrayBuffer>, name: string) => {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  return t.app.request(`/api/library/${id}/file`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
};
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('who reaches the Library', () => {
  it('every signed-in user browses, opens and rates; staff add, edit, delete and upload', async () => {
    const body = { title: 'x' };
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/library', statuses: signedInOnly(200) },
        { route: 'POST /api/library', body: {}, statuses: fromRole('program_officer', 400) },
        { route: `GET /api/library/${UNKNOWN_ID}`, statuses: signedInOnly(404) },
        { route: `PUT /api/library/${UNKNOWN_ID}`, body, statuses: fromRole('program_officer', 404) },
        { route: `DELETE /api/library/${UNKNOWN_ID}`, statuses: fromRole('program_officer', 404) },
        { route: `GET /api/library/${UNKNOWN_ID}/file`, statuses: signedInOnly(404) },
        { route: `POST /api/library/${UNKNOWN_ID}/open`, statuses: signedInOnly(404) },
        { route: `PUT /api/library/${UNKNOWN_ID}/rating`, body: { stars: 3 }, statuses: signedInOnly(404) },
      ]),
    );
  });
});

describe('resources', () => {
  it('a book with a PDF is read by anyone; audio must be audio; the type comes from the content', async () => {
    const book = await add('PO001');
    expect(book).toMatchObject({
      tags: ['habits', 'study'],
      has_file: false,
      downloads: 0,
      rating_count: 0,
      my_rating: null,
    });
    expect((await upload('STU001', book.id, PDF, 'book.pdf')).status).toBe(403);
    const wrong = await upload('PO001', book.id, MP3, 'book.pdf');
    expect(wrong.status).toBe(415);
    const stored = await json<Resource>(await upload('PO001', book.id, PDF, 'think-and-grow.pdf'));
    expect(stored).toMatchObject({
      has_file: true,
      mime_type: 'application/pdf',
      file_name: 'think-and-grow.pdf',
    });
    const file = await send('STU001', 'GET', `/api/library/${book.id}/file`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    const podcast = await add('DPM001', { type: 'podcast', title: 'Career talk' });
    expect((await upload('DPM001', podcast.id, PDF, 'episode.mp3')).status).toBe(415);
    expect((await json<Resource>(await upload('DPM001', podcast.id, MP3, 'episode.mp3'))).mime_type).toBe(
      'audio/mpeg',
    );
    const linked = await add('PO002', { type: 'video', url: 'https://www.youtube.com/watch?v=abc' });
    expect((await send('USR001', 'GET', `/api/library/${linked.id}/file`)).status).toBe(404);
  });

  it('opening counts one download per user per day', async () => {
    const book = await add('PO001', { title: 'Counted' });
    const open = (as: string) => send(as, 'POST', `/api/library/${book.id}/open`);
    expect(await json(await open('STU001'))).toEqual({ downloads: 1 });
    expect(await json(await open('STU001'))).toEqual({ downloads: 1 });
    expect(await json(await open('USR001'))).toEqual({ downloads: 2 });
    t.clock.advance(24 * 3600 * 1000);
    for (const staffId of Object.keys(tokens)) tokens[staffId] = await t.signIn(staffId);
    expect(await json(await open('STU001'))).toEqual({ downloads: 3 });
  });

  it('counts the resource itself read or downloaded, never its details (issue 46)', async () => {
    const book = await add('PO001', { title: 'Read in the app' });
    await upload('PO001', book.id, PDF, 'read.pdf');
    const downloads = async (as: string) =>
      (await json<Resource>(await send(as, 'GET', `/api/library/${book.id}`))).downloads;
    expect(await downloads('STU001')).toBe(0);
    expect(await downloads('STU001')).toBe(0);
    const read = async (as: string) =>
      Buffer.from(await (await send(as, 'GET', `/api/library/${book.id}/file`)).arrayBuffer());
    expect((await read('STU001')).equals(PDF)).toBe(true);
    await read('STU001');
    expect(await downloads('USR001')).toBe(1);
    await read('USR001');
    expect(await downloads('USR001')).toBe(2);
    // The open of a link and the read of the file are the same user's one open of the day.
    expect(await json(await send('STU001', 'POST', `/api/library/${book.id}/open`))).toEqual({
      downloads: 2,
    });
  });

  it('each user rates once, changeably; the average follows', async () => {
    const book = await add('PO001', { title: 'Rated' });
    const rate = (as: string, stars: unknown) => send(as, 'PUT', `/api/library/${book.id}/rating`, { stars });
    expect(await json(await rate('STU001', 5))).toEqual({ rating_average: 5, rating_count: 1, my_rating: 5 });
    expect(await json(await rate('USR001', 4))).toEqual({
      rating_average: 4.5,
      rating_count: 2,
      my_rating: 4,
    });
    expect(await json(await rate('STU001', 2))).toEqual({ rating_average: 3, rating_count: 2, my_rating: 2 });
    const bad = await rate('STU001', 6);
    expect((await errorOf(bad)).fields).toEqual({ stars: M.ratingRange });
    expect((await json<Resource>(await send('STU001', 'GET', `/api/library/${book.id}`))).my_rating).toBe(2);
  });

  it('filters, searches title, author and tags, counts by type; staff edit and delete', async () => {
    const video = await add('PO001', {
      type: 'video',
      category: 'career',
      title: 'Interview practice',
      tags: ['jobs'],
    });
    const list = await json<ResourceListResponse>(
      await send('STU001', 'GET', '/api/library?type=video&category=career&q=jobs'),
    );
    expect(list.items.map((r) => r.id)).toEqual([video.id]);
    expect(list.counts.video).toBeGreaterThanOrEqual(1);
    const found = await json<SearchResponse>(
      await send('USR001', 'GET', '/api/search?q=Interview%20practice'),
    );
    expect(found.groups.find((g) => g.area === 'library')?.items[0]?.href).toBe(`/library?open=${video.id}`);
    expect((await send('STU001', 'DELETE', `/api/library/${video.id}`)).status).toBe(403);
    expect(
      (
        await json<Resource>(
          await send('PO002', 'PUT', `/api/library/${video.id}`, { title: 'Mock interviews', type: 'video' }),
        )
      ).title,
    ).toBe('Mock interviews');
    expect((await send('ADM001', 'DELETE', `/api/library/${video.id}`)).status).toBe(204);
    expect((await send('STU001', 'GET', `/api/library/${video.id}`)).status).toBe(404);
  });
});
