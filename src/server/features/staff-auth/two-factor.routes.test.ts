import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { TWO_FACTOR_MESSAGES as M } from '../../../contracts/two-factor';
import { saveSecurity } from '../../auth/security-settings.testing';
import { createSession } from '../../auth/sessions';
import { base32Decode, totpCode, totpStep } from '../../auth/totp';
import { TWO_FACTOR_KEY_MISSING } from '../../auth/two-factor-key';
import { activities, twoFactorRecoveryCodes, users } from '../../db/schema';
import { json } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/test-app';

/*
 * Two-factor sign-in end to end through the API (docs/product.md D13): enrolment, the login's
 * challenge, codes used once, recovery codes, the challenge's five tries, the system switch and
 * its gate, and Google accounts left alone.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ twoFactorKey: randomBytes(32) });
});
afterAll(() => t.close());

const STEP_MS = 30_000;
let counter = 0;
const freshStaffId = () => `TF${Date.now().toString(36).toUpperCase()}${++counter}`;

type Body = Record<string, unknown> & { error?: string; code?: string };
const post = async (path: string, body?: unknown, token?: string) => {
  const res = await t.request('POST', path, { body, token });
  return { res, status: res.status, body: await json<Body>(res) };
};
const get = async (path: string, token: string) => {
  const res = await t.request('GET', path, { token });
  return { status: res.status, body: await json<Body>(res) };
};
const login = (staffId: string, rememberMe = false) =>
  post('/api/staff-auth/login', { staffId, password: 'Demo#2026', rememberMe });
const codeNow = (secret: string) => totpCode(base32Decode(secret), totpStep(t.clock.now()));
/** The next step's code, the clock moved on to it: a step is accepted once. */
const nextCode = (secret: string) => {
  t.clock.advance(STEP_MS);
  return codeNow(secret);
};
const wrongCodeFor = (secret: string) => (codeNow(secret) === '000000' ? '111111' : '000000');

/** A program officer with two-factor sign-in confirmed: its secret, recovery codes and session. */
async function enrolled() {
  const staffId = freshStaffId();
  const { id } = await t.createUser({ staffId, role: 'program_officer' });
  const token = await t.signIn(staffId);
  const setup = await post('/api/me/two-factor/setup', undefined, token);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const confirm = await post('/api/me/two-factor/confirm', { code: codeNow(secret) }, token);
  expect(confirm.status).toBe(200);
  return { id, staffId, token, secret, recoveryCodes: confirm.body.recovery_codes as string[] };
}

async function challengeFor(staffId: string, rememberMe = false) {
  const { status, body, res } = await login(staffId, rememberMe);
  expect(status).toBe(200);
  expect(body).toEqual({ two_factor_required: true, challenge_token: expect.any(String) });
  expect(res.headers.get('set-cookie')).toBeNull();
  return body.challenge_token as string;
}

const finish = (challenge_token: string, second: { code: string } | { recovery_code: string }) =>
  post('/api/staff-auth/two-factor', { challenge_token, ...second });

describe('setting up an authenticator', () => {
  it('shows a secret, replaces it when asked again, and turns on with a code from the newest', async () => {
    const staffId = freshStaffId();
    const { id } = await t.createUser({ staffId, role: 'program_officer' });
    const token = await t.signIn(staffId);
    expect((await get('/api/me/two-factor', token)).body).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const first = await post('/api/me/two-factor/setup', undefined, token);
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(first.body.otpauth_url as string);
    expect(decodeURIComponent(url.pathname)).toBe(`/CHL Back-office:${staffId}`);
    expect(url.searchParams.get('issuer')).toBe('CHL Back-office');
    expect(url.searchParams.get('secret')).toBe(first.body.secret);

    const second = await post('/api/me/two-factor/setup', undefined, token);
    const secret = second.body.secret as string;
    expect(secret).not.toBe(first.body.secret);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.twoFactorPendingSecret).toMatch(/^v1:/);
    expect(row!.twoFactorPendingSecret).not.toContain(secret);

    const stale = await post(
      '/api/me/two-factor/confirm',
      { code: codeNow(first.body.secret as string) },
      token,
    );
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe(M.wrongCode);
    const wrong = await post('/api/me/two-factor/confirm', { code: wrongCodeFor(secret) }, token);
    expect(wrong.status).toBe(400);
    expect((await get('/api/me/two-factor', token)).body.enabled).toBe(false);

    const confirm = await post('/api/me/two-factor/confirm', { code: codeNow(secret) }, token);
    expect(confirm.status).toBe(200);
    const codes = confirm.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z]{5}-\d{5}$/);
    const stored = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) expect(codes).not.toContain(codeHash);
    expect((await get('/api/me/two-factor', token)).body).toEqual({
      enabled: true,
      enabled_at: t.clock.now().toISOString(),
      recovery_codes_left: 10,
      required: false,
    });
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, id), eq(activities.action, 'account.two_factor_enabled')));
    expect(entry?.summary).toMatch(/turned on two-factor sign-in/);
  });

  it('answers 503 naming TWO_FACTOR_KEY in production without the key', async () => {
    const token = await t.signIn('PO001');
    const { config } = t.deps;
    const saved = { nodeEnv: config.nodeEnv, twoFactorKey: config.twoFactorKey };
    Object.assign(config, { nodeEnv: 'production', twoFactorKey: null });
    try {
      const res = await post('/api/me/two-factor/setup', undefined, token);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe(TWO_FACTOR_KEY_MISSING);
    } finally {
      Object.assign(config, saved);
    }
  });
});

