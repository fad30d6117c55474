import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTALL_DIR, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { silentLogger } from './http/logger';
import { checkSmtp, databaseProblem, listenProblem, startupWarnings } from './startup-checks';

/*
 * Each mistake a deployment makes at start-up, in the real server process started from another
 * working directory: it stops (or warns) with a message naming the setting and what to change,
 * and never with a stack trace.
 */

const work = mkdtempSync(path.join(tmpdir(), 'chl-startup-'));
const webDir = path.join(work, 'web');
mkdirSync(webDir);
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MAIN = path.join(INSTALL_DIR, 'src/server/main.ts');
// By its path: `--import tsx` would look for tsx from the other working directory.
const TSX = pathToFileURL(path.join(INSTALL_DIR, 'node_modules/tsx/dist/loader.mjs')).href;
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

interface Run {
  output: () => string;
  exited: Promise<number | null>;
  stop: () => void;
}

/** From another working directory; runs that open embedded PGlite start from the install (its worker loads tsx from there). */
function start(env: Record<string, string>, cwd = work): Run {
  const inherited = { ...process.env };
  for (const name of Object.keys(inherited))
    if (
      /^(NODE_ENV|HOST|PORT|DATABASE_URL|SEED_DEMO|SMTP_URL|APP_URL|TWO_FACTOR_KEY|DATA_DIR|WEB_DIR)$/.test(
        name,
      )
    )
      delete inherited[name];
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    env: { ...inherited, LOG_REQUESTS: 'false', NODE_ENV: 'production', WEB_DIR: webDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => output, exited, stop: () => child.kill('SIGTERM') };
}

/** Runs the server to its end; its exit code and everything it wrote. */
async function refusal(env: Record<string, string>, cwd = work) {
  const run = start(env, cwd);
  const code = await run.exited;
  expect(run.output()).not.toMatch(STACK_LINE);
  return { code, output: run.output() };
}

