import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { DATABASE_UNAVAILABLE } from './http/errors';
import { NUL_IN_TEXT } from './http/json-guard';
import { createLogger } from './http/logger';
import { createTestContext, type TestContext } from './testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('every response', () => {
  it('carries the security headers, with a CSP that allows no inline script', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The app's service worker and manifest: from its own origin only.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('keeps API answers out of every cache, errors included; the docs assets keep their own rule', async () => {
    const token = await t.signIn('ADM001');
    const answers = [
      await t.request('GET', '/api/health'),
      await t.request('GET', '/api/students', { token }),
      await t.request('GET', '/api/students'),
      await t.request('GET', '/api/no/such/thing'),
      await t.request('POST', '/api/staff-auth/login', { body: { staffId: 'ADM001', password: 'wrong' } }),
      await t.request('POST', '/api/staff-auth/login', { body: { staffId: 'a\u0000' } }),
      await t.app.request('/api/staff-auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(2 * 1024 * 1024),
      }),
    ];
    for (const res of answers) expect(res.headers.get('cache-control'), res.url).toBe('no-store');
    expect((await t.request('GET', '/api/docs/assets/swagger-ui.css')).headers.get('cache-control')).toBe(
      'public, max-age=86400',
    );
  });

  it('answers unknown API paths with JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.request(method, '/api/no/such/thing');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
  });
});

describe('text with the NUL character (PostgreSQL text cannot hold it)', () => {
  it('is refused with a clear 400 in a JSON body or a query string, and nothing is written', async () => {
    const token = await t.signIn('ADM001');
    const created = await t.request('POST', '/api/students', {
      token,
      body: { first_name: 'Nul\u0000Student', last_name: 'Banda', program_level: 'university' },
    });
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({ error: NUL_IN_TEXT });
    // In a nested value and in a key, too.
    const nested = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'ADM001', password: 'x', extra: [{ 'k\u0000': 1 }] },
    });
    expect(nested.status).toBe(400);
    for (const path of [
      '/api/students?q=a%00b',
      '/api/allowances?q=%00',
      '/api/allowances/export.csv?q=x%00',
    ]) {
      const res = await t.request('GET', path, { token });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: NUL_IN_TEXT });
    }
    const list = await t.request('GET', '/api/students?q=Nul', { token });
    expect((await list.json()).total).toBe(0);
  });

  it('leaves malformed JSON to the route, as before', async () => {
    const res = await t.app.request('/api/staff-auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"staffId": "\u0000',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'The request body is not valid JSON' });
  });
});

describe('request logs', () => {
  it('never contain passwords, tokens or query strings', async () => {
    const lines: string[] = [];
    const app = createApp({
      ...t.deps,
      config: { ...t.deps.config, logRequests: true },
      logger: createLogger((l) => lines.push(l)),
    });
    const login = await app.request('/api/staff-auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ staffId: 'ADM001', password: 'Demo#2026' }),
    });
    const { session_token } = (await login.json()) as { session_token: string };
    await app.request('/api/me?token=secret-in-query', {
      headers: { authorization: `Bearer ${session_token}` },
    });
    await app.request('/api/staff-auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'reset-token-value', newPassword: 'NewPass#1' }),
    });
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const secret of ['Demo#2026', session_token, 'secret-in-query', 'reset-token-value', 'NewPass#1']) {
      expect(log).not.toContain(secret);
    }
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'request',
      method: 'POST',
      path: '/api/staff-auth/login',
      status: 200,
    });
  });
});

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('while the database is not answering', () => {
  it('lists and sign-in answer 503 with a message, and the log says why without a 500', async () => {
    const lines: string[] = [];
    const unreachable = openDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, 1);
    const closed = openDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, 1);
    await closed.close();
    try {
      for (const handle of [unreachable, closed]) {
        const app = createApp({ ...t.deps, db: handle.db, logger: createLogger((l) => lines.push(l)) });
        for (const [path, init] of [
          ['/api/students', { headers: { authorization: 'Bearer some-session-token' } }],
          ['/api/allowances', { headers: { cookie: 'chl_session=some-session-token' } }],
          [
            '/api/staff-auth/login',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ staffId: 'ADM001', password: 'Demo#2026' }),
            },
          ],
        ] as const) {
          const res = await app.request(path, init);
          expect(res.status, path).toBe(503);
          expect(await res.json()).toEqual({ error: DATABASE_UNAVAILABLE });
        }
      }
    } finally {
      await unreachable.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ level: 'warn', msg: 'database not answering' });
  });
});

describe('a failure at the database', () => {
  it('is logged without the query parameters: no password hash, no personal details', async () => {
    // Every insert into users fails at PostgreSQL, after the hash and the person's details are sent.
    await t.deps.db.execute(sql`
      create function refuse_users() returns trigger language plpgsql as
        $$ begin raise exception 'refused for the test' using errcode = 'XX001'; end $$;
      create trigger refuse_users before insert on users for each row execute function refuse_users();`);
    const lines: string[] = [];
    try {
      const app = createApp({ ...t.deps, logger: createLogger((l) => lines.push(l)) });
      const res = await app.request('/api/staff-auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          staffId: 'LOG001',
          email: 'mwila.private@example.org',
          password: 'Secret#Pass2026',
          name: 'Mwila Privatename',
          role: 'user',
          department: 'Finance',
        }),
      });
      expect(res.status).toBe(500);
    } finally {
      await t.deps.db.execute(sql`drop trigger refuse_users on users; drop function refuse_users();`);
    }
    const log = lines.join('\n');
    expect(lines).toHaveLength(1);
    for (const secret of ['$argon2', 'Secret#Pass2026', 'mwila.private', 'Privatename', 'LOG001', 'params']) {
      expect(log).not.toContain(secret);
    }
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      msg: 'unhandled error',
      path: '/api/staff-auth/register',
      error: 'refused for the test',
      code: 'XX001',
    });
    expect(JSON.parse(lines[0]!).stack).toMatch(/^ {4}at /);
  });
});

describe('API description', () => {
  it('serves an OpenAPI document built from the contracts, and a docs page without inline script', async () => {
    const doc = (await (await t.request('GET', '/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/staff-auth/login', '/api/staff-auth/register', '/api/me', '/api/health']),
    );
    const page = await (await t.request('GET', '/api/docs')).text();
    expect(page).toContain('/api/docs/init.js');
    expect(page).not.toMatch(/<script>(?!<\/script>)/);
    expect((await t.request('GET', '/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
    expect((await t.request('GET', '/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});
