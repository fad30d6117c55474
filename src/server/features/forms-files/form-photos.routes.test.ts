import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Form, FormPhoto } from '../../../contracts/forms';
import { FORM_MESSAGES as M, MAX_PHOTO_BYTES } from '../../../domain/forms';
import { formPhotos, forms, storedFileParts } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, json, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';
import { purgeUnnamedPhotos, UNNAMED_PHOTO_KEEP_DAYS } from './form-photos';

/*
 * Issue 48, item 7: a home visit's photos, uploaded once each under the phone's id before the form
 * that names them; the uploader's alone until then, the form's readers' after; in the PDF.
 */

const { t, tokens, send, ok } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

let mine: TestStudent;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const OTHER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (as: string, id: string, bytes: Buffer, type = 'image/png') =>
  t.app.request(`/api/form-photos/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': type },
    body: new Uint8Array(bytes),
  });
const uploaded = async (as: string, bytes = PNG) => {
  const id = randomUUID();
  const res = await upload(as, id, bytes);
  expect(res.status, await res.clone().text()).toBe(201);
  return id;
};
const visit = (photoIds: string[], more: Record<string, unknown> = {}) => ({
  type: 'home_visit',
  student_id: mine.id,
  form_date: '2026-03-14',
  fields: { people_present: 'Mwila' },
  photo_ids: photoIds,
  ...more,
});

beforeAll(async () => {
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
});

describe('uploading a photo', () => {
  it('keeps it under its id; the same bytes again answer it (200); other bytes or another uploader 409', async () => {
    const id = randomUUID();
    const first = await upload('PO001', id, PNG);
    expect(first.status).toBe(201);
    const photo = await json<FormPhoto>(first);
    expect(photo).toMatchObject({ id, mime_type: 'image/png', size: PNG.length, form_id: null });
    const again = await upload('PO001', id, PNG);
    expect(again.status).toBe(200);
    expect(await json<FormPhoto>(again)).toEqual(photo);
    for (const [as, bytes] of [
      ['PO001', OTHER_PNG],
      ['PO002', PNG],
    ] as const) {
      const res = await upload(as, id, bytes);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).error).toBe(M.photoIdTaken);
    }
    const got = await send('PO001', 'GET', `/api/form-photos/${id}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
  });

  it('sent twice at once (the first answer lost), it is kept once', async () => {
    const id = randomUUID();
    const answers = await Promise.all([1, 2].map(() => upload('PO001', id, PNG)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
  });

  it('takes JPEG, PNG and WebP only, as found from the content, and at most 5 MB', async () => {
    const cases: Array<[Buffer, string, number, string]> = [
      [Buffer.from('%PDF-1.4 not a photo'), 'image/jpeg', 400, M.photoNotImage],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 400, M.photoNotImage],
      [Buffer.alloc(0), 'image/png', 400, M.photoEmpty],
      [Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES)]), 'image/png', 413, M.photoTooLarge],
    ];
    for (const [bytes, type, status, error] of cases) {
      const id = randomUUID();
      const res = await upload('PO001', id, bytes, type);
      expect(res.status, error).toBe(status);
      expect((await errorOf(res)).error).toBe(error);
      expect((await send('PO001', 'GET', `/api/form-photos/${id}`)).status).toBe(404);
    }
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    expect((await upload('PO001', randomUUID(), jpeg, 'application/octet-stream')).status).toBe(201);
    expect((await upload('PO001', randomUUID(), webp)).status).toBe(201);
  });

  it('staff only; a photo of nobody answers 404', async () => {
    const one = `/api/form-photos/${randomUUID()}`;
    await expectAccess(
      t,
      accessMatrix([
        { route: `PUT ${one}`, body: { not: 'an image' }, statuses: staffOnly(400) },
        { route: `GET ${one}`, statuses: staffOnly(404) },
      ]),
    );
  });
});

