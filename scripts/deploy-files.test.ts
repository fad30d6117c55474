import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { readEnvironmentFile, withValues } from '../tests/e2e/support/environment-file';

/*
 * The files of deploy/ as the README's "Deploying" section uses them: the nginx server block is
 * the README's and nginx accepts it; the environment file, read as systemd reads it, is accepted
 * by the app once its placeholders are filled; the systemd unit passes systemd's own check.
 */

const readme = readFileSync('README.md', 'utf8');
const work = mkdtempSync(path.join(tmpdir(), 'chl-deploy-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The first fenced block of `language` after `heading` in the README. */
function readmeBlock(heading: string, language: string): string {
  const from = readme.indexOf(heading);
  expect(from, `README has ${heading}`).toBeGreaterThan(-1);
  const block = readme.slice(from).match(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``));
  expect(block, `a ${language} block after ${heading}`).not.toBeNull();
  return block![1]!;
}

const undent = (text: string) => {
  const indent = Math.min(
    ...text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => l.match(/^ */)![0].length),
  );
  return text
    .split('\n')
    .map((l) => l.slice(indent))
    .join('\n');
};

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

describe('deploy/nginx.conf', () => {
  it('is the server block the README shows', () => {
    expect(undent(readmeBlock('## Deploying', 'nginx')).trim()).toBe(
      readFileSync('deploy/nginx.conf', 'utf8').trim(),
    );
  });

  it('passes nginx -t with a throw-away certificate', (context) => {
    if (!NGINX) {
      context.skip('nginx is not installed (apt-get install nginx; .ci/run installs it)');
      return;
    }
    const cert = path.join(work, 'cert.pem');
    const key = path.join(work, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=backoffice.example.org',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const site = readFileSync('deploy/nginx.conf', 'utf8')
      .replace('/etc/letsencrypt/live/backoffice.example.org/fullchain.pem', cert)
      .replace('/etc/letsencrypt/live/backoffice.example.org/privkey.pem', key);
    expect(site).toContain(cert);
    writeFileSync(path.join(work, 'site.conf'), site);
    const main = path.join(work, 'nginx.conf');
    writeFileSync(
      main,
      `pid ${work}/nginx.pid;\nerror_log ${work}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${work}/site.conf;\n}\n`,
    );
    const result = spawnSync(NGINX, ['-t', '-c', main, '-p', work, '-e', path.join(work, 'error.log')], {
      encoding: 'utf8',
    });
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);
  });
});

describe('deploy/chl-backoffice.env.example', () => {
  const example = readFileSync('deploy/chl-backoffice.env.example', 'utf8');

  it('has no comment after a value, which systemd would keep in it', () => {
    for (const [name, value] of Object.entries(readEnvironmentFile(example)))
      expect(value, name).not.toMatch(/\s#/);
  });

  it('read as systemd reads it and filled in, is a valid production configuration', () => {
    const env = readEnvironmentFile(
      withValues(example, {
        DATABASE_URL: 'postgres://chl:s3cret%23x@127.0.0.1:5432/chl',
        TWO_FACTOR_KEY: 'ab'.repeat(32),
      }),
    );
    expect(loadConfig(env)).toMatchObject({
      nodeEnv: 'production',
      host: '127.0.0.1',
      port: 3000,
      trustProxy: true,
      appUrl: 'https://backoffice.example.org',
      dataDir: '/var/lib/chl',
      backupDir: '/var/lib/chl/backups',
      mailFrom: 'CHL Back-office <no-reply@example.org>',
    });
  });

  it('a value with a comment after it, as the README once had, is refused naming the variable', () => {
    const env = readEnvironmentFile('HOST=127.0.0.1            # the proxy below is on the same machine\n');
    expect(env.HOST).toBe('127.0.0.1            # the proxy below is on the same machine');
    expect(() => loadConfig(env)).toThrow(/HOST: .* has a comment after the value/);
  });
});

describe('deploy/chl-backoffice.service', () => {
  const unit = readFileSync('deploy/chl-backoffice.service', 'utf8');

  it('starts the build from the install, with its environment file, as its own user, restarted on failure', () => {
    for (const line of [
      'WorkingDirectory=/srv/chl/current',
      'EnvironmentFile=/etc/chl/chl.env',
      'User=chl',
      'Restart=on-failure',
      'Environment=MALLOC_MMAP_THRESHOLD_=131072',
      'ExecStart=/usr/bin/node --enable-source-maps --max-semi-space-size=4 /srv/chl/current/dist/server/main.js',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'StateDirectory=chl',
    ])
      expect(unit).toContain(`\n${line}\n`);
  });

  it('passes systemd-analyze verify', (context) => {
    const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
    if (analyze.error) {
      context.skip('systemd-analyze is not installed');
      return;
    }
    const file = path.join(work, 'chl-backoffice.service');
    // verify wants the program to exist: this machine's node stands in for /usr/bin/node.
    writeFileSync(file, unit.replace('/usr/bin/node', process.execPath));
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(result.stderr.split('\n').filter((l) => l.includes('chl-backoffice'))).toEqual([]);
    expect(result.status).toBe(0);
  });
});
