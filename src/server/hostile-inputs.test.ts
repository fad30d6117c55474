import { describe, expect, it } from 'vitest';
import { NESTED_TOO_DEEPLY, NUL_IN_TEXT } from './http/json-guard';
import { fileTestContext } from './testing/test-file';

// Hostile requests to real routes: whatever comes in, the answer is a clear 4xx with a message the
// screen can show, never a 500, and nothing is written.

const { t, tokens } = fileTestContext({ signIn: ['ADM001'] });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** JSON routes, signed out and signed in, that take a body. */
const JSON_ROUTES: Array<{ method: string; path: string; signedIn: boolean }> = [
  { method: 'POST', path: '/api/staff-auth/login', signedIn: false },
  { method: 'POST', path: '/api/staff-auth/register', signedIn: false },
  { method: 'POST', path: '/api/staff-auth/verify-session', signedIn: false },
  { method: 'POST', path: '/api/staff-auth/logout', signedIn: false },
  { method: 'POST', path: '/api/students', signedIn: true },
  { method: 'PATCH', path: `/api/students/${UNKNOWN_ID}`, signedIn: true },
  { method: 'POST', path: '/api/allowances', signedIn: true },
  { method: 'POST', path: `/api/allowances/${UNKNOWN_ID}/pay`, signedIn: true },
  { method: 'POST', path: '/api/forms', signedIn: true },
  { method: 'PUT', path: `/api/forms/${UNKNOWN_ID}`, signedIn: true },
  { method: 'POST', path: `/api/forms/${UNKNOWN_ID}/review`, signedIn: true },
  { method: 'POST', path: '/api/announcements', signedIn: true },
  { method: 'PUT', path: `/api/announcements/${UNKNOWN_ID}`, signedIn: true },
  { method: 'POST', path: '/api/events', signedIn: true },
  { method: 'PUT', path: `/api/events/${UNKNOWN_ID}`, signedIn: true },
  { method: 'POST', path: '/api/library', signedIn: true },
  { method: 'PUT', path: `/api/library/${UNKNOWN_ID}/rating`, signedIn: true },
];

