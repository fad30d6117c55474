import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type PgliteServer, startPgliteServer } from './pglite-server';

const scratch = mkdtempSync(path.join(tmpdir(), 'chl-pglite-socket-test-'));
const started: PgliteServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (started.length) await started.pop()!.stop();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function start(dataDir: string | undefined) {
  const server = await startPgliteServer(dataDir);
  started.push(server);
  return server;
}

const mode = (file: string) => statSync(file).mode & 0o777;

async function selectOne(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('select 1 as one')).rows[0].one;
  } finally {
    await client.end();
  }
}

/** Where `pg` would connect for this URL: a socket file, or a TCP address. */
function target(url: string): string {
  const { host, port } = new pg.Client({ connectionString: url });
  return host!.startsWith('/') ? `${host}/.s.PGSQL.${port}` : `${host}:${port}`;
}

/** A Unix socket file like the one a server killed with -9 leaves behind. */
async function leaveStaleSocket(socketPath: string) {
  const script = `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('up'))`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

// Creating a PGlite database on disk takes seconds; two in one test can pass the 30 s default.
describe('embedded PostgreSQL is reachable only by this OS user', { timeout: 120_000 }, () => {
  it('listens on a Unix socket only, never on a TCP port', async () => {
    const listen = vi.spyOn(net.Server.prototype, 'listen');
    const server = await start(undefined);
    expect(listen).toHaveBeenCalled();
    for (const [where] of listen.mock.calls) expect(where).toBe(server.socketPath);
    expect(new pg.Client({ connectionString: server.url }).host).toBe(path.dirname(server.socketPath));
    expect(await selectOne(server.url)).toBe(1);
  });

  it('keeps a throw-away database socket owner-only in a fresh folder, removed on stop', async () => {
    const server = await start(undefined);
    const folder = path.dirname(server.socketPath);
    expect(mode(folder)).toBe(0o700);
    expect(mode(server.socketPath)).toBe(0o600);
    await started.pop()!.stop();
    expect(existsSync(folder)).toBe(false);
  });

  it("puts a data folder's socket owner-only in DATA_DIR/run", async () => {
    const dataDir = path.join(scratch, 'data');
    mkdirSync(path.join(dataDir, 'run'), { recursive: true, mode: 0o755 });
    const server = await start(dataDir);
    expect(server.socketPath).toBe(path.join(dataDir, 'run', '.s.PGSQL.5432'));
    expect(mode(path.join(dataDir, 'run'))).toBe(0o700);
    expect(mode(server.socketPath)).toBe(0o600);
    expect(await selectOne(server.url)).toBe(1);
  });

  it.skipIf(process.getuid?.() !== 0)('turns away another OS user', async () => {
    const server = await start(undefined);
    const [where, port] = target(server.url).split(/:(?=\d+$)/);
    const script = `const s = require('node:net').connect(...JSON.parse(process.argv[1]));
      s.on('connect', () => { console.log('connected'); s.destroy(); });
      s.on('error', (e) => console.log(e.code));`;
    const args = JSON.stringify(port ? [Number(port), where] : [where]);
    const nobody = spawnSync(process.execPath, ['-e', script, args], {
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
    });
    expect(nobody.stdout.trim()).toBe('EACCES');
  });

  it('starts over a stale socket file left by a killed server', async () => {
    const dataDir = path.join(scratch, 'stale');
    mkdirSync(path.join(dataDir, 'run'), { recursive: true, mode: 0o700 });
    const socketPath = path.join(dataDir, 'run', '.s.PGSQL.5432');
    await leaveStaleSocket(socketPath);
    expect(existsSync(socketPath)).toBe(true);
    const server = await start(dataDir);
    expect(await selectOne(server.url)).toBe(1);
  });

  it('refuses a second server on the same data folder and leaves the first one serving', async () => {
    const dataDir = path.join(scratch, 'shared');
    const first = await start(dataDir);
    await expect(startPgliteServer(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another running server; only one process can open the embedded database.`,
    );
    expect(await selectOne(first.url)).toBe(1);
  });

  it('serves a DATA_DIR too deep for a socket path from a private temporary folder', async () => {
    const dataDir = path.join(scratch, 'deep'.repeat(10), 'er'.repeat(20), 'data');
    mkdirSync(dataDir, { recursive: true });
    const server = await start(dataDir);
    const folder = path.dirname(server.socketPath);
    expect(folder.startsWith(tmpdir())).toBe(true);
    expect(mode(folder)).toBe(0o700);
    expect(mode(server.socketPath)).toBe(0o600);
    expect(await selectOne(server.url)).toBe(1);
    await expect(startPgliteServer(dataDir)).rejects.toThrow('is in use by another running server');
    await started.pop()!.stop();
    expect(existsSync(folder)).toBe(false);
  });
});
