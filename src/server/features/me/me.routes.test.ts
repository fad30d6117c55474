import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/session', () => {
  it('answers 200 with no user when nobody is signed in, so a signed-out page load logs no error', async () => {
    const res = await t.request('GET', '/api/session');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ user: null });
  });

  it('answers 200 with no user for a token that is not a session', async () => {
    const res = await t.request('GET', '/api/session', { token: 'forged-token' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
  });

  it('answers the signed-in user as GET /api/me does', async () => {
    const token = await t.signIn('PO001');
    const session = await (await t.request('GET', '/api/session', { token })).json();
    const me = await (await t.request('GET', '/api/me', { token })).json();
    expect(session.user.role).toBe('program_officer');
    expect(session).toEqual(me);
  });

  it('leaves GET /api/me answering 401 to a signed-out script', async () => {
    expect((await t.request('GET', '/api/me')).status).toBe(401);
  });
});