describe('signing in with an authenticator', () => {
  it('gives a challenge and no session for the password, then a session for a new code, never the same code twice', async () => {
    const { staffId, secret } = await enrolled();
    const challenge = await challengeFor(staffId);
    // The code that confirmed the setup is used up.
    const reused = await finish(challenge, { code: codeNow(secret) });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: M.wrongSignInCode, code: 'two_factor_code_wrong' });

    const code = nextCode(secret);
    const signedIn = await finish(challenge, { code });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body).sort()).toEqual(['expires_at', 'session_token', 'user']);
    expect(signedIn.res.headers.get('set-cookie')).toMatch(/chl_session=/);
    expect(signedIn.res.headers.get('set-cookie')).not.toMatch(/Expires=/);
    const me = await get('/api/me', signedIn.body.session_token as string);
    expect(me.body.user).toMatchObject({ staff_id: staffId, must_set_up_two_factor: false });

    // The challenge is spent, and the code cannot open a second sign-in.
    expect((await finish(challenge, { code })).body.code).toBe('two_factor_challenge_ended');
    const again = await finish(await challengeFor(staffId), { code });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(M.wrongSignInCode);
  });

  it('keeps the login\'s "Remember me" through the challenge', async () => {
    const { staffId, secret } = await enrolled();
    const signedIn = await finish(await challengeFor(staffId, true), { code: nextCode(secret) });
    expect(signedIn.status).toBe(200);
    expect(new Date(signedIn.body.expires_at as string).getTime() - t.clock.now().getTime()).toBe(
      30 * 24 * 60 * 60_000,
    );
    expect(signedIn.res.headers.get('set-cookie')).toMatch(/Expires=/);
    // The choice is in the token, under its hash: changing it matches no challenge.
    const token = await challengeFor(staffId, false);
    const forged = await finish(`r.${token.slice(2)}`, { code: nextCode(secret) });
    expect(forged.body.code).toBe('two_factor_challenge_ended');
  });

  it('takes a recovery code once, in any case, and audits the sign-in', async () => {
    const { id, staffId, token, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3]!;
    const signedIn = await finish(await challengeFor(staffId), { recovery_code: code.toUpperCase() });
    expect(signedIn.status).toBe(200);
    const again = await finish(await challengeFor(staffId), { recovery_code: code });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(M.wrongRecoveryCode);
    expect((await get('/api/me/two-factor', token)).body.recovery_codes_left).toBe(9);
    const entries = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, id), eq(activities.action, 'auth.signed_in')));
    expect(entries.map((e) => e.summary)).toContainEqual(expect.stringMatching(/a recovery code \(9 left\)/));
  });

  it('ends the challenge after five wrong codes, each counted towards the lockout', async () => {
    const { staffId, secret } = await enrolled();
    const challenge = await challengeFor(staffId);
    const wrong = wrongCodeFor(secret);
    for (let i = 0; i < 4; i++) {
      const res = await finish(challenge, { code: wrong });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('two_factor_code_wrong');
    }
    const fifth = await finish(challenge, { code: wrong });
    expect(fifth.status).toBe(401);
    expect(fifth.body).toMatchObject({ error: M.challengeEnded, code: 'two_factor_challenge_ended' });
    const late = await finish(challenge, { code: nextCode(secret) });
    expect(late.body.code).toBe('two_factor_challenge_ended');
    // Five failures of the staff ID: locked like five wrong passwords.
    expect((await login(staffId)).status).toBe(429);
  });

  it('refuses every code while the staff ID is locked, even one the challenge would take', async () => {
    const { staffId, secret } = await enrolled();
    const challenge = await challengeFor(staffId);
    await saveSecurity(t, { loginAttempts: 3 });
    try {
      const wrong = wrongCodeFor(secret);
      for (let i = 0; i < 3; i++) expect((await finish(challenge, { code: wrong })).status).toBe(401);
      const locked = await finish(challenge, { code: nextCode(secret) });
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe(AUTH_MESSAGES.lockedOut);
    } finally {
      await saveSecurity(t, { loginAttempts: 5 });
    }
  });

  it('refuses a challenge older than five minutes', async () => {
    const { staffId, secret } = await enrolled();
    const challenge = await challengeFor(staffId);
    t.clock.advance(5 * 60_000);
    expect((await finish(challenge, { code: codeNow(secret) })).body.code).toBe('two_factor_challenge_ended');
  });
});

