import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'chl-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '',
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c) => {
    output += c;
  });
  child.stderr!.on('data', (c) => {
    output += c;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${output}`);
}

describe('the server process', () => {
  it('seeds a new embedded database, stops cleanly on SIGTERM, and reopens the same data', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect(first.output()).toContain('demo data loaded');
    const login = await fetch(`http://127.0.0.1:${port}/api/staff-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ staffId: 'PO001', password: 'Demo#2026' }),
    });
    expect(login.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const second = await startServer(port);
    expect(second.output()).not.toContain('demo data loaded');
    const again = await fetch(`http://127.0.0.1:${port}/api/staff-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ staffId: 'PO001', password: 'Demo#2026' }),
    });
    expect(again.status).toBe(200);
    const done = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await done;
  }, 120_000);
});

/** The embedded database's worker: the server's only child process. */
function workerOf(server: ChildProcess): number {
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/);
  expect(children).toHaveLength(1);
  return Number(children[0]);
}

async function healthWithin(port: number, status: number, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let last = 0;
  while (Date.now() < deadline) {
    last = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/api/health answered ${last}, not ${status}, for ${seconds} s`);
}

describe('the embedded database worker killed with kill -9', () => {
  it('is started again: the server stays up, answers 503 meanwhile, then 200, and keeps the session made before', async () => {
    const port = await freePort();
    const server = await startServer(port);
    try {
      const login = await fetch(`http://127.0.0.1:${port}/api/staff-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ staffId: 'PO001', password: 'Demo#2026' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

      const worker = workerOf(server.child);
      process.kill(worker, 'SIGKILL');
      await healthWithin(port, 503, 10);
      await healthWithin(port, 200, 60);
      expect(server.child.exitCode).toBeNull();
      expect(workerOf(server.child)).not.toBe(worker);
      expect(server.output()).toContain('embedded database restarted');

      // The session row was written before the kill; the restarted database still has it.
      const me = await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
    } finally {
      const done = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await done;
    }
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  }, 120_000);
});
