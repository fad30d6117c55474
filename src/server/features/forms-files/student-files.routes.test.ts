import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Form } from '../../../contracts/forms';
import type { SearchResponse } from '../../../contracts/search';
import type { StudentFile, StudentFileListResponse } from '../../../contracts/student-files';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { FILE_MESSAGES as M } from '../../../domain/student-files';
import { activities, studentFiles } from '../../db/schema';
import { storedBytes } from '../../storage/postgres-file-store';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, json, makeStudent, type TestStudent, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

let mine: TestStudent;
let theirs: TestStudent;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

function upload(
  as: string,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ student_id: mine.id, category: 'academic', ...fields }))
    form.append(key, value);
  if (file)
    form.append('file', new File([file.bytes], file.name, { type: file.type ?? 'application/octet-stream' }));
  const headers: Record<string, string> = {};
  if (tokens[as]) headers.authorization = `Bearer ${tokens[as]}`;
  return t.app.request('/api/files', { method: 'POST', body: form, headers });
}
const uploaded = async (
  as: string,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  fields: Record<string, string> = {},
) => {
  const res = await upload(as, { bytes, name }, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1000);
  return json<StudentFile>(res);
};

beforeAll(async () => {
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  theirs = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO002' });
});

describe('who reaches Student Files', () => {
  it('staff only, for every route (D11); a file of nobody answers 404', async () => {
    const one = `/api/files/${UNKNOWN_ID}`;
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/files', statuses: staffOnly(200) },
        { route: 'POST /api/files', body: {}, statuses: staffOnly(400) },
        { route: `GET ${one}`, statuses: staffOnly(404) },
        { route: `GET ${one}/download`, statuses: staffOnly(404) },
        { route: `DELETE ${one}`, statuses: staffOnly(404) },
      ]),
    );
  });

  it("medical files are the student's officer's and management's only", async () => {
    const file = await uploaded('PO001', PDF, 'clinic-letter.pdf', { category: 'medical' });
    for (const path of [`/api/files/${file.id}`, `/api/files/${file.id}/download`]) {
      expect((await send('PO002', 'GET', path)).status).toBe(404);
      expect((await send('PO001', 'GET', path)).status).toBe(200);
      expect((await send('DPM001', 'GET', path)).status).toBe(200);
      expect((await send('ADM001', 'GET', path)).status).toBe(200);
    }
    expect((await send('PO002', 'DELETE', `/api/files/${file.id}`)).status).toBe(404);
    const list = await json<StudentFileListResponse>(
      await send('PO002', 'GET', '/api/files?category=medical'),
    );
    expect(list.items.map((f) => f.id)).not.toContain(file.id);
    const other = await upload('PO001', { bytes: PDF, name: 'x.pdf' }, { student_id: theirs.id });
    expect(other.status).toBe(400);
    expect((await errorOf(other)).fields).toEqual({ student_id: M.studentNotFound });
  });
});

