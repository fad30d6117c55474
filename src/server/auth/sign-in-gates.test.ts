import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contracts/auth';
import { USER_MESSAGES } from '../../domain/users';
import { sessions, users } from '../db/schema';
import { json } from '../testing/factories';
import { createTestContext, type TestContext, tokenInMail } from '../testing/test-app';
import { putSecurity, saveSecurity } from './security-settings.testing';
import { createSession, purgeDeadSessions } from './sessions';
import { sessionSecurityOf } from './sign-in-gates';

/*
 * System Settings' security in force at the next request, without a restart (docs/product.md
 * D13): password expiry holds an account at "set a new password", and the idle timeout ends
 * sessions, each read from the settings as they are now.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const MINUTE = 60_000;
let counter = 0;
const freshStaffId = () => `G${Date.now().toString(36).toUpperCase()}${++counter}`;

type Body = Record<string, unknown> & { user?: Record<string, unknown>; error?: string; code?: string };
const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const res = await t.request(method, path, { token, body });
  return { status: res.status, body: await json<Body>(res) };
};

/** A program officer whose password was set `age` ms ago, signed in. */
async function officerWithPasswordAged(age: number) {
  const staffId = freshStaffId();
  const user = await t.createUser({
    staffId,
    role: 'program_officer',
    passwordChangedAt: new Date(t.clock.now().getTime() - age),
  });
  const login = await call('POST', '/api/staff-auth/login', undefined, { staffId, password: 'Demo#2026' });
  expect(login.status).toBe(200);
  return { ...user, token: login.body.session_token as string, login: login.body };
}

