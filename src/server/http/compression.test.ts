import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { COMPRESS_FROM_BYTES, chooseEncoding, compression } from './compression';

const BROWSER = 'gzip, deflate, br, zstd';

/** The body as the client sees it once Content-Encoding is undone. */
async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding) throw new Error(`unexpected Content-Encoding ${encoding}`);
  return bytes.toString('utf8');
}

describe('chooseEncoding', () => {
  it('prefers brotli, takes gzip when that is what the client prefers or accepts', () => {
    expect(chooseEncoding(BROWSER)).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
  });

  it('compresses nothing for a client that accepts neither', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*;q=0')).toBeNull();
  });
});

describe('compression of answers', () => {
  const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Student ${i}`, school: 'Kabulonga' }));
  const app = new Hono();
  app.use('*', compression());
  app.get('/list', (c) => c.json({ items: rows, total: rows.length }));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/attachment', (c) =>
    c.json({ items: rows }, 200, { 'Content-Disposition': 'attachment; filename="rows.json"' }),
  );
  app.get('/stream', (c) =>
    c.body(
      Readable.toWeb(Readable.from([Buffer.from(`data: ${JSON.stringify(rows)}\n\n`)])) as ReadableStream,
      200,
      {
        'Content-Type': 'text/event-stream',
      },
    ),
  );
  app.get('/no-transform', (c) => c.json({ items: rows }, 200, { 'Cache-Control': 'no-transform' }));
  app.get('/tagged', (c) => c.json({ items: rows }, 200, { ETag: '"v1"' }));
  app.get('/empty', (c) => c.body(null, 204));
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    app.request(path, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('compresses a large JSON answer into one that decodes to the same JSON', async () => {
    for (const [accept, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/list', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      const length = Number(res.headers.get('content-length'));
      const text = await decoded(res.clone());
      expect(JSON.parse(text)).toEqual({ items: rows, total: rows.length });
      expect(length).toBe((await res.arrayBuffer()).byteLength);
      expect(length).toBeLessThan(text.length / 4);
    }
  });

  it('sends the answer as it is to a client that accepts no compression', async () => {
    const res = await get('/list');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(await res.text())).toEqual({ items: rows, total: rows.length });
  });

  it(`leaves an answer under ${COMPRESS_FROM_BYTES} bytes as it is`, async () => {
    const res = await get('/small', BROWSER);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it('never compresses a download, a stream, or an answer that forbids transformation', async () => {
    for (const path of ['/attachment', '/stream', '/no-transform']) {
      const res = await get(path, BROWSER);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), path).toBeNull();
      expect((await res.text()).length, path).toBeGreaterThan(COMPRESS_FROM_BYTES);
    }
  });

  it('weakens a strong ETag, since the bytes are no longer the ones it names', async () => {
    const res = await get('/tagged', BROWSER);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('etag')).toBe('W/"v1"');
  });

  it('leaves HEAD and empty answers alone', async () => {
    expect((await get('/list', BROWSER, 'HEAD')).headers.get('content-encoding')).toBeNull();
    const empty = await get('/empty', BROWSER);
    expect(empty.status).toBe(204);
    expect(empty.headers.get('content-encoding')).toBeNull();
  });
});

describe('compression in the app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('compresses the OpenAPI document and leaves small answers as they are', async () => {
    const doc = await t.request('GET', '/api/openapi.json', { headers: { 'accept-encoding': BROWSER } });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-encoding')).toBe('br');
    expect(doc.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(await decoded(doc))).toMatchObject({ openapi: '3.1.0' });

    const health = await t.request('GET', '/api/health', { headers: { 'accept-encoding': BROWSER } });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull();
    await health.json();
  });

  it('sends a CSV export exactly as written', async () => {
    const token = await t.signIn('ADM001');
    const res = await t.request('GET', '/api/audit/export.csv', {
      token,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toMatch(/^\uFEFF?[^\n]*,/);
  });

  it('compresses the API docs script', async () => {
    const res = await t.request('GET', '/api/docs/assets/swagger-ui-bundle.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await decoded(res)).toMatch(/SwaggerUIBundle/);
  });
});
