import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { users } from '../../db/schema';
import { createTestContext, type TestContext, tokenInMail } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
let counter = 0;
/** A staff ID no other test uses, so tests do not share lockouts or accounts. */
const freshStaffId = () => `T${Date.now().toString(36).toUpperCase()}${++counter}`;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in assertions
type Body = Record<string, any>;
async function json(res: Response): Promise<Body> {
  return (await res.json()) as Body;
}

async function registerAndVerify(staffId: string, password = 'Secret#Pass1') {
  const email = `${staffId.toLowerCase()}@example.org`;
  const res = await t.request('POST', '/api/staff-auth/register', {
    body: {
      staffId,
      email,
      password,
      name: `Person ${staffId}`,
      role: 'program_officer',
      department: 'Support',
    },
  });
  expect(res.status).toBe(201);
  const body = await json(res);
  const verify = await t.request('POST', '/api/staff-auth/verify-email', {
    body: { token: tokenInMail(await t.mailTo(email), '/verify-email') },
  });
  expect(verify.status).toBe(200);
  return { email, password, body };
}

describe('POST /api/staff-auth/login', () => {
  it('signs in with the spec response, an httpOnly SameSite=Lax cookie, and updates last_login', async () => {
    const res = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'adm001', password: 'Demo#2026', rememberMe: true },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'session_token', 'user']);
    expect(body.user).toMatchObject({ staff_id: 'ADM001', role: 'admin', name: 'Mutale Bwalya' });
    expect(body.user.last_login).toBe(t.clock.now().toISOString());
    expect(new Date(body.expires_at).getTime() - t.clock.now().getTime()).toBe(30 * 24 * 60 * MINUTE);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/chl_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Expires=/);
    // No password material: only whether System Settings ask for a new one.
    expect(JSON.stringify(body.user)).not.toMatch(/argon2|password_hash|"password"/i);
    expect(body.user).toMatchObject({ must_change_password: false, must_set_up_two_factor: false });
  });

  it('without remember me sets a browser-session cookie (no Expires)', async () => {
    const res = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'DPM001', password: 'Demo#2026' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).not.toMatch(/Expires=|Max-Age=/);
  });

  it('answers the same for a wrong password and an unknown staff ID', async () => {
    const wrong = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'PO002', password: 'nope-nope' },
    });
    const unknown = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'NOBODY9', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it('locks a staff ID after five failures for 15 minutes, then lets the right password in', async () => {
    const staffId = freshStaffId();
    const { password } = await registerAndVerify(staffId);
    for (let i = 1; i <= 4; i++) {
      const res = await t.request('POST', '/api/staff-auth/login', {
        body: { staffId, password: 'wrong-pass' },
      });
      expect(res.status).toBe(401);
    }
    const fifth = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId, password: 'wrong-pass' },
    });
    expect(fifth.status).toBe(429);
    expect((await json(fifth)).error).toBe(AUTH_MESSAGES.lockedOut);
    const rightButLocked = await t.request('POST', '/api/staff-auth/login', { body: { staffId, password } });
    expect(rightButLocked.status).toBe(429);
    t.clock.advance(14 * MINUTE);
    expect((await t.request('POST', '/api/staff-auth/login', { body: { staffId, password } })).status).toBe(
      429,
    );
    t.clock.advance(1 * MINUTE);
    expect((await t.request('POST', '/api/staff-auth/login', { body: { staffId, password } })).status).toBe(
      200,
    );
  });

  it('locks unknown staff IDs the same way, so lockout reveals nothing', async () => {
    const staffId = freshStaffId();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.request('POST', '/api/staff-auth/login', { body: { staffId, password: 'x-wrong' } })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('refuses an unverified email only once the password is right', async () => {
    const staffId = freshStaffId();
    await t.request('POST', '/api/staff-auth/register', {
      body: {
        staffId,
        email: `${staffId}@example.org`,
        password: 'Secret#Pass1',
        name: 'New Person',
        role: 'user',
      },
    });
    const wrong = await t.request('POST', '/api/staff-auth/login', { body: { staffId, password: 'not-it' } });
    expect(wrong.status).toBe(401);
    const right = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId, password: 'Secret#Pass1' },
    });
    expect(right.status).toBe(403);
    expect(await json(right)).toMatchObject({ error: AUTH_MESSAGES.unverified, code: 'email_unverified' });
  });

  it('refuses an inactive account with the spec message, and ends its open sessions', async () => {
    const staffId = freshStaffId();
    await registerAndVerify(staffId);
    const token = await t.signIn(staffId, 'Secret#Pass1');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.staffId, staffId));
    const res = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId, password: 'Secret#Pass1' },
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: AUTH_MESSAGES.inactive, code: 'account_inactive' });
    expect((await t.request('GET', '/api/me', { token })).status).toBe(401);
  });

  it.each([
    ['no body', undefined],
    ['an array', []],
    ['wrong types', { staffId: 12, password: true }],
    ['a missing password', { staffId: 'ADM001' }],
    ['a huge staff ID', { staffId: 'A'.repeat(5000), password: 'x' }],
  ])('answers 400 with a message for %s', async (_name, body) => {
    const res = await t.request('POST', '/api/staff-auth/login', { body });
    expect(res.status).toBe(400);
    expect(typeof (await json(res)).error).toBe('string');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.request('/api/staff-auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"staffId": ',
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await t.app.request('/api/staff-auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ staffId: 'ADM001', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('POST /api/staff-auth/register', () => {
  it('creates a role-user account whatever role was asked for, keeps the request, and emails a link', async () => {
    const staffId = freshStaffId();
    const email = `${staffId.toLowerCase()}@example.org`;
    const res = await t.request('POST', '/api/staff-auth/register', {
      body: {
        staffId: staffId.toLowerCase(),
        email,
        password: 'Secret#Pass1',
        name: 'Eager Person',
        role: 'admin',
      },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe('Registration successful! Please verify your email to login.');
    expect(body.staff).toMatchObject({
      staff_id: staffId,
      email,
      role: 'user',
      requested_role: 'admin',
      department: null,
    });
    expect(Object.keys(body).sort()).toEqual(['message', 'staff']);
    const mail = await t.mailTo(email);
    expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
    const [row] = await t.database.db.select().from(users).where(eq(users.staffId, staffId));
    expect(row!.role).toBe('user');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('ignores extra fields that try to set privileges', async () => {
    const staffId = freshStaffId();
    const res = await t.request('POST', '/api/staff-auth/register', {
      body: {
        staffId,
        email: `${staffId}@example.org`,
        password: 'Secret#Pass1',
        name: 'Sneaky',
        role: 'user',
        isActive: true,
        emailVerifiedAt: '2020-01-01',
        is_active: true,
      },
    });
    expect(res.status).toBe(201);
    const login = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId, password: 'Secret#Pass1' },
    });
    expect(login.status).toBe(403);
  });

  it('refuses a short password with the spec message', async () => {
    const res = await t.request('POST', '/api/staff-auth/register', {
      body: {
        staffId: freshStaffId(),
        email: 'short@example.org',
        password: '12345',
        name: 'Short',
        role: 'user',
      },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      error: 'Password must be at least 8 characters long',
      fields: {
        password:
          'Password must be at least 8 characters long Password must contain an uppercase letter Password must contain a lowercase letter Password must contain a special character (such as ! # $ %)',
      },
    });
  });

  it('names every missing required field', async () => {
    const res = await t.request('POST', '/api/staff-auth/register', { body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).fields).sort()).toEqual([
      'email',
      'name',
      'password',
      'role',
      'staffId',
    ]);
  });

  it('answers 409 for a staff ID already in use; a used email gets the new-account answer', async () => {
    const taken = await t.request('POST', '/api/staff-auth/register', {
      body: {
        staffId: 'adm001',
        email: 'someone-new@example.org',
        password: 'Secret#Pass1',
        name: 'X',
        role: 'user',
      },
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toBe(AUTH_MESSAGES.staffIdTaken);
    const emailTaken = await t.request('POST', '/api/staff-auth/register', {
      body: {
        staffId: freshStaffId(),
        email: 'ADM001@demo.chl.org.zm',
        password: 'Secret#Pass1',
        name: 'X',
        role: 'user',
      },
    });
    expect(emailTaken.status).toBe(201);
    expect((await json(emailTaken)).message).toBe(AUTH_MESSAGES.registered);
  });
});

describe('POST /api/staff-auth/verify-email', () => {
  async function registerForToken(staffId: string) {
    const email = `${staffId.toLowerCase()}@example.org`;
    await t.request('POST', '/api/staff-auth/register', {
      body: { staffId, email, password: 'Secret#Pass1', name: 'V', role: 'user' },
    });
    return tokenInMail(await t.mailTo(email), '/verify-email');
  }

  it('verifies once; a reused token is refused', async () => {
    const staffId = freshStaffId();
    const token = await registerForToken(staffId);
    const first = await t.request('POST', '/api/staff-auth/verify-email', { body: { token } });
    expect(first.status).toBe(200);
    const again = await t.request('POST', '/api/staff-auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect((await json(again)).error).toBe(AUTH_MESSAGES.badVerifyToken);
    expect(
      (await t.request('POST', '/api/staff-auth/login', { body: { staffId, password: 'Secret#Pass1' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a token after 24 hours, and a forged one', async () => {
    const token = await registerForToken(freshStaffId());
    t.clock.advance(24 * 60 * MINUTE);
    expect((await t.request('POST', '/api/staff-auth/verify-email', { body: { token } })).status).toBe(400);
    expect(
      (await t.request('POST', '/api/staff-auth/verify-email', { body: { token: 'forged' } })).status,
    ).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('resets once with the emailed token, signs out other sessions, and the new password works', async () => {
    const staffId = freshStaffId();
    const { email } = await registerAndVerify(staffId);
    const oldSession = await t.signIn(staffId, 'Secret#Pass1');
    const forgot = await json(
      await t.request('POST', '/api/staff-auth/forgot-password', { body: { email } }),
    );
    expect(forgot).toEqual({ message: AUTH_MESSAGES.forgotPassword });
    const token = tokenInMail(await t.mailTo(email, 2), '/reset-password');
    const reset = await t.request('POST', '/api/staff-auth/reset-password', {
      body: { token, newPassword: 'Brand#New1' },
    });
    expect(reset.status).toBe(200);
    expect((await t.request('GET', '/api/me', { token: oldSession })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/staff-auth/login', { body: { staffId, password: 'Secret#Pass1' } }))
        .status,
    ).toBe(401);
    expect(
      (await t.request('POST', '/api/staff-auth/login', { body: { staffId, password: 'Brand#New1' } }))
        .status,
    ).toBe(200);
    const reuse = await t.request('POST', '/api/staff-auth/reset-password', {
      body: { token, newPassword: 'Another#Pass1' },
    });
    expect(reuse.status).toBe(400);
    expect((await json(reuse)).error).toBe(AUTH_MESSAGES.badResetToken);
  });

  it('refuses a reset token after one hour and a short new password', async () => {
    const staffId = freshStaffId();
    const { email } = await registerAndVerify(staffId);
    await t.request('POST', '/api/staff-auth/forgot-password', { body: { email } });
    const token = tokenInMail(await t.mailTo(email, 2), '/reset-password');
    const short = await t.request('POST', '/api/staff-auth/reset-password', {
      body: { token, newPassword: '123' },
    });
    expect(short.status).toBe(400);
    expect((await json(short)).error).toBe('Password must be at least 8 characters long');
    t.clock.advance(60 * MINUTE);
    expect(
      (
        await t.request('POST', '/api/staff-auth/reset-password', {
          body: { token, newPassword: 'Long#Enough1' },
        })
      ).status,
    ).toBe(400);
  });

  it('answers 400 for an email that is not an email', async () => {
    const res = await t.request('POST', '/api/staff-auth/forgot-password', {
      body: { email: 'not-an-email' },
    });
    expect(res.status).toBe(400);
  });
});

describe('sessions', () => {
  it('verify-session accepts the token in the body or the cookie; logout ends it', async () => {
    const token = await t.signIn('PO001');
    const byBody = await t.request('POST', '/api/staff-auth/verify-session', {
      body: { session_token: token },
    });
    expect(byBody.status).toBe(200);
    expect((await json(byBody)).user.staff_id).toBe('PO001');
    const byCookie = await t.app.request('/api/staff-auth/verify-session', {
      method: 'POST',
      headers: { cookie: `chl_session=${token}` },
    });
    expect(byCookie.status).toBe(200);
    const logout = await t.request('POST', '/api/staff-auth/logout', { body: { session_token: token } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/chl_session=;/);
    expect(
      (await t.request('POST', '/api/staff-auth/verify-session', { body: { session_token: token } })).status,
    ).toBe(401);
  });

  it('rejects forged tokens', async () => {
    expect((await t.request('GET', '/api/me', { token: 'forged-token' })).status).toBe(401);
    expect(
      (
        await t.request('POST', '/api/staff-auth/verify-session', {
          body: { session_token: 'x'.repeat(300) },
        })
      ).status,
    ).toBe(400);
  });

  it('ends a session idle for 30 minutes unless remember me was ticked', async () => {
    const plain = await t.signIn('PO002');
    const remembered = await json(
      await t.request('POST', '/api/staff-auth/login', {
        body: { staffId: 'PO002', password: 'Demo#2026', rememberMe: true },
      }),
    );
    t.clock.advance(29 * MINUTE);
    expect((await t.request('GET', '/api/me', { token: plain })).status).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await t.request('GET', '/api/me', { token: plain })).status).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await t.request('GET', '/api/me', { token: plain })).status).toBe(401);
    expect((await t.request('GET', '/api/me', { token: remembered.session_token })).status).toBe(200);
  });

  it('GET /api/me answers 401 signed out and the user signed in', async () => {
    const res = await t.request('GET', '/api/me');
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ error: AUTH_MESSAGES.notSignedIn });
    const token = await t.signIn('STU001');
    expect((await json(await t.request('GET', '/api/me', { token }))).user.role).toBe('student');
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const token = await t.signIn('ADM001');
    const res = await t.app.request('/api/staff-auth/logout', {
      method: 'POST',
      headers: { cookie: `chl_session=${token}`, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.status).toBe(403);
  });
});