describe('a home visit that names photos', () => {
  it('is refused for a photo the server does not have, or another’s; nothing is saved', async () => {
    const theirs = await uploaded('PO002');
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [visit([randomUUID()]), { photo_ids: expect.stringContaining(M.photoMissing) }],
      [visit([theirs]), { photo_ids: expect.stringContaining(M.photoMissing) }],
      [
        visit([await uploaded('PO001')], { type: 'care_call', fields: {} }),
        { photo_ids: M.photosOnlyHomeVisit },
      ],
    ];
    for (const [body, fields] of cases) {
      const id = randomUUID();
      const res = await send('PO001', 'POST', '/api/forms', { ...body, id });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual(fields);
      expect(await t.deps.db.select().from(forms).where(eq(forms.id, id))).toEqual([]);
    }
    expect((await send('PO001', 'GET', `/api/form-photos/${theirs}`)).status).toBe(404);
  });

  it('makes the photos the form’s: seen by whoever reaches the form, kept by an edit that leaves them out, in the PDF', async () => {
    const [a, b] = [await uploaded('PO001'), await uploaded('PO001', OTHER_PNG)];
    const expectedIds = [a, b];
    expect((await send('DPM001', 'GET', `/api/form-photos/${a}`)).status).toBe(404);
    const id = randomUUID();
    const created = await send('PO001', 'POST', '/api/forms', { ...visit([b, a]), id });
    expect(created.status, await created.clone().text()).toBe(201);
    const form = await json<Form>(created);
    expect([...form.photo_ids].sort()).toEqual([...expectedIds].sort());
    // Sent again (the answer was lost), it is the same form, photos and all.
    expect((await send('PO001', 'POST', '/api/forms', { ...visit([a, b]), id })).status).toBe(200);
    expect((await send('DPM001', 'GET', `/api/form-photos/${a}`)).status).toBe(200);
    expect((await send('PO002', 'GET', `/api/form-photos/${a}`)).status).toBe(404);

    const pdf = await send('DPM001', 'GET', `/api/forms/${id}/pdf`);
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    // Each photo is an image in the PDF (PDFKit adds one more for a PNG's transparency).
    expect(text.match(/\/Subtype \/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    const plain = await ok<Form>(await send('PO001', 'POST', '/api/forms', visit([])));
    const plainPdf = await send('PO001', 'GET', `/api/forms/${plain.id}/pdf`);
    expect(Buffer.from(await plainPdf.arrayBuffer()).toString('latin1')).not.toContain('/Subtype /Image');

    const { photo_ids: _, ...withoutPhotos } = visit([]);
    const kept = await ok<Form>(
      await t.request('PUT', `/api/forms/${id}`, {
        token: tokens.PO001,
        body: { ...withoutPhotos, fields: { people_present: 'Mwila and her mother' } },
        headers: { 'if-match': '"1"' },
      }),
    );
    expect(kept.photo_ids).toEqual(form.photo_ids);
    const dropped = await ok<Form>(
      await t.request('PUT', `/api/forms/${id}`, {
        token: tokens.PO001,
        body: { ...visit([a]) },
        headers: { 'if-match': '"2"' },
      }),
    );
    expect(dropped.photo_ids).toEqual([a]);
    // No longer named, b is its uploader's alone again.
    expect((await send('DPM001', 'GET', `/api/form-photos/${b}`)).status).toBe(404);
    expect((await send('PO001', 'GET', `/api/form-photos/${b}`)).status).toBe(200);
  });
});

describe('photos no form names', () => {
  it(`are deleted with their bytes after ${UNNAMED_PHOTO_KEEP_DAYS} days, once, however many processes purge; named ones stay`, async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const start = t.clock.now();
    const named = await uploaded('PO001');
    await ok<Form>(await send('PO001', 'POST', '/api/forms', visit([named])));
    const unnamed = [await uploaded('PO001'), await uploaded('PO001'), await uploaded('PO002')];
    const stored = async (id: string) => {
      const [row] = await t.database.db.select().from(formPhotos).where(eq(formPhotos.id, id));
      if (!row) return false;
      const parts = await t.database.db
        .select()
        .from(storedFileParts)
        .where(eq(storedFileParts.storageKey, row.storageKey));
      return parts.length > 0;
    };
    try {
      t.clock.set(new Date(start.getTime() + (UNNAMED_PHOTO_KEEP_DAYS - 1) * DAY));
      expect(await purgeUnnamedPhotos(t.deps)).toBe(0);
      for (const id of unnamed) expect(await stored(id)).toBe(true);

      t.clock.set(new Date(start.getTime() + (UNNAMED_PHOTO_KEEP_DAYS + 1) * DAY));
      // Photos uploaded by the tests above and left unnamed go too; two passes at once purge each once.
      const passes = await Promise.all([purgeUnnamedPhotos(t.deps), purgeUnnamedPhotos(t.deps)]);
      expect(passes[0]! + passes[1]!).toBeGreaterThanOrEqual(unnamed.length);
      for (const id of unnamed) expect(await stored(id)).toBe(false);
      expect(await stored(named)).toBe(true);
      expect(await purgeUnnamedPhotos(t.deps)).toBe(0);
    } finally {
      t.clock.set(start);
    }
  });
});
