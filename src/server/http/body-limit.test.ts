import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { tooLargeMessage } from './body-limit';

// Over a real socket: the refusal must reach a client that sends its whole body before it reads
// the answer (as Python's http.client and many scripts do), instead of a connection cut under it.

let t: TestContext;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const BOUNDARY = 'hostile-boundary';

function multipartFile(bytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.alloc(bytes, 'a'),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Outcome {
  status?: number;
  body?: string;
  errors: string[];
}

/** Sends the body in one piece and reads nothing until it has all been written. */
function post(
  path: string,
  body: Buffer,
  options: { chunked: boolean; contentType: string },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { errors: [] };
    const headers: Record<string, string | number> = { 'content-type': options.contentType };
    if (!options.chunked) headers['content-length'] = body.length;
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, headers, agent: false },
      (res) => {
        outcome.status = res.statusCode;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          outcome.body = text;
        });
      },
    );
    req.on('socket', (socket) => socket.pause());
    req.on('error', (error: NodeJS.ErrnoException) => outcome.errors.push(error.code ?? error.message));
    req.on('close', () => resolve(outcome));
    req.end(body, () => req.socket?.resume());
  });
}

describe('a body over the limit, over a real socket', () => {
  const uploadTooLarge = JSON.stringify({ error: tooLargeMessage(10 * 1024 * 1024) });

  for (const chunked of [false, true]) {
    it(`answers 413 with the message to a 12 MB upload (${chunked ? 'chunked' : 'Content-Length'}), no EPIPE`, async () => {
      for (const path of ['/api/students/import', '/api/allowances/bulk']) {
        const outcome = await post(path, multipartFile(12 * 1024 * 1024), {
          chunked,
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        });
        expect(outcome, path).toEqual({ status: 413, body: uploadTooLarge, errors: [] });
      }
    });

    it(`answers 413 to a 3 MB JSON body (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      const body = Buffer.from(JSON.stringify({ staffId: 'x'.repeat(3 * 1024 * 1024), password: 'y' }));
      const outcome = await post('/api/staff-auth/login', body, { chunked, contentType: 'application/json' });
      expect(outcome).toEqual({
        status: 413,
        body: JSON.stringify({ error: tooLargeMessage(1024 * 1024) }),
        errors: [],
      });
    });
  }

  it('lets a chunked body under the limit through to the route', async () => {
    const body = Buffer.from(JSON.stringify({ staffId: 'ADM001', password: 'Demo#2026' }));
    const outcome = await post('/api/staff-auth/login', body, {
      chunked: true,
      contentType: 'application/json',
    });
    expect(outcome.status).toBe(200);
    expect(JSON.parse(outcome.body!)).toHaveProperty('session_token');
  });
});
