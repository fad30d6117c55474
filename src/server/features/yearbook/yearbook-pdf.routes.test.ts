import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTestContext } from '../../testing/test-file';
import { fetchPhoto, PHOTO_FETCH_LIMITS } from './photo-fetch';
import { yearbookTestKit } from './yearbook-test-kit';

const { t, tokens } = fileTestContext({
  signIn: ['DPM001', 'USR001', 'STU001'],
  // The photo server below listens on loopback, which a deployment refuses by default.
  config: { photoFetchPrivateNetwork: true },
});
const kit = () => yearbookTestKit(t, tokens);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A photo host: /photo.png is a photo, /page.html is not one, /slow never answers, /big is too big. */
let photos: Server;
let base = '';
const asked: string[] = [];
beforeAll(async () => {
  photos = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/page.html')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/big')
      return res.writeHead(200).end(Buffer.alloc(PHOTO_FETCH_LIMITS.maxBytes + 10, 0xff));
    if (req.url === '/slow') return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => photos.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
});
afterAll(() => {
  photos.closeAllConnections();
  photos.close();
});

/** Photos drawn: image objects, less the alpha masks a PNG with transparency brings along. */
const imagesIn = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  return (text.match(/\/Subtype \/Image/g)?.length ?? 0) - (text.match(/\/SMask \d+ 0 R/g)?.length ?? 0);
};

describe('Download PDF', () => {
  it('is the yearbook as a real PDF: cover, approved graduates with photo or initials, the memory wall', async () => {
    const { send, published, addStudent, addEntry, joinClass, submitOwn } = kit();
    const book = await published({ title: 'Rising Together', theme: 'Ubuntu in every step' });
    const withPhoto = await addStudent({
      email: null,
      firstName: 'Mwila',
      lastName: 'Chanda',
      fullName: 'Mwila Chanda',
    });
    const brokenPhoto = await addStudent({
      email: null,
      firstName: 'Abel',
      lastName: 'Phiri',
      fullName: 'Abel Phiri',
    });
    const slowPhoto = await addStudent({
      email: null,
      firstName: 'Ruth',
      lastName: 'Mwale',
      fullName: 'Ruth Mwale',
    });
    await addEntry(book.id, withPhoto.id, { quote: 'Never give up', student_photo_url: `${base}/photo.png` });
    await addEntry(book.id, brokenPhoto.id, {
      achievements: 'Best project 2026',
      student_photo_url: `${base}/page.html`,
    });
    await addEntry(book.id, slowPhoto.id, { student_photo_url: `${base}/big` });
    await addStudent(); // STU001's student, whose entry stays pending: not in the yearbook
    await joinClass(book);
    await submitOwn(book.id, { quote: 'Pending quote' });
    await send('USR001', 'POST', `/api/yearbooks/${book.id}/memories`, {
      message: 'The library at midnight',
    });

    const res = await send('USR001', 'GET', `/api/yearbooks/${book.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="yearbook-class-of-${book.year}.pdf"`,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const parsed = await new PDFParse({ data: pdf }).getText();
    expect(parsed.total).toBe(3);
    for (const words of [
      'Rising Together',
      'Ubuntu in every step',
      `Class of ${book.year}`,
      'Mwila Chanda',
      'Never give up',
      'Abel Phiri',
      'Best project 2026',
      'Ruth Mwale',
      'Memory Wall',
      'The library at midnight',
    ])
      expect(parsed.text, words).toContain(words);
    expect(parsed.text).not.toContain('Natasha Banda');
    expect(parsed.text).not.toContain('Pending quote');
    // Only the real photo is drawn; the page and the oversized file fall back to initials.
    expect(imagesIn(pdf)).toBe(1);
    expect(parsed.text).toContain('AP');
  });

  it('is not given for a draft to anyone but management', async () => {
    const { send, addYearbook } = kit();
    const draft = await addYearbook();
    expect((await send('USR001', 'GET', `/api/yearbooks/${draft.id}/pdf`)).status).toBe(404);
    const res = await send('DPM001', 'GET', `/api/yearbooks/${draft.id}/pdf`);
    expect(res.status).toBe(200);
    expect((await new PDFParse({ data: Buffer.from(await res.arrayBuffer()) }).getText()).text).toContain(
      'No graduates found',
    );
  });
});

describe('fetching a photo', () => {
  const limits = { ...PHOTO_FETCH_LIMITS, allowPrivateNetwork: false, timeoutMs: 300 };
  const never = new AbortController().signal;

  it('refuses loopback and private addresses unless the deployment allows them, without asking them', async () => {
    asked.length = 0;
    expect(await fetchPhoto(`${base}/photo.png`, limits, never)).toBeNull();
    expect(await fetchPhoto(`http://localhost:${new URL(base).port}/photo.png`, limits, never)).toBeNull();
    expect(await fetchPhoto('http://[::1]/photo.png', limits, never)).toBeNull();
    expect(await fetchPhoto('http://169.254.169.254/latest/meta-data', limits, never)).toBeNull();
    expect(asked).toEqual([]);
    expect(await fetchPhoto(`${base}/photo.png`, { ...limits, allowPrivateNetwork: true }, never)).toEqual(
      PNG,
    );
  });

  it('gives up on a photo that does not answer in time, and on anything but http(s)', async () => {
    const allowed = { ...limits, allowPrivateNetwork: true };
    const started = Date.now();
    expect(await fetchPhoto(`${base}/slow`, allowed, never)).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await fetchPhoto('file:///etc/passwd', allowed, never)).toBeNull();
    expect(await fetchPhoto(`${base}/missing.png`, allowed, never)).toBeNull();
  });
});
