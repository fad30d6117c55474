import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
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
    const app = createApp({
      ...t.deps,
      mailer,
      config: { ...t.deps.config, appUrl: 'https://bo.example.org' },
    });
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const reg = (await (
      await post('/api/staff-auth/register', {
        staffId: 'MAIL1',
        email: 'mail1@example.org',
        password: 'secret-pass',
        name: 'Mail One',
        role: 'user',
      })
    ).json()) as { verification_token: string };
    const verification = caught.find((m) => m.to.includes('mail1@example.org'))!;
    expect(verification.raw).toContain('From: CHL <no-reply@chl.test>');
    expect(verification.raw).toContain(`https://bo.example.org/verify-email?token=${reg.verification_token}`);

    const forgot = (await (
      await post('/api/staff-auth/forgot-password', { email: 'mail1@example.org' })
    ).json()) as { token: string };
    const reset = caught.filter((m) => m.to.includes('mail1@example.org')).at(-1)!;
    expect(reset.raw).toContain(`https://bo.example.org/reset-password?token=${forgot.token}`);
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