describe('uploading', () => {
  it('keeps the file with its type from the content, and answers it byte for byte', async () => {
    const file = await uploaded('PO001', PNG, 'report card.png');
    expect(file).toMatchObject({
      name: 'report card.png',
      mime_type: 'image/png',
      size: PNG.byteLength,
      category: 'academic',
      student_name: 'Mwila Chanda',
      uploaded_by_id: await t.userId('PO001'),
    });
    const res = await send('PO001', 'GET', `/api/files/${file.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.byteLength));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="report card.png"; filename*=UTF-8''report%20card.png`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a file of several megabytes goes in parts and comes back whole', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 123, 'a');
    bytes.write('Term results, second semester\n');
    const file = await uploaded('DPM001', bytes, 'results.txt');
    expect(file.mime_type).toBe('text/plain; charset=utf-8');
    const [row] = await t.deps.db.select().from(studentFiles).where(eq(studentFiles.id, file.id));
    expect(await storedBytes(t.deps.db, row!.storageKey)).toBe(bytes.byteLength);
    const back = Buffer.from(
      await (await send('PO001', 'GET', `/api/files/${file.id}/download`)).arrayBuffer(),
    );
    expect(back.equals(bytes)).toBe(true);
  });

  it('refuses executables, HTML, SVG and scripts whatever their name (415), and stores nothing', async () => {
    const before = (await json<StudentFileListResponse>(await send('DPM001', 'GET', '/api/files'))).total;
    const refused = [
      { bytes: EXE, name: 'timetable.pdf' },
      { bytes: Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), name: 'fees.pdf' },
      { bytes: Buffer.from('<html><body>hi</body></html>'), name: 'notes.txt' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), name: 'photo.png' },
      { bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'readme.txt' },
      { bytes: Buffer.from('console.log(1)'), name: 'notes.js' },
      { bytes: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]), name: 'data.csv' },
    ];
    for (const file of refused) {
      const res = await upload('PO001', file);
      expect(res.status, file.name).toBe(415);
      expect((await errorOf(res)).error).toBe(M.refused);
    }
    expect((await json<StudentFileListResponse>(await send('DPM001', 'GET', '/api/files'))).total).toBe(
      before,
    );
  });

  it('refuses an 11 MB file (413) and a missing or empty file or category (400)', async () => {
    const big = await upload('PO001', { bytes: Buffer.alloc(11 * 1024 * 1024, 'a'), name: 'big.txt' });
    expect(big.status).toBe(413);
    const justOver = await upload('PO001', {
      bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
      name: 'over.txt',
    });
    expect(justOver.status).toBe(413);
    expect((await errorOf(justOver)).error).toBe(M.tooLarge);
    const exactly = await upload('PO001', {
      bytes: Buffer.alloc(10 * 1024 * 1024, 'a'),
      name: 'exactly.txt',
    });
    expect(exactly.status).toBe(201);
    const none = await upload('PO001', null);
    expect((await errorOf(none)).fields).toEqual({ file: M.fileRequired });
    const empty = await upload('PO001', { bytes: new Uint8Array(0), name: 'empty.pdf' });
    expect(empty.status).toBe(400);
    const noCategory = await upload('PO001', { bytes: PDF, name: 'a.pdf' }, { category: '' });
    expect((await errorOf(noCategory)).fields).toEqual({ category: M.categoryRequired });
    const notMultipart = await send('PO001', 'POST', '/api/files', { student_id: mine.id });
    expect(notMultipart.status).toBe(400);
  });

  it('answers a broken or odd multipart body with a 400, never a 500', async () => {
    const raw = (body: string, contentType: string) =>
      t.app.request('/api/files', {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${tokens.PO001}`, 'content-type': contentType },
      });
    expect((await raw('garbage', 'multipart/form-data')).status).toBe(400);
    expect((await raw('garbage', 'multipart/form-data; boundary=x')).status).toBe(400);
    const cut = `--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then`;
    expect((await raw(cut, 'multipart/form-data; boundary=x')).status).toBe(400);
    const form = new FormData();
    form.append('student_id', mine.id);
    form.append('category', 'other');
    form.append('file', new File([PDF], 'first.pdf'));
    form.append('file', new File([EXE], 'second.exe'));
    const two = await t.app.request('/api/files', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.PO001}` },
    });
    expect(two.status).toBe(201);
    expect((await json<StudentFile>(two)).name).toBe('first.pdf');
  });

  it('attaches a file to a form of the same student only', async () => {
    const form = await json<Form>(
      await send('PO001', 'POST', '/api/forms', {
        type: 'home_visit',
        student_id: mine.id,
        form_date: '2026-03-10',
      }),
    );
    const file = await uploaded('PO001', PDF, 'visit-photo-notes.pdf', { form_id: form.id });
    expect(file.form_id).toBe(form.id);
    expect((await json<Form>(await send('PO001', 'GET', `/api/forms/${form.id}`))).file_count).toBe(1);
    const attached = await json<StudentFileListResponse>(
      await send('PO001', 'GET', `/api/files?form_id=${form.id}`),
    );
    expect(attached.items.map((f) => f.id)).toEqual([file.id]);
    const other = await makeStudent(t, { name: 'Other Student', officer: 'PO001' });
    const wrong = await upload(
      'PO001',
      { bytes: PDF, name: 'x.pdf' },
      { student_id: other.id, form_id: form.id },
    );
    expect((await errorOf(wrong)).fields).toEqual({ form_id: M.formOtherStudent });
  });
});

describe('the list, search, deleting and the record kept', () => {
  it('filters by student, category and name; the search finds files in scope', async () => {
    await uploaded('PO001', PDF, 'bank-statement-march.pdf', { category: 'financial' });
    const list = await json<StudentFileListResponse>(
      await send('PO001', 'GET', `/api/files?student_id=${mine.id}&category=financial&q=statement`),
    );
    expect(list.items.map((f) => f.name)).toEqual(['bank-statement-march.pdf']);
    const found = await json<SearchResponse>(await send('PO001', 'GET', '/api/search?q=statement'));
    expect(found.groups.find((g) => g.area === 'files')?.items[0]?.href).toMatch(/^\/files\?open=/);
    const other = await json<SearchResponse>(await send('PO002', 'GET', '/api/search?q=statement'));
    expect(other.groups.find((g) => g.area === 'files')).toBeUndefined();
  });

  it('deletes the file and its bytes, recorded in the audit trail; a student with files is kept (D12)', async () => {
    const student = await makeStudent(t, { name: 'Kept Files', officer: 'PO001' });
    const file = await uploaded('PO001', PDF, 'id-copy.pdf', {
      student_id: student.id,
      category: 'personal',
    });
    const [row] = await t.deps.db.select().from(studentFiles).where(eq(studentFiles.id, file.id));
    const refused = await send('ADM001', 'DELETE', `/api/students/${student.id}`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).error).toBe(STUDENT_API_MESSAGES.hasFiles);
    expect((await send('PO001', 'DELETE', `/api/files/${file.id}`)).status).toBe(204);
    expect((await send('PO001', 'GET', `/api/files/${file.id}/download`)).status).toBe(404);
    expect(await storedBytes(t.deps.db, row!.storageKey)).toBe(0);
    const logged = await t.deps.db.select().from(activities).where(eq(activities.entityId, file.id));
    expect(logged.map((a) => a.action)).toEqual(['file.uploaded', 'file.deleted']);
  });
});