const JSON_CONTENT_TYPES = [
  'application/json',
  'Application/JSON',
  'application/json; charset=UTF-8',
  'APPLICATION/JSON;CHARSET=utf-8',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/json',
  'text/plain',
  'application/x-unknown',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

function send(
  route: { method: string; path: string; signedIn?: boolean },
  body: BodyInit | undefined,
  contentType?: string,
) {
  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  if (route.signedIn) headers.authorization = `Bearer ${tokens.ADM001}`;
  return t.app.request(route.path, { method: route.method, headers, body });
}

/** A refusal the user can read: 4xx, JSON, with a message. */
async function expectClearRefusal(res: Response, label: string): Promise<string> {
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  const body = (await res.json()) as { error?: unknown };
  expect(typeof body.error, label).toBe('string');
  return body.error as string;
}

/** No 500: an ordinary answer (signing out without a session is fine), or a readable refusal. */
async function expectNoServerError(res: Response, label: string): Promise<void> {
  expect(res.status, label).toBeLessThan(500);
  if (res.status >= 400) await expectClearRefusal(res, label);
}

const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

async function studentCount(): Promise<number> {
  const res = await send({ method: 'GET', path: '/api/students', signedIn: true }, undefined);
  return ((await res.json()) as { total: number }).total;
}

describe('deeply nested JSON', () => {
  it('is refused with a clear 400 on every JSON route, signed out too, at 1,000 and 20,000 levels', async () => {
    for (const levels of [1_000, 20_000]) {
      for (const [shape, text] of [
        ['arrays', nestedArrays(levels)],
        ['objects', nestedObjects(levels)],
        ['in a field', `{"staffId":"ADM001","password":"x","extra":${nestedArrays(levels)}}`],
      ] as const) {
        for (const route of JSON_ROUTES) {
          const label = `${route.method} ${route.path} ${shape} ${levels}`;
          const res = await send(route, text, 'application/json');
          expect(await expectClearRefusal(res, label), label).toBe(NESTED_TOO_DEEPLY);
        }
      }
    }
  });

  it('still lets ordinary nesting through', async () => {
    const res = await send(
      { method: 'POST', path: '/api/staff-auth/login' },
      JSON.stringify({ staffId: 'ADM001', password: 'Demo#2026', extra: [[[{ a: [1] }]]] }),
      'application/json',
    );
    expect(res.status).toBe(200);
  });
});

describe('the NUL character', () => {
  it('is refused in values and keys under every content type a route may parse as JSON', async () => {
    const before = await studentCount();
    const bodies = [
      '{"staffId":"ADM\\u0000","password":"x","email":"a\\u0000@b.example","first_name":"N\\u0000l"}',
      '{"staffId":"ADM001","password":"x","k\\u0000":1}',
      '{"first_name":"Ok","last_name":"Banda","notes":["deep",{"x":"\\u0000"}]}',
    ];
    for (const contentType of JSON_CONTENT_TYPES) {
      for (const route of JSON_ROUTES) {
        for (const body of bodies) {
          const label = `${route.method} ${route.path} ${contentType} ${body}`;
          expect(await expectClearRefusal(await send(route, body, contentType), label), label).toBe(
            NUL_IN_TEXT,
          );
        }
      }
    }
    expect(await studentCount()).toBe(before);
  });

  it('is refused in the query string of lists and exports', async () => {
    for (const path of [
      '/api/students?q=%00',
      '/api/allowances?status=%00',
      '/api/students/export.csv?q=a%00',
    ]) {
      const res = await send({ method: 'GET', path, signedIn: true }, undefined);
      expect(await expectClearRefusal(res, path)).toBe(NUL_IN_TEXT);
    }
  });
});

describe('odd bodies', () => {
  it('answer no 500 for any content type and shape, on every JSON route', async () => {
    const bodies: Array<[string, BodyInit]> = [
      ['empty', ''],
      ['malformed', '{"staffId":'],
      ['a number', '1e400'],
      ['huge numbers', '{"staffId":1e400,"password":-1e400,"amount":1e400,"page":1e400}'],
      ['__proto__', '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}'],
      ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])],
      ['a string', '"just text"'],
      ['null', 'null'],
      ['a long string', JSON.stringify({ staffId: 'x'.repeat(900_000), password: 'y' })],
    ];
    for (const contentType of [...JSON_CONTENT_TYPES, undefined]) {
      for (const route of JSON_ROUTES) {
        for (const [name, body] of bodies) {
          await expectNoServerError(
            await send(route, body, contentType),
            `${route.path} ${contentType} ${name}`,
          );
        }
      }
    }
  });

  it('sent as something other than JSON are told to send JSON', async () => {
    const res = await send(
      { method: 'POST', path: '/api/staff-auth/login' },
      'staffId=ADM001&password=x',
      'text/plain',
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: 'Send the request body as JSON (Content-Type: application/json).',
    });
  });

  it('do not let __proto__ choose a role at registration', async () => {
    const res = await send(
      { method: 'POST', path: '/api/staff-auth/register' },
      '{"staffId":"PROTO1","email":"proto1@test.example","password":"Sound#Pass2026","name":"Proto One","role":"user","__proto__":{"role":"admin"}}',
      'application/json',
    );
    expect(res.status).toBeLessThan(500);
    const created = await t.database.pool.query<{ role: string }>(
      `select role from users where staff_id = 'PROTO1'`,
    );
    for (const row of created.rows) expect(row.role).not.toBe('admin');
  });

  it('over the size limits answer 413 with a message', async () => {
    const big = JSON.stringify({ staffId: 'x'.repeat(1_100_000), password: 'y' });
    for (const route of JSON_ROUTES) {
      const res = await send(route, big, 'application/json');
      expect(res.status, route.path).toBe(413);
      expect(await expectClearRefusal(res, route.path)).toMatch(/too large/);
    }
  });
});

describe('odd query strings', () => {
  it('answer a clear 4xx or an ordinary list, never a 500', async () => {
    for (const query of [
      'page=1e400',
      'page=-1',
      'page=99999999999999999999',
      'limit=NaN',
      'q=%E0%A4%A',
      'q=%FF%FE',
      `q=${'a'.repeat(5000)}`,
      'sort=__proto__',
      '__proto__[x]=1',
      'status=constructor',
    ]) {
      for (const path of ['/api/students', '/api/allowances', '/api/students/export.csv']) {
        const res = await send({ method: 'GET', path: `${path}?${query}`, signedIn: true }, undefined);
        await expectNoServerError(res, `${path}?${query}`);
      }
    }
  });
});
