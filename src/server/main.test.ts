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

/** The server's child processes, by pid (none, once the database runs in a thread). */
function childrenOf(server: ChildProcess): number[] {
  const listed = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim();
  return listed === '' ? [] : listed.split(/\s+/).map(Number);
}

// Killing the database's thread and its restart are database.test.ts's (killEmbedded): a thread
// cannot be killed from outside the process, so here only its place is checked.
describe('the embedded database', () => {
  it('runs in a thread of the server: once started, the server leaves no other process running', async () => {
    const port = await freePort();
    const server = await startServer(port);
    try {
      expect(childrenOf(server.child)).toEqual([]);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      const done = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await done;
    }
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  }, 120_000);
});
