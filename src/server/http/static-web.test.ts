import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { mountWebApp } from './static-web';

// A build laid out as `vite build` writes it: text files with their .br and .gz copies beside them,
// one file without a .br (the build writes none when brotli would not make it smaller).
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const STYLES = `body { color: #0f172a; }\n${'.x { margin: 0 }\n'.repeat(100)}`;
const INDEX = `<!doctype html><html><head><title>CHL Back-office</title></head><body><div id="root"></div>${' '.repeat(500)}</body></html>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
/** The service worker the build generates (scripts/vite-app-worker.mjs), with no hash in its name. */
const WORKER = `self.addEventListener('fetch', () => {});\n${'// precache list\n'.repeat(50)}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let webDir: string;
let app: Hono<AppEnv>;

function writeWithCopies(file: string, text: string, copies: { br?: boolean; gz?: boolean } = {}) {
  const full = path.join(webDir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  if (copies.br !== false) writeFileSync(`${full}.br`, brotliCompressSync(Buffer.from(text)));
  if (copies.gz !== false) writeFileSync(`${full}.gz`, gzipSync(Buffer.from(text)));
}

beforeAll(() => {
  webDir = mkdtempSync(path.join(tmpdir(), 'static-web-'));
  writeWithCopies('index.html', INDEX);
  writeWithCopies('assets/app-1a2b3c.js', SCRIPT);
  writeWithCopies('assets/app-1a2b3c.css', STYLES, { br: false });
  writeWithCopies('favicon.svg', ICON, { br: false, gz: false });
  writeWithCopies('sw.js', WORKER);
  mkdirSync(path.join(webDir, 'icons'));
  writeFileSync(path.join(webDir, 'icons/app-192.png'), PNG);
  writeWithCopies('.vite/manifest.json', '{"index.html":{"file":"assets/app-1a2b3c.js"}}');
  app = new Hono<AppEnv>();
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  mountWebApp(app, webDir);
});
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string, method = 'GET') =>
  app.request(url, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

/** The body as the browser would see it after undoing Content-Encoding. */
async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe('the built web app', () => {
  it('sends the brotli copy to a browser that accepts brotli, cached for a year', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.clone().arrayBuffer());
    expect(body.length).toBeLessThan(SCRIPT.length);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(await decoded(res)).toBe(SCRIPT);
  });

  it('sends the gzip copy when gzip is all the browser accepts', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await decoded(res)).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no compression, still naming Vary', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/app-1a2b3c.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(SCRIPT);
    }
  });

  it('falls back to the gzip copy, then to the file itself, when a copy is missing', async () => {
    const css = await get('/assets/app-1a2b3c.css', 'br, gzip');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await decoded(css)).toBe(STYLES);

    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-encoding')).toBeNull();
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(await icon.text()).toBe(ICON);
  });

  it('answers HEAD with the headers of the copy it would send', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'br', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBe(brotliCompressSync(Buffer.from(SCRIPT)).length);
  });

  it('answers a client route with index.html, compressed and revalidated each time', async () => {
    for (const route of ['/', '/dashboard', '/students/123', '/login?next=%2Fdashboard']) {
      const res = await get(route, 'gzip, deflate, br');
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await decoded(res)).toBe(INDEX);
    }
    const plain = await get('/dashboard');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(INDEX);
  });

  it('serves the service worker itself, as JavaScript, revalidated on every update check', async () => {
    const res = await get('/sw.js', 'br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    // A browser checks a worker past its own HTTP cache anyway; a proxy between must not keep an
    // old one either, or phones would never hear of a new version.
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await decoded(res)).toBe(WORKER);

    const icon = await get('/icons/app-192.png', 'br');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(PNG);
  });

  it("keeps the build's own records to itself: those paths get index.html", async () => {
    const res = await get('/.vite/manifest.json', 'br');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await decoded(res)).toBe(INDEX);
  });

  it('leaves the API and its 404s alone', async () => {
    const res = await get('/api/no-such-thing', 'br, gzip');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('says so, without failing, when the app is not built', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'static-web-empty-'));
    try {
      const bare = new Hono<AppEnv>();
      mountWebApp(bare, empty);
      const res = await bare.request('/dashboard', { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/not built yet/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
