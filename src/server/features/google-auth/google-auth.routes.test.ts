import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { users } from '../../db/schema';
import { startOidcProvider } from '../../testing/oidc-provider';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { EMAIL_IN_USE } from './google-auth.service';

let t: TestContext;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  provider = await startOidcProvider();
  t = await createTestContext({
    google: { clientId: 'chl-backoffice', clientSecret: 'test-secret', issuer: provider.issuer },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const cookieValue = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

/** Walks the browser's path: our start URL, the provider, back to our callback. */
async function googleSignIn(options: { tamperState?: boolean; dropCookie?: boolean } = {}) {
  const start = await t.app.request('/api/auth/google');
  expect(start.status).toBe(302);
  const pending = cookieValue(start, 'chl_oidc');
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('access_type')).toBe('offline');
  expect(authorize.searchParams.get('prompt')).toBe('consent');
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  if (options.tamperState) back.searchParams.set('state', 'forged-state');
  const callback = await t.app.request(`${back.pathname}${back.search}`, {
    headers: options.dropCookie ? {} : { cookie: `chl_oidc=${pending}` },
  });
  return { callback, session: cookieValue(callback, 'chl_session') };
}

async function me(session: string | undefined) {
  const res = await t.app.request('/api/me', { headers: { cookie: `chl_session=${session}` } });
  return { status: res.status, body: (await res.json()) as { user: Record<string, unknown> } };
}

describe('Google sign-in (OpenID Connect, PKCE)', () => {
  it('creates a first-time user with role user and returns to /dashboard', async () => {
    provider.signInAs({
      sub: 'g-new-1',
      email: 'Thandiwe.Ng@gmail.example',
      email_verified: true,
      name: 'Thandiwe Ng',
    });
    const { callback, session } = await googleSignIn();
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    const { status, body } = await me(session);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      name: 'Thandiwe Ng',
      email: 'thandiwe.ng@gmail.example',
      role: 'user',
    });
  });

  it('updates last_login for an existing user and keeps their role', async () => {
    provider.signInAs({
      sub: 'g-new-1',
      email: 'thandiwe.ng@gmail.example',
      email_verified: true,
      name: 'Thandiwe Ng',
    });
    await t.database.db.update(users).set({ role: 'program_officer' }).where(eq(users.authId, 'g-new-1'));
    t.clock.advance(60_000);
    const { session } = await googleSignIn();
    const { body } = await me(session);
    expect(body.user.role).toBe('program_officer');
    expect(body.user.last_login).toBe(t.clock.now().toISOString());
    const rows = await t.database.db.select().from(users).where(eq(users.authId, 'g-new-1'));
    expect(rows).toHaveLength(1);
  });

  it('signs a staff member in to their own account when Google has verified the same email', async () => {
    provider.signInAs({
      sub: 'g-admin',
      email: 'adm001@demo.chl.org.zm',
      email_verified: true,
      name: 'Mutale B',
    });
    const { body } = await me((await googleSignIn()).session);
    expect(body.user).toMatchObject({ staff_id: 'ADM001', role: 'admin' });
  });

  it('does not link an account by an email Google has not verified', async () => {
    provider.signInAs({
      sub: 'g-imposter',
      email: 'dpm001@demo.chl.org.zm',
      email_verified: false,
      name: 'Imposter',
    });
    const { callback, session } = await googleSignIn();
    // The address belongs to DPM001, so no new account can take it either.
    expect(session).toBeUndefined();
    expect(callback.headers.get('location')).toBe(`/login?error=${encodeURIComponent(EMAIL_IN_USE)}`);
  });

  it('refuses an inactive account', async () => {
    provider.signInAs({ sub: 'g-inactive', email: 'gone@gmail.example', email_verified: true, name: 'Gone' });
    await googleSignIn();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.authId, 'g-inactive'));
    const { callback, session } = await googleSignIn();
    expect(session).toBeUndefined();
    expect(callback.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent(AUTH_MESSAGES.inactive)}`,
    );
  });

  it('refuses a forged state and a callback without the pending-login cookie', async () => {
    provider.signInAs({ sub: 'g-x', email: 'x@gmail.example', email_verified: true, name: 'X' });
    const forged = await googleSignIn({ tamperState: true });
    expect(forged.session).toBeUndefined();
    expect(forged.callback.headers.get('location')).toMatch(/^\/login\?error=/);
    const noCookie = await googleSignIn({ dropCookie: true });
    expect(noCookie.session).toBeUndefined();
    expect(noCookie.callback.headers.get('location')).toMatch(/^\/login\?error=/);
  });
});

describe('without Google credentials', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({ google: null });
  });
  afterAll(() => plain.close());

  it('says so in the sign-in config and sends the browser back with the message', async () => {
    const config = await plain.app.request('/api/auth/config');
    expect(await config.json()).toEqual({ googleEnabled: false, demoData: false });
    const start = await plain.app.request('/api/auth/google');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent(AUTH_MESSAGES.googleNotConfigured)}`,
    );
  });
});
