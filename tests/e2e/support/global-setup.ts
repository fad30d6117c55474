import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import {
  E2E_APP_PORT,
  E2E_APP_URL,
  E2E_MAILBOX_DIR,
  E2E_OIDC_CONTROL_PORT,
  E2E_OIDC_PORT,
  E2E_SMTP_PORT,
} from './ports';

/** Catches mail over real SMTP and files each message as JSON for the tests to read. */
async function startMailbox() {
  rmSync(E2E_MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAILBOX_DIR, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const raw = Buffer.concat(chunks).toString('utf8');
        writeFileSync(path.join(E2E_MAILBOX_DIR, `${Date.now()}-${++n}.json`), JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A real OIDC provider standing in for Google; tests choose who signs in via a control port. */
async function startOidc() {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(E2E_OIDC_PORT, '127.0.0.1');
  let identity: Record<string, unknown> = {
    sub: 'e2e-google',
    email: 'e2e.google@gmail.example',
    email_verified: true,
    name: 'E2E Google',
  };
  oidc.service.on('beforeTokenSigning', (token) => {
    if (token.payload.nonce !== undefined) Object.assign(token.payload, identity);
  });
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      identity = JSON.parse(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => control.listen(E2E_OIDC_CONTROL_PORT, '127.0.0.1', resolve));
  const stop = async () => {
    await oidc.stop();
    control.close();
  };
  return { issuer: oidc.issuer.url!, stop };
}

async function waitForHealth(app: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`The app exited with code ${app.exitCode} while starting`);
    try {
      const res = await fetch(`${E2E_APP_URL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The app did not become healthy within 60 s');
}

export default async function globalSetup() {
  const stopMailbox = await startMailbox();
  const oidc = await startOidc();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chl-e2e-data-'));
  // E2E_FROM_SOURCE runs the server from src (no server build needed while developing).
  const serverArgs = process.env.E2E_FROM_SOURCE
    ? ['--import', 'tsx', 'src/server/main.ts']
    : ['dist/server/main.js'];
  const app = spawn(process.execPath, serverArgs, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(E2E_APP_PORT),
      HOST: '127.0.0.1',
      APP_URL: E2E_APP_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'CHL Back-office <no-reply@chl.test>',
      GOOGLE_CLIENT_ID: 'chl-e2e',
      GOOGLE_CLIENT_SECRET: 'chl-e2e-secret',
      OIDC_ISSUER: oidc.issuer,
      LOG_REQUESTS: 'false',
    },
  });
  await waitForHealth(app);
  return async () => {
    await new Promise<void>((resolve) => {
      app.once('exit', () => resolve());
      app.kill('SIGTERM');
    });
    await oidc.stop();
    await stopMailbox();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
