import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readEnvironmentFile, withValues } from './support/environment-file';
import { expect, test } from './support/fixtures';
import { E2E_APP_PORT } from './support/ports';

/*
 * The README's "Deploying" and "Upgrading" sections followed on a clean copy of the app, as the
 * service runs it: a release folder holding the build and only the production packages (`npm ci
 * --omit=dev`), the environment file read as systemd reads it, the unit's ExecStart started from
 * another working directory on PostgreSQL, `create-admin` without a terminal, the health check, a
 * backup, then an upgrade to a second release and a roll-back. The downtime of each switch is
 * printed, not asserted (shared machines are noisy).
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const SERVER_URL = process.env.TEST_DATABASE_URL;
const PORT = E2E_APP_PORT + 16;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const REPO = process.cwd();
const PASSWORD = 'Deploy#Admin2026';

let root: string;
let databaseUrl: string;
let databaseName: string;

/** A copy of the sources as a release would hold them: no packages, build, data or test output. */
function copyRelease(to: string) {
  const skip = new Set([
    'node_modules',
    '.git',
    'dist',
    'data',
    'test-results',
    'playwright-report',
    'bench-results',
  ]);
  cpSync(REPO, to, {
    recursive: true,
    filter: (from) => !skip.has(path.relative(REPO, from).split(path.sep)[0]!),
  });
}

/** `npm ci --omit=dev`, from npm's cache when it has every package (CI just ran `npm ci`). */
function installProductionPackages(release: string) {
  const args = ['ci', '--omit=dev', '--no-audit', '--no-fund'];
  const offline = spawnSync('npm', [...args, '--offline'], { cwd: release, encoding: 'utf8' });
  if (offline.status !== 0) execFileSync('npm', args, { cwd: release, stdio: 'ignore' });
}

const serverAdmin = () => new pg.Client({ connectionString: SERVER_URL });

