import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { COMPRESS_FROM_BYTES, chooseEncoding, compressedAnswers } from './compression';

const BROWSER = 'gzip, deflate, br, zstd';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the socket. */
  raw: Buffer;
  /** The body once Content-Encoding is undone. */
  text: string;
}

/** Over a real socket, as the server writes it: compression is the HTTP server's part. */
async function served(fetch: (request: Request) => Response | Promise<Response>) {
  const server: ServerType = serve({
    fetch,
    port: 0,
    hostname: '127.0.0.1',
    serverOptions: compressedAnswers,
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text =
            encoding === 'br'
              ? brotliDecompressSync(raw).toString('utf8')
              : encoding === 'gzip'
                ? gunzipSync(raw).toString('utf8')
                : raw.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
        });
      });
      req.on('error', reject);
      req.end();
    });
  return { get, close: () => new Promise((resolve) => server.close(resolve)) };
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
  app.use('*', async (c, next) => {
    await next();
    // In place, as the app's own header middleware does (c.header would turn the body into a stream).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.get('/list', (c) => c.json({ items: rows, total: rows.length }));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/attachment', (c) =>
    c.json({ items: rows }, 200, { 'Content-Disposition': 'attachment; filename="rows.json"' }),
  );
  app.get('/stream', (c) =>
    c.body(
      Readable.toWeb(Readable.from([Buffer.from(`data: ${JSON.stringify(rows)}\n\n`)])) as ReadableStream,
      200,
      { 'Content-Type': 'text/event-stream' },
    ),
  );
  app.get('/json-stream', (c) =>
    c.body(
      Readable.toWeb(
        Readable.from([Buffer.from('{"items":'), Buffer.from(`${JSON.stringify(rows)}}`)]),
      ) as ReadableStream,
      200,
      { 'Content-Type': 'application/json' },
    ),
  );
  app.get('/no-transform', (c) => c.json({ items: rows }, 200, { 'Cache-Control': 'no-transform' }));
  app.get('/tagged', (c) => c.json({ items: rows }, 200, { ETag: '"v1"' }));
  app.get('/varied', (c) => c.json({ items: rows }, 200, { Vary: 'Cookie' }));
  app.get('/empty', (c) => c.body(null, 204));
  let server: Awaited<ReturnType<typeof served>>;
  beforeAll(async () => {
    server = await served(app.fetch);
  });
  afterAll(() => server.close());
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    server.get(path, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, method);

  it('compresses a large JSON answer into one that decodes to the same JSON', async () => {
    for (const [accept, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/list', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(res.text)).toEqual({ items: rows, total: rows.length });
      expect(Number(res.headers['content-length'])).toBe(res.raw.byteLength);
      expect(res.raw.byteLength).toBeLessThan(res.text.length / 4);
    }
  });

  it('sends the answer as it is to a client that accepts no compression', async () => {
    const res = await get('/list');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.raw.byteLength);
    expect(JSON.parse(res.text)).toEqual({ items: rows, total: rows.length });
  });

  it(`leaves an answer under ${COMPRESS_FROM_BYTES} bytes as it is`, async () => {
    const res = await get('/small', BROWSER);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.text)).toEqual({ ok: true });
  });

  it('never compresses a download, a stream, or an answer that forbids transformation', async () => {
    for (const path of ['/attachment', '/stream', '/json-stream', '/no-transform']) {
      const res = await get(path, BROWSER);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.text.length, path).toBeGreaterThan(COMPRESS_FROM_BYTES);
    }
    expect(JSON.parse((await get('/json-stream', BROWSER)).text)).toEqual({ items: rows });
  });

  it('weakens a strong ETag, since the bytes are no longer the ones it names', async () => {
    const res = await get('/tagged', BROWSER);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBe('W/"v1"');
  });

  it("adds Accept-Encoding to the answer's own Vary", async () => {
    const res = await get('/varied', BROWSER);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
  });

  it('leaves HEAD and empty answers alone', async () => {
    expect((await get('/list', BROWSER, 'HEAD')).headers['content-encoding']).toBeUndefined();
    const empty = await get('/empty', BROWSER);
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });
});

describe('compression in the app', () => {
  let t: TestContext;
  let server: Awaited<ReturnType<typeof served>>;
  beforeAll(async () => {
    t = await createTestContext();
    server = await served(t.app.fetch);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('compresses the OpenAPI document and leaves small answers as they are', async () => {
    const doc = await server.get('/api/openapi.json', { 'accept-encoding': BROWSER });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(doc.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(doc.text)).toMatchObject({ openapi: '3.1.0' });

    const health = await server.get('/api/health', { 'accept-encoding': BROWSER });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok' });
  });

  it('sends a CSV export exactly as written', async () => {
    const token = await t.signIn('ADM001');
    const res = await server.get('/api/audit/export.csv', {
      authorization: `Bearer ${token}`,
      'accept-encoding': BROWSER,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toMatch(/^\uFEFF?[^\n]*,/);
  });

  it('compresses the API docs script', async () => {
    const res = await server.get('/api/docs/assets/swagger-ui-bundle.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.text).toMatch(/SwaggerUIBundle/);
  });
});
