import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { accountsWithDemoPassword } from '../../auth/demo-passwords';
import { hashPassword } from '../../auth/passwords';
import { putSecurity } from '../../auth/security-settings.testing';
import { DEMO_PASSWORD } from '../../db/demo-seed/accounts';
import { authTokens, loginThrottles, mailOutbox, users } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { createTestContext, type TestContext, tokenInMail } from '../../testing/test-app';
import { sendQueuedAuthMail } from './auth-mail';
import { forgotPassword } from './staff-auth.service';

/*
 * What a hostile or careless client tries against sign-in: bursts of guesses, probing who has an
 * account, old reset links, and idle timeouts; plus the outbox that sends the emails.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let counter = 0;
const freshStaffId = () => `S${Date.now().toString(36).toUpperCase()}${++counter}`;
const login = (staffId: string, password: string) =>
  t.request('POST', '/api/staff-auth/login', { body: { staffId, password } });

async function rowCount(table: typeof authTokens | typeof mailOutbox | typeof users) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('the lockout under concurrent guesses', () => {
  it('checks at most five of fifty parallel wrong passwords, then refuses the right one too', async () => {
    const staffId = freshStaffId();
    await t.createUser({ staffId, role: 'program_officer' });
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => login(staffId, 'wrong-guess')))).map(
      (r) => r.status,
    );
    // Four failures answer 401; the fifth checked guess locks (429); the other 45 are never checked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(46);
    const [throttle] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.staffIdKey, staffId.toUpperCase()));
    expect(throttle!.lockedUntil!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const right = await login(staffId, DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect((await right.json()).error).toBe(AUTH_MESSAGES.lockedOut);
  });

  it('the right password among the first guesses gets in and clears the count', async () => {
    const staffId = freshStaffId();
    await t.createUser({ staffId, role: 'program_officer' });
    for (let i = 0; i < 3; i++) expect((await login(staffId, 'wrong-guess')).status).toBe(401);
    expect((await login(staffId, DEMO_PASSWORD)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 4 }, () => login(staffId, 'wrong-guess')));
    expect(burst.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });
});

describe('nothing reveals who has an account', () => {
  it('forgot-password does the same work for a known and an unknown address: one queued row', async () => {
    const before = { tokens: await rowCount(authTokens), outbox: await rowCount(mailOutbox) };
    const known = await forgotPassword(t.deps, 'adm001@demo.chl.org.zm');
    const unknown = await forgotPassword(t.deps, 'nobody-here@example.org');
    expect(known).toEqual(unknown);
    expect(await rowCount(authTokens)).toBe(before.tokens);
    expect(await rowCount(mailOutbox)).toBe(before.outbox + 2);
    const queued = await t.database.db.select({ email: mailOutbox.email }).from(mailOutbox);
    expect(queued.map((r) => r.email)).toEqual(
      expect.arrayContaining(['adm001@demo.chl.org.zm', 'nobody-here@example.org']),
    );
    // The known address gets its link once the outbox is sent; the unknown one gets nothing.
    expect(tokenInMail(await t.mailTo('adm001@demo.chl.org.zm'), '/reset-password')).toBeTruthy();
    expect(t.mailer.lastTo('nobody-here@example.org')).toBeUndefined();
  });

  it('forgot-password answers the same bytes for known and unknown addresses', async () => {
    const known = await t.request('POST', '/api/staff-auth/forgot-password', {
      body: { email: 'po001@demo.chl.org.zm' },
    });
    const unknown = await t.request('POST', '/api/staff-auth/forgot-password', {
      body: { email: 'nobody-else@example.org' },
    });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.text()).toBe(await unknown.text());
  });

  it('registering with a taken email answers as for a new account and emails the owner instead', async () => {
    const users0 = await rowCount(users);
    const attempt = (staffId: string, email: string) =>
      t.request('POST', '/api/staff-auth/register', {
        body: { staffId, email, password: 'Secret#Pass1', name: 'Someone', role: 'user' },
      });
    const fresh = freshStaffId();
    const taken = freshStaffId();
    const newAccount = await attempt(fresh, `${fresh.toLowerCase()}@example.org`);
    const takenEmail = await attempt(taken, 'DPM001@demo.chl.org.zm');
    expect([newAccount.status, takenEmail.status]).toEqual([201, 201]);
    const a = await newAccount.json();
    const b = await takenEmail.json();
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(Object.keys(b.staff).sort()).toEqual(Object.keys(a.staff).sort());
    expect(b.message).toBe(a.message);
    expect(b.staff).toMatchObject({ staff_id: taken, email: 'dpm001@demo.chl.org.zm', role: 'user' });
    expect(await rowCount(users)).toBe(users0 + 1);
    const notice = await t.mailTo('dpm001@demo.chl.org.zm');
    expect(notice.subject).toMatch(/tried to register/);
    expect(notice.text).not.toMatch(/token=/);
  });

  it('a taken staff ID still says so (staff IDs are not secret)', async () => {
    const res = await t.request('POST', '/api/staff-auth/register', {
      body: {
        staffId: 'po002',
        email: 'another@example.org',
        password: 'Secret#Pass1',
        name: 'X',
        role: 'user',
      },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(AUTH_MESSAGES.staffIdTaken);
  });

  it('no answer of any sign-in flow carries a token', async () => {
    const staffId = freshStaffId();
    const email = `${staffId.toLowerCase()}@example.org`;
    const answers = [
      await t.request('POST', '/api/staff-auth/register', {
        body: { staffId, email, password: 'Secret#Pass1', name: 'Y', role: 'user' },
      }),
      await t.request('POST', '/api/staff-auth/forgot-password', { body: { email } }),
    ];
    await t.mailTo(email, 2);
    // The two emails may leave in either order.
    const mails = t.mailer.sent.filter((m) => m.to === email);
    const verifyToken = tokenInMail(mails.find((m) => m.text.includes('/verify-email'))!, '/verify-email');
    const resetToken = tokenInMail(mails.find((m) => m.text.includes('/reset-password'))!, '/reset-password');
    for (const answer of answers) {
      const text = await answer.text();
      expect(text).not.toContain(verifyToken);
      expect(text).not.toContain(resetToken);
      expect(text).not.toMatch(/token/i);
    }
  });
});

describe('reset links and sessions', () => {
  it('a reset link requested earlier stops working once the password was reset with a later one', async () => {
    const staffId = freshStaffId();
    const { email } = await t.createUser({ staffId, role: 'program_officer' });
    await t.request('POST', '/api/staff-auth/forgot-password', { body: { email } });
    const first = tokenInMail(await t.mailTo(email, 1), '/reset-password');
    await t.request('POST', '/api/staff-auth/forgot-password', { body: { email } });
    const second = tokenInMail(await t.mailTo(email, 2), '/reset-password');
    const reset = (token: string, newPassword: string) =>
      t.request('POST', '/api/staff-auth/reset-password', { body: { token, newPassword } });
    expect((await reset(second, 'Second#Pass3')).status).toBe(200);
    const old = await reset(first, 'Attacker#Pass1');
    expect(old.status).toBe(400);
    expect((await old.json()).error).toBe(AUTH_MESSAGES.badResetToken);
    expect((await login(staffId, 'Second#Pass3')).status).toBe(200);
  });

  it("an active user is not signed out by System Settings' shortest idle timeout (5 minutes)", async () => {
    const short = await createTestContext();
    try {
      await putSecurity(short, await short.signIn('ADM001'), { sessionTimeout: 5 });
      const token = await short.signIn('PO001');
      for (let i = 0; i < 9; i++) {
        short.clock.advance(100_000);
        expect((await short.request('GET', '/api/me', { token })).status).toBe(200);
      }
      short.clock.advance(5 * 60_000 + 1_000);
      expect((await short.request('GET', '/api/me', { token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('the sign-in email outbox', () => {
  it('two processes sending at once send each email once', async () => {
    const addresses = Array.from(
      { length: 12 },
      (_, i) => `outbox${i}-${freshStaffId().toLowerCase()}@example.org`,
    );
    for (const address of addresses)
      await t.createUser({ staffId: freshStaffId(), role: 'user', email: address, emailVerifiedAt: null });
    for (const address of addresses)
      await t.database.db.insert(mailOutbox).values({ kind: 'verify_email', email: address });
    await Promise.all([sendQueuedAuthMail(t.deps), sendQueuedAuthMail(t.deps)]);
    await sendQueuedAuthMail(t.deps);
    for (const address of addresses) expect(t.mailer.countTo(address)).toBe(1);
  });

  it('keeps an email whose sending failed and sends it on a later pass; gives up after five tries', async () => {
    const sent: MailMessage[] = [];
    let failNext = 1;
    const flaky = {
      ...t.deps,
      mailer: {
        async send(message: MailMessage) {
          if (failNext-- > 0) throw new Error('SMTP is down');
          sent.push(message);
        },
      },
    };
    const { email } = await t.createUser({ staffId: freshStaffId(), role: 'program_officer' });
    await t.database.db.delete(mailOutbox);
    await forgotPassword(flaky, email);
    expect(await sendQueuedAuthMail(flaky)).toBe(0);
    expect(await rowCount(mailOutbox)).toBe(1);
    expect(await sendQueuedAuthMail(flaky)).toBe(0); // still claimed by the failed pass
    t.clock.advance(3 * 60_000);
    expect(await sendQueuedAuthMail(flaky)).toBe(1);
    expect(sent.map((m) => m.to)).toEqual([email]);
    expect(await rowCount(mailOutbox)).toBe(0);

    failNext = 100;
    await forgotPassword(flaky, email);
    for (let pass = 0; pass < 5; pass++) {
      await sendQueuedAuthMail(flaky);
      t.clock.advance(3 * 60_000);
    }
    expect(await rowCount(mailOutbox)).toBe(0);
  });
});

describe('demo passwords', () => {
  it('the sign-in config says demo data while an account has the published password, not after', async () => {
    const demo = await createTestContext();
    try {
      const config = async () => (await (await demo.request('GET', '/api/auth/config')).json()).demoData;
      expect(await config()).toBe(false);
      const { email } = await demo.createUser({ staffId: 'DEMO9', role: 'admin', demoPassword: true });
      expect(await config()).toBe(true);
      expect(await accountsWithDemoPassword(demo.database.db)).toEqual(['DEMO9']);

      await demo.request('POST', '/api/staff-auth/forgot-password', { body: { email } });
      const token = tokenInMail(await demo.mailTo(email), '/reset-password');
      await demo.request('POST', '/api/staff-auth/reset-password', {
        body: { token, newPassword: 'Own#Pass1' },
      });
      expect(await config()).toBe(false);
    } finally {
      await demo.close();
    }
  });

  it('start-up clears a flag whose password was changed outside the product', async () => {
    const demo = await createTestContext();
    try {
      await demo.createUser({ staffId: 'DEMO1', role: 'admin', demoPassword: true });
      await demo.createUser({
        staffId: 'DEMO2',
        role: 'admin',
        demoPassword: true,
        passwordHash: await hashPassword('changed-by-hand'),
      });
      expect(await accountsWithDemoPassword(demo.database.db)).toEqual(['DEMO1']);
      const flagged = await demo.database.db
        .select({ staffId: users.staffId })
        .from(users)
        .where(sql`${users.demoPassword}`);
      expect(flagged.map((r) => r.staffId)).toEqual(['DEMO1']);
    } finally {
      await demo.close();
    }
  });
});