test.beforeAll(async () => {
  test.skip(
    !SERVER_URL,
    'TEST_DATABASE_URL is not set: the deployment test needs a PostgreSQL server (.ci/run sets it)',
  );
  root = mkdtempSync(path.join(tmpdir(), 'chl-deploy-'));
  databaseName = `chl_deploy_${process.pid}_${Date.now()}`;
  const admin = serverAdmin();
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(SERVER_URL!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.href;
});

test.afterAll(async () => {
  if (!SERVER_URL) return;
  const admin = serverAdmin();
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  rmSync(root, { recursive: true, force: true });
});

interface Service {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The unit's ExecStart with its paths moved under `root`, the environment file's variables only. */
function startService(env: Record<string, string>): Service {
  const unit = readFileSync(path.join(REPO, 'deploy/chl-backoffice.service'), 'utf8');
  const [program, ...args] = unit
    .match(/^ExecStart=(.+)$/m)![1]!
    .replaceAll('/srv/chl/current', path.join(root, 'current'))
    .split(' ');
  expect(program).toBe('/usr/bin/node');
  // From a working directory that is not the install: nothing may depend on it.
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
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

const healthy = () =>
  fetch(`${ORIGIN}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

async function waitUntilHealthy(service: Service) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (service.process.exitCode !== null) throw new Error(`the service exited:\n${service.output()}`);
    if (await healthy()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not healthy within 90 s:\n${service.output()}`);
}

async function stopService(service: Service) {
  service.process.kill('SIGTERM');
  expect(await service.exited, service.output()).toBe(0);
}

/** Polls the health check while `change` runs: the longest stretch without a healthy answer. */
async function downtimeDuring(change: () => Promise<void>): Promise<number> {
  let lastUp = Date.now();
  let longest = 0;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      if (await healthy()) {
        longest = Math.max(longest, Date.now() - lastUp);
        lastUp = Date.now();
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await change();
  while (!(await healthy())) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  watching = false;
  await watcher;
  return longest;
}

async function signIn(staffId: string, password: string): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/staff-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ staffId, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { session_token: string }).session_token;
}

test('the README deployment on a clean copy, then an upgrade and a roll-back', async () => {
  const releases = path.join(root, 'releases');
  const v1 = path.join(releases, '1.0.0');
  const v2 = path.join(releases, '1.1.0');
  const current = path.join(root, 'current');
  const varLib = path.join(root, 'var-lib-chl');
  mkdirSync(releases);

  // Install: the sources, then the build (the one this test run made), then production packages only.
  copyRelease(v1);
  const unbuilt = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: v1,
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  expect(unbuilt.status).toBe(1);
  expect(unbuilt.stderr).toContain('Run `npm run build`');
  cpSync(path.join(REPO, 'dist'), path.join(v1, 'dist'), { recursive: true });
  installProductionPackages(v1);
  // No development package is there to build with: the start must not need one.
  expect(() => statSync(path.join(v1, 'node_modules/vite'))).toThrow();
  symlinkSync(v1, current);

  // The settings file as the README says to fill it, read as systemd reads it.
  const envText = withValues(readFileSync(path.join(v1, 'deploy/chl-backoffice.env.example'), 'utf8'), {
    PORT: String(PORT),
    DATABASE_URL: databaseUrl,
    DATA_DIR: varLib,
    BACKUP_DIR: path.join(varLib, 'backups'),
    SMTP_URL: '',
    TWO_FACTOR_KEY: 'c0ffee'.repeat(10).concat('c0ff'),
  });
  const envFile = path.join(root, 'chl.env');
  writeFileSync(envFile, envText);
  const env = readEnvironmentFile(envText);

  let service = startService(env);
  await waitUntilHealthy(service);
  expect(service.output()).toContain('"msg":"listening"');
  expect(service.output()).not.toContain('TWO_FACTOR_KEY is not set');
  expect(await (await fetch(`${ORIGIN}/api/health`)).json()).toEqual({ status: 'ok', web_app: 'built' });
  const page = await fetch(`${ORIGIN}/staff-login`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');

  // The first administrator, with the service's settings and no terminal: the password on stdin.
  const made = spawnSync(
    process.execPath,
    [
      `--env-file=${envFile}`,
      path.join(current, 'dist/server/create-admin.js'),
      '--staff-id',
      'ADM100',
      '--email',
      'it@example.org',
      '--name',
      'Jane Phiri',
    ],
    { cwd: current, input: `${PASSWORD}\n`, encoding: 'utf8', env: { PATH: process.env.PATH } },
  );
  expect(made.stderr).toBe('');
  expect(made.stdout).toContain(
    'Admin ADM100 (it@example.org) created. They can sign in at https://backoffice.example.org/staff-login.',
  );
  expect(made.status).toBe(0);

  // A backup, readable by the service's user only.
  let token = await signIn('ADM100', PASSWORD);
  const backup = await fetch(`${ORIGIN}/api/backups`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(backup.status).toBe(201);
  const { file_name } = (await backup.json()) as { file_name: string };
  expect(statSync(path.join(varLib, 'backups')).mode & 0o777).toBe(0o700);
  expect(statSync(path.join(varLib, 'backups', file_name)).mode & 0o777).toBe(0o600);

  // Upgrade: the new release installed and built beside the running one, then switch and restart.
  cpSync(v1, v2, { recursive: true, verbatimSymlinks: true });
  const upgradeDowntime = await downtimeDuring(async () => {
    await stopService(service);
    rmSync(current);
    symlinkSync(v2, current);
    service = startService(env);
  });
  await waitUntilHealthy(service);
  token = await signIn('ADM100', PASSWORD);
  const list = await fetch(`${ORIGIN}/api/backups`, { headers: { authorization: `Bearer ${token}` } });
  // The one made by hand, beside the automatic one the first start made.
  expect(((await list.json()) as { items: { file_name: string }[] }).items.map((b) => b.file_name)).toContain(
    file_name,
  );

  // Roll back: the previous release again.
  const rollbackDowntime = await downtimeDuring(async () => {
    await stopService(service);
    rmSync(current);
    symlinkSync(v1, current);
    service = startService(env);
  });
  await signIn('ADM100', PASSWORD);
  await stopService(service);
  expect(service.output()).not.toMatch(/"level":"error"/);
  console.log(
    `deployment: downtime of the upgrade restart ${(upgradeDowntime / 1000).toFixed(2)} s, of the roll-back ${(rollbackDowntime / 1000).toFixed(2)} s (the builds made beforehand, as README "Upgrading" says)`,
  );
});