describe('password expiry', () => {
  it('holds an expired password at "set a new password" until POST /api/me/password', async () => {
    const { id, token, login } = await officerWithPasswordAged(91 * DAY);
    expect(login.user).toMatchObject({ must_change_password: true, must_set_up_two_factor: false });

    const refused = await call('GET', '/api/students', token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: AUTH_MESSAGES.passwordExpired, code: 'password_expired' });
    expect((await call('GET', '/api/me/profile', token)).status).toBe(403);
    expect((await call('POST', '/api/me/two-factor/setup', token)).status).toBe(403);
    expect((await call('GET', '/api/me', token)).body.user).toMatchObject({ must_change_password: true });
    expect((await call('GET', '/api/session', token)).body.user).toMatchObject({
      must_change_password: true,
    });
    expect((await call('GET', '/api/settings/public', token)).status).toBe(200);
    expect((await call('POST', '/api/staff-auth/verify-session', token)).status).toBe(200);

    const same = await call('POST', '/api/me/password', token, {
      current_password: 'Demo#2026',
      new_password: 'Demo#2026',
    });
    expect(same.status).toBe(400);
    expect(same.body.error).toBe(USER_MESSAGES.samePassword);

    const changed = await call('POST', '/api/me/password', token, {
      current_password: 'Demo#2026',
      new_password: 'Secret#Pass1',
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/me', token)).body.user).toMatchObject({ must_change_password: false });
    expect((await call('GET', '/api/students', token)).status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordChangedAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('expires on the day the policy says, not before', async () => {
    expect((await call('GET', '/api/students', (await officerWithPasswordAged(90 * DAY)).token)).status).toBe(
      403,
    );
    expect((await call('GET', '/api/students', (await officerWithPasswordAged(89 * DAY)).token)).status).toBe(
      200,
    );
  });

  it('follows a change of the expiry at the next request; 0 days never expires', async () => {
    const { token } = await officerWithPasswordAged(40 * DAY);
    expect((await call('GET', '/api/students', token)).status).toBe(200);
    try {
      await saveSecurity(t, { passwordPolicy: { expiryDays: 30 } });
      expect((await call('GET', '/api/students', token)).status).toBe(403);
      await saveSecurity(t, { passwordPolicy: { expiryDays: 0 } });
      expect((await call('GET', '/api/students', token)).status).toBe(200);
      const ancient = await officerWithPasswordAged(3650 * DAY);
      expect(ancient.login.user).toMatchObject({ must_change_password: false });
      expect((await call('GET', '/api/students', ancient.token)).status).toBe(200);
    } finally {
      await saveSecurity(t, { passwordPolicy: { expiryDays: 90 } });
    }
  });

  it('never expires an account without a password (Google sign-in)', async () => {
    const [google] = await t.database.db
      .insert(users)
      .values({
        email: `google-${freshStaffId().toLowerCase()}@gmail.example`,
        name: 'Google Officer',
        role: 'program_officer',
        authId: `sub-${freshStaffId()}`,
        passwordChangedAt: new Date(t.clock.now().getTime() - 1000 * DAY),
      })
      .returning();
    const { token } = await createSession(t.deps, google!.id, false);
    expect((await call('GET', '/api/students', token)).status).toBe(200);
  });

  it('starts the count again when a password is set by registration or a reset link', async () => {
    const staffId = freshStaffId();
    const email = `${staffId.toLowerCase()}@example.org`;
    const registered = await call('POST', '/api/staff-auth/register', undefined, {
      staffId,
      email,
      name: 'New Person',
      password: 'Secret#Pass1',
      role: 'user',
    });
    expect(registered.status).toBe(201);
    const changedAt = async () =>
      (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.passwordChangedAt;
    expect((await changedAt()).toISOString()).toBe(t.clock.now().toISOString());

    t.clock.advance(DAY);
    await call('POST', '/api/staff-auth/forgot-password', undefined, { email });
    const token = tokenInMail(await t.mailTo(email, 2), '/reset-password');
    const reset = await call('POST', '/api/staff-auth/reset-password', undefined, {
      token,
      newPassword: 'Other#Pass2',
    });
    expect(reset.status).toBe(200);
    expect((await changedAt()).toISOString()).toBe(t.clock.now().toISOString());
  });
});

describe('the idle timeout of System Settings', () => {
  it('ends a session idle longer than the setting, saved a moment ago; remember me keeps its own', async () => {
    try {
      await putSecurity(t, await t.signIn('ADM001'), { sessionTimeout: 5 });
      const idleSix = await t.signIn('PO001');
      const remembered = (
        await call('POST', '/api/staff-auth/login', undefined, {
          staffId: 'PO001',
          password: 'Demo#2026',
          rememberMe: true,
        })
      ).body.session_token as string;
      t.clock.advance(2 * MINUTE);
      const idleFour = await t.signIn('PO001');
      t.clock.advance(4 * MINUTE);
      expect((await call('GET', '/api/me', idleSix)).status).toBe(401);
      expect((await call('GET', '/api/me', idleFour)).status).toBe(200);
      expect((await call('GET', '/api/me', remembered)).status).toBe(200);
    } finally {
      await saveSecurity(t, { sessionTimeout: 30 });
    }
  });

  it('is what housekeeping purges by', async () => {
    const userId = await t.userId('PO002');
    const sessionsOf = async () =>
      (await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
    await t.database.db.delete(sessions).where(eq(sessions.userId, userId));
    await createSession(t.deps, userId, false);
    await createSession(t.deps, userId, true);
    try {
      await saveSecurity(t, { sessionTimeout: 10 });
      t.clock.advance(9 * MINUTE);
      await purgeDeadSessions(t.deps);
      expect(await sessionsOf()).toBe(2);
      t.clock.advance(2 * MINUTE);
      await purgeDeadSessions(t.deps);
      expect(await sessionsOf()).toBe(1);
    } finally {
      await saveSecurity(t, { sessionTimeout: 30 });
    }
  });
});

describe('reading the stored security section', () => {
  it('falls back to the defaults for a missing document or a value out of range', () => {
    expect(sessionSecurityOf(null)).toEqual({
      idleTimeoutMs: 30 * MINUTE,
      passwordExpiryDays: 90,
      twoFactorRequired: false,
    });
    expect(
      sessionSecurityOf(
        JSON.stringify({ sessionTimeout: 2, twoFactorAuth: 'yes', passwordPolicy: { expiryDays: 12 } }),
      ),
    ).toEqual({ idleTimeoutMs: 30 * MINUTE, passwordExpiryDays: 12, twoFactorRequired: false });
    expect(sessionSecurityOf('not json')).toEqual(sessionSecurityOf(null));
  });
});
