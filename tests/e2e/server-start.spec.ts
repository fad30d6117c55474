import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { E2E_APP_PORT } from './support/ports';

/*
 * The quick start as a newcomer runs it, and production mode as a deployment runs it: the built
 * server (dist/server/main.js, or src with E2E_FROM_SOURCE) started with only what the README says,
 * on ports of its own, checked from outside: the socket it binds, its answers and its log.
 */
test.describe.configure({ mode: 'serial' });

const PORT = E2E_APP_PORT + 10;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let dataDir: string;

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chl-start-'));
});
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server with a clean environment plus `env` (NODE_ENV and HOST only when given). */
function startServer(env: Record<string, string>): Started {
  const inherited = { ...process.env };
  for (const name of ['NODE_ENV', 'HOST', 'DATABASE_URL', 'SEED_DEMO', 'SMTP_URL', 'APP_URL'])
    delete inherited[name];
  const args = process.env.E2E_FROM_SOURCE
    ? ['--import', 'tsx', 'src/server/main.ts']
    : ['dist/server/main.js'];
  const child = spawn(process.execPath, args, {
    env: { ...inherited, PORT: String(PORT), DATA_DIR: dataDir, LOG_REQUESTS: 'false', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

async function waitUntilHealthy(server: Started) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const ok = await fetch(`${ORIGIN}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy within 60 s:\n${server.output()}`);
}

async function stop(server: Started) {
  server.process.kill('SIGTERM');
  await server.exited;
}

/** The addresses the kernel says something listens on at PORT (Linux /proc/net). */
function listeningAddresses(): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [hexAddress, hexPort] = local!.split(':');
      if (state !== '0A' || Number.parseInt(hexPort!, 16) !== PORT) continue;
      found.push(hexAddress!.length === 8 ? ipv4FromProc(hexAddress!) : `ipv6:${hexAddress}`);
    }
  }
  return found;
}

const ipv4FromProc = (hex: string) =>
  [6, 4, 2, 0].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join('.');

function connects(host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port: PORT, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

test('quick start (NODE_ENV unset, HOST 0.0.0.0): demo data, loopback only, no token in any answer, a production build', async () => {
  const server = startServer({ HOST: '0.0.0.0' });
  try {
    await waitUntilHealthy(server);
    expect(server.output()).toMatch(/listening on 127\.0\.0\.1 only, not HOST=0\.0\.0\.0/);
    expect(listeningAddresses()).toEqual(['127.0.0.1']);
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (outside) expect(await connects(outside.address)).toBe(false);

    expect(await (await fetch(`${ORIGIN}/api/auth/config`)).json()).toMatchObject({ demoData: true });
    const forgot = await fetch(`${ORIGIN}/api/staff-auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'adm001@demo.chl.org.zm' }),
    });
    expect(forgot.status).toBe(200);
    expect(await forgot.text()).not.toMatch(/token/i);
    // Without SMTP_URL the email, with its link, goes to the server's log, as the README says.
    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/reset-password\?token=/);

    // The web app is React's production build, whatever NODE_ENV the shell had.
    const html = await (await fetch(`${ORIGIN}/`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts)
      expect(await (await fetch(`${ORIGIN}${script}`)).text()).not.toContain('jsxDEV');
  } finally {
    await stop(server);
  }
});

test('production refuses a database whose accounts still have the demo password, naming them', async () => {
  const server = startServer({ NODE_ENV: 'production', HOST: '127.0.0.1' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/still have the published demo password: ADM001, DPM001/);
  expect(server.output()).toContain('npm run create-admin');
  expect(await connects('127.0.0.1')).toBe(false);
});

test('production on a new database loads no demo data and listens where HOST says', async () => {
  rmSync(dataDir, { recursive: true, force: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'chl-start-'));
  const server = startServer({ NODE_ENV: 'production', HOST: '127.0.0.1' });
  try {
    await waitUntilHealthy(server);
    expect(server.output()).not.toMatch(/demo data loaded|listening on 127\.0\.0\.1 only/);
    expect(listeningAddresses()).toEqual(['127.0.0.1']);
    expect(await (await fetch(`${ORIGIN}/api/auth/config`)).json()).toMatchObject({ demoData: false });
    const login = await fetch(`${ORIGIN}/api/staff-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ staffId: 'ADM001', password: 'Demo#2026' }),
    });
    expect(login.status).toBe(401);
  } finally {
    await stop(server);
  }
});

test('production with SEED_DEMO=true stops at once and says why', async () => {
  const server = startServer({ NODE_ENV: 'production', SEED_DEMO: 'true' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('SEED_DEMO: production mode never loads demo data');
});