describe('System Settings require two-factor sign-in', () => {
  it('holds an account without an authenticator at the setup, and lets it through once set up', async () => {
    const staffId = freshStaffId();
    await t.createUser({ staffId, role: 'program_officer' });
    await saveSecurity(t, { twoFactorAuth: true });
    try {
      const signedIn = await login(staffId);
      expect(signedIn.body.user).toMatchObject({ must_set_up_two_factor: true, must_change_password: false });
      const token = signedIn.body.session_token as string;
      const refused = await get('/api/students', token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error: AUTH_MESSAGES.twoFactorSetupRequired,
        code: 'two_factor_setup_required',
      });
      expect(
        (await post('/api/me/password', { current_password: 'x', new_password: 'y' }, token)).status,
      ).toBe(403);
      expect((await get('/api/me', token)).body.user).toMatchObject({ must_set_up_two_factor: true });
      expect((await get('/api/settings/public', token)).status).toBe(200);
      expect((await get('/api/me/two-factor', token)).body.required).toBe(true);

      const setup = await post('/api/me/two-factor/setup', undefined, token);
      expect(setup.status).toBe(200);
      const secret = setup.body.secret as string;
      expect((await post('/api/me/two-factor/confirm', { code: codeNow(secret) }, token)).status).toBe(200);
      expect((await get('/api/students', token)).status).toBe(200);
      expect((await get('/api/me', token)).body.user).toMatchObject({ must_set_up_two_factor: false });

      const disable = await post('/api/me/two-factor/disable', { password: 'Demo#2026' }, token);
      expect(disable.status).toBe(409);
      expect(disable.body.error).toBe(M.cannotDisable);
    } finally {
      await saveSecurity(t, { twoFactorAuth: false });
    }
  });

  it('turns off again with the password once the setting is off; the next login has no challenge', async () => {
    const { id, staffId, token } = await enrolled();
    const wrong = await post('/api/me/two-factor/disable', { password: 'Not#ThePassword1' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(M.wrongPassword);
    const off = await post('/api/me/two-factor/disable', { password: 'Demo#2026' }, token);
    expect(off.status).toBe(200);
    expect((await get('/api/me/two-factor', token)).body).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    const { body } = await login(staffId);
    expect(body.session_token).toEqual(expect.any(String));
    const left = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, id));
    expect(left).toHaveLength(0);
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, id), eq(activities.action, 'account.two_factor_disabled')));
    expect(entry).toBeDefined();
  });

  it('never asks a Google account for a code or a setup', async () => {
    const [{ id }] = (await t.database.db
      .insert(users)
      .values({
        email: `google-${++counter}@gmail.example`,
        name: 'Google Officer',
        role: 'program_officer',
        authId: `google-sub-${counter}`,
        emailVerifiedAt: t.clock.now(),
      })
      .returning({ id: users.id })) as [{ id: string }];
    await saveSecurity(t, { twoFactorAuth: true });
    try {
      const { token } = await createSession(t.deps, id, false);
      expect((await get('/api/students', token)).status).toBe(200);
      expect((await get('/api/me', token)).body.user).toMatchObject({
        must_set_up_two_factor: false,
        must_change_password: false,
      });
      const setup = await post('/api/me/two-factor/setup', undefined, token);
      expect(setup.status).toBe(409);
      expect(setup.body.error).toBe(M.googleOnly);
    } finally {
      await saveSecurity(t, { twoFactorAuth: false });
    }
  });
});