function listenOn(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

/** A PostgreSQL server that answers every connection's start-up with one error (SQLSTATE `code`). */
async function refusingPostgres(
  code: string,
  message: string,
): Promise<{ url: (user: string, db: string) => string; close: () => void }> {
  const server = createServer((socket) => {
    socket.once('data', () => {
      const field = (type: string, text: string) =>
        Buffer.concat([Buffer.from(type), Buffer.from(`${text}\0`)]);
      const body = Buffer.concat([
        field('S', 'FATAL'),
        field('V', 'FATAL'),
        field('C', code),
        field('M', message),
        Buffer.from([0]),
      ]);
      const length = Buffer.alloc(4);
      length.writeInt32BE(body.length + 4);
      socket.end(Buffer.concat([Buffer.from('E'), length, body]));
    });
    socket.on('error', () => {});
  });
  const port = await listenOn(server);
  return {
    url: (user, db) => `postgres://${user}:secret@127.0.0.1:${port}/${db}`,
    close: () => server.close(),
  };
}

describe('a start-up error names its setting and the way out', () => {
  it('a database nobody listens for', async () => {
    const { code, output } = await refusal({ DATABASE_URL: 'postgres://chl:secret@127.0.0.1:1/chl' });
    expect(code).toBe(1);
    expect(output).toContain('Cannot open the database (DATABASE_URL)');
    expect(output).toContain('nothing accepts connections at 127.0.0.1:1');
    expect(output).not.toContain('secret');
  }, 30_000);

  // In this process, the same pg pool and migration the server opens with, the same explanation.
  async function openingFails(url: string): Promise<string> {
    const handle = openDatabase(url, 1);
    try {
      await runMigrations(handle.pool);
    } catch (error) {
      return databaseProblem(error, url)?.message ?? `unexplained: ${(error as Error).message}`;
    } finally {
      await handle.close();
    }
    throw new Error('the database opened');
  }

  it('a database host that does not resolve', async () => {
    expect(await openingFails('postgres://chl:secret@db.invalid:5432/chl')).toMatch(
      /DATABASE_URL[\s\S]*the host "db\.invalid" does not resolve/,
    );
  }, 30_000);

  it.each([
    [
      '3D000',
      'database "chl" does not exist',
      /the database "chl" does not exist on 127\.0\.0\.1:\d+[\s\S]*createdb -O chl chl/,
    ],
    [
      '28000',
      'role "chl" does not exist',
      /the server refused "chl": role "chl" does not exist[\s\S]*Create that role/,
    ],
    [
      '28P01',
      'password authentication failed for user "chl"',
      /refused the password of "chl"[\s\S]*percent-encode/,
    ],
  ])(
    'a database that answers %s',
    async (sqlstate, message, expected) => {
      const postgres = await refusingPostgres(sqlstate, message);
      try {
        const explained = await openingFails(postgres.url('chl', 'chl'));
        expect(explained).toContain('Cannot open the database (DATABASE_URL)');
        expect(explained).toMatch(expected);
      } finally {
        postgres.close();
      }
    },
    30_000,
  );

  it("a '#' in DATABASE_URL's password", async () => {
    const { code, output } = await refusal({ DATABASE_URL: 'postgres://chl:pa#ss@127.0.0.1:5432/chl' });
    expect(code).toBe(1);
    expect(output).toMatch(/DATABASE_URL: contains '#'.*percent-encode it as %23/);
  }, 30_000);

  it('a comment kept in a value by an environment file', async () => {
    const { code, output } = await refusal({ HOST: '127.0.0.1  # the proxy below is on the same machine' });
    expect(code).toBe(1);
    expect(output).toMatch(/HOST: .* has a comment after the value/);
  }, 30_000);

  it('production without the web build', async () => {
    const { code, output } = await refusal({ WEB_DIR: path.join(work, 'no-web') });
    expect(code).toBe(1);
    expect(output).toMatch(/no web app build in .*no-web \(WEB_DIR\)\. Run `npm run build`/);
  }, 30_000);

  it('a port already in use', async () => {
    const taken = createServer();
    const port = await listenOn(taken);
    try {
      const busy = await refusal(
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data-port') },
        INSTALL_DIR,
      );
      expect(busy.code).toBe(1);
      expect(busy.output).toContain(`Cannot listen on 127.0.0.1:${port}: the port is already in use`);
      expect(busy.output).toContain('choose another PORT');
      // Production without the two-factor key starts, and says what is missing.
      expect(busy.output).toContain('TWO_FACTOR_KEY is not set');
    } finally {
      taken.close();
    }
  }, 90_000);

  it('an address that does not resolve', async () => {
    const server = createHttpServer();
    const failed = await new Promise<Error>((resolve) => {
      server.once('error', resolve);
      server.listen(0, 'backoffice.invalid');
    });
    expect(listenProblem(failed, loadConfig({}), 'backoffice.invalid').message).toMatch(
      /Cannot listen on HOST=backoffice\.invalid: that name does not resolve\. Set HOST to an address of this machine/,
    );
  }, 30_000);
});

describe('start-up warnings', () => {
  const production = loadConfig({ NODE_ENV: 'production' });
  const at = (cwd: string, execArgv: string[] = []) => ({ cwd, installDir: INSTALL_DIR, execArgv });

  it('say that a .env file in the working directory is not read, unless Node reads it', () => {
    const cwd = path.join(work, 'with-dotenv');
    mkdirSync(cwd);
    writeFileSync(path.join(cwd, '.env'), 'NODE_ENV=production\n');
    const development = loadConfig({});
    expect(startupWarnings(development, at(cwd))).toEqual([
      expect.stringMatching(/with-dotenv\/\.env is not read: .*--env-file=/),
    ]);
    expect(startupWarnings(development, at(cwd, ['--env-file=.env']))).toEqual([]);
    expect(startupWarnings(development, at(work))).toEqual([]);
  });

  it('name TWO_FACTOR_KEY in production only', () => {
    expect(startupWarnings(production, at(work))).toEqual([
      expect.stringMatching(/^TWO_FACTOR_KEY is not set/),
    ]);
    expect(
      startupWarnings(loadConfig({ NODE_ENV: 'production', TWO_FACTOR_KEY: 'a'.repeat(64) }), at(work)),
    ).toEqual([]);
  });
});

describe('the SMTP server, tried at start', () => {
  it('warns, naming SMTP_URL, when it cannot be reached', async () => {
    const closed = createServer();
    const port = await listenOn(closed);
    await new Promise((resolve) => closed.close(resolve));
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (msg: string) => void warnings.push(msg) };
    await checkSmtp(loadConfig({ SMTP_URL: `smtp://user:secret@127.0.0.1:${port}` }), logger);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^SMTP_URL: the mail server 127\\.0\\.0\\.1:${port} cannot be used .*Check the host, port, user and password in SMTP_URL`,
        ),
      ),
    ]);
    expect(warnings[0]).not.toContain('secret');
  });

  it('says nothing when it answers', async () => {
    const smtp = createServer((socket) => {
      socket.write('220 mail.test ESMTP\r\n');
      socket.on('data', (data) => {
        const command = data.toString().trim().split(' ')[0]?.toUpperCase();
        socket.write(command === 'QUIT' ? '221 bye\r\n' : '250 mail.test\r\n');
        if (command === 'QUIT') socket.end();
      });
      socket.on('error', () => {});
    });
    const port = await listenOn(smtp);
    const warnings: string[] = [];
    try {
      await checkSmtp(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }), {
        ...silentLogger,
        warn: (m) => void warnings.push(m),
      });
    } finally {
      smtp.close();
    }
    expect(warnings).toEqual([]);
  });
});
