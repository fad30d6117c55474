import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from './fixtures';
import { E2E_APP_PORT } from './ports';

/*
 * A spec that changes what is one for the whole app (System Settings, a restore that ends every
 * session) runs its own server and embedded database on base + `offset`, with the demo data, so
 * the specs beside it on the shared server never see its changes. `env`, called before the server
 * starts, adds to its environment (WEB_DIR: a copy of the build that the spec may change).
 */
export function ownServerForThisFile(
  offset: number,
  name: string,
  /** More environment, read when the server starts (after the file's earlier beforeAll hooks). */
  extraEnv: () => Record<string, string> = () => ({}),
): { origin: string } {
  const port = E2E_APP_PORT + offset;
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(path.join(tmpdir(), `chl-${name}-`));
    const args = process.env.E2E_FROM_SOURCE
      ? ['--import', 'tsx', 'src/server/main.ts']
      : ['dist/server/main.js'];
    server = spawn(process.execPath, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: origin,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        BACKUP_DIR: '',
        SEED_DEMO: 'true',
        SMTP_URL: '',
        LOG_REQUESTS: 'false',
        ...extraEnv(),
      },
    });
    const deadline = Date.now() + 100_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      const healthy = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error('the server did not become healthy');
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return { origin };
}
