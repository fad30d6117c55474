import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { sendQueuedAuthMail } from '../features/staff-auth/auth-mail';
import { silentLogger } from '../http/logger';
import { createTestContext, type TestContext } from '../testing/test-app';
import { createMailer } from './mailer';

interface Caught {
  to: string[];
  raw: string;
}
let smtp: SMTPServer;
let port: number;
const caught: Caught[] = [];
let t: TestContext;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        caught.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email over SMTP', () => {
  it('sends the verification and reset emails with working links', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'CHL <no-reply@chl.test>',
      logger: silentLogger,
    });
    const deps = { ...t.deps, mailer, config: { ...t.deps.config, appUrl: 'https://bo.example.org' } };
    const app = createApp(deps);
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    /** The n-th email caught for the address, once the outbox has sent it over SMTP. */
    const caughtEmail = async (n: number) => {
      for (let tries = 0; tries < 500; tries++) {
        const mails = caught.filter((m) => m.to.includes('mail1@example.org'));
        if (mails.length >= n) return mails[n - 1]!.raw;
        await sendQueuedAuthMail(deps);
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`email ${n} never arrived`);
    };
    const linkToken = (raw: string, path: string) =>
      new RegExp(`https://bo\\.example\\.org${path}\\?token=([A-Za-z0-9_-]+)`).exec(raw)?.[1];

    const registered = await post('/api/staff-auth/register', {
      staffId: 'MAIL1',
      email: 'mail1@example.org',
      password: 'Secret#Pass1',
      name: 'Mail One',
      role: 'user',
    });
    expect(await registered.json()).not.toHaveProperty('verification_token');
    const verification = await caughtEmail(1);
    expect(verification).toContain('From: CHL <no-reply@chl.test>');
    const verifyToken = linkToken(verification, '/verify-email');
    expect((await post('/api/staff-auth/verify-email', { token: verifyToken })).status).toBe(200);

    const forgot = await post('/api/staff-auth/forgot-password', { email: 'mail1@example.org' });
    expect(await forgot.json()).not.toHaveProperty('token');
    const resetToken = linkToken(await caughtEmail(2), '/reset-password');
    expect(
      (await post('/api/staff-auth/reset-password', { token: resetToken, newPassword: 'Second#Pass3' }))
        .status,
    ).toBe(200);
  });

  it('without SMTP_URL writes the email to the log instead', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const mailer = createMailer({
      from: 'x',
      logger: { ...silentLogger, info: (msg, fields) => lines.push({ msg, ...fields }) },
    });
    await mailer.send({ to: 'a@example.org', subject: 'Hello', text: 'Body' });
    expect(lines).toEqual([expect.objectContaining({ to: 'a@example.org', subject: 'Hello', text: 'Body' })]);
  });
});
