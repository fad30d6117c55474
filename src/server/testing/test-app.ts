import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import { hashPassword } from '../auth/passwords';
import { ManualClock } from '../clock';
import { type Config, loadConfig } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/demo-seed/accounts';
import { users } from '../db/schema';
import { sendQueuedAuthMail } from '../features/staff-auth/auth-mail';
import { silentLogger } from '../http/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { createTestDatabase, type TestDatabase } from './test-database';

export class CapturedMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  lastTo(address: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === address).at(-1);
  }
  countTo(address: string): number {
    return this.sent.filter((m) => m.to === address).length;
  }
}

/** The token in the link of a sign-in email ('/verify-email' or '/reset-password'). */
export function tokenInMail(mail: MailMessage, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in the email to ${mail.to}`);
  return decodeURIComponent(match[1]!);
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: TestDatabase;
  clock: ManualClock;
  mailer: CapturedMailer;
  /**
   * JSON request to the app, with a session token (see signIn). `body` is sent as JSON; `rawBody`
   * is sent as it is, labelled JSON (for bodies that are not JSON at all).
   */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** A session token for a demo account or a user made with createUser. */
  signIn(staffId: string, password?: string): Promise<string>;
  createUser(
    fields: Partial<typeof users.$inferInsert> & {
      staffId: string;
      role: (typeof users.$inferInsert)['role'];
    },
  ): Promise<typeof users.$inferSelect>;
  userId(staffId: string): Promise<string>;
  /**
   * Sign-in emails leave through the outbox after the answer: sends what waits there until the
   * address has received `count` emails (the newest is returned), or fails after a few seconds.
   */
  mailTo(address: string, count?: number): Promise<MailMessage>;
  close(): Promise<void>;
}

let passwordHashCache: Promise<string> | undefined;

/**
 * Builds the app on a fresh database with the demo accounts of docs/product.md D10 (but none of the
 * demo records), a clock the test moves, and a mailer that keeps what it was asked to send.
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const clock = new ManualClock(new Date('2026-03-15T09:00:00Z'));
  const mailer = new CapturedMailer();
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false' }), ...overrides };
  const deps: AppDeps = { db: database.db, config, mailer, clock, logger: silentLogger };
  const app = createApp(deps);
  passwordHashCache ??= hashPassword(DEMO_PASSWORD);
  const passwordHash = await passwordHashCache;
  await database.db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash, emailVerifiedAt: clock.now() })));

  const request: TestContext['request'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return Promise.resolve(app.request(path, { method, headers, body }));
  };

  return {
    app,
    deps,
    database,
    clock,
    mailer,
    request,
    async signIn(staffId, password = DEMO_PASSWORD) {
      const res = await request('POST', '/api/staff-auth/login', { body: { staffId, password } });
      if (res.status !== 200)
        throw new Error(`signIn(${staffId}) answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { session_token: string }).session_token;
    },
    async createUser(fields) {
      const [row] = await database.db
        .insert(users)
        .values({
          email: `${fields.staffId.toLowerCase()}@test.example`,
          name: fields.staffId,
          passwordHash,
          emailVerifiedAt: clock.now(),
          ...fields,
        })
        .returning();
      return row!;
    },
    async userId(staffId) {
      const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.staffId, staffId));
      if (!row) throw new Error(`No user ${staffId}`);
      return row.id;
    },
    async mailTo(address, count = 1) {
      const deadline = Date.now() + 5_000;
      while (mailer.countTo(address) < count) {
        if (Date.now() > deadline) throw new Error(`No email number ${count} to ${address}`);
        if ((await sendQueuedAuthMail(deps)) === 0) await new Promise((r) => setTimeout(r, 10));
      }
      return mailer.lastTo(address)!;
    },
    close: () => database.close(),
  };
}
