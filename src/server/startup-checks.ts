import { existsSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config';
import { StartRefused } from './demo-guard';
import { errorChain } from './http/errors';
import type { Logger } from './http/logger';

/*
 * What start-up tells the person deploying: each problem it cannot get past names the setting and
 * what to change, in a few lines without a stack trace; what it can start without is a warning.
 */

const codeOf = (error: unknown): string | undefined => {
  for (const link of errorChain(error)) {
    if (typeof link.code === 'string') return link.code;
    // A name resolving to several addresses (localhost) fails with one error per address.
    const first = (link.errors as unknown[] | undefined)?.[0] as { code?: unknown } | undefined;
    if (typeof first?.code === 'string') return first.code;
  }
  return undefined;
};

const messageOf = (error: unknown) =>
  String(
    errorChain(error).find((link) => typeof link.message === 'string' && link.message)?.message ?? error,
  );

/** Where DATABASE_URL points, without its password. */
function databaseTarget(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname || 'localhost',
    port: url.port || '5432',
    database: decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username),
    user: decodeURIComponent(url.username),
  };
}

/** The PostgreSQL server named by DATABASE_URL refused or could not be reached: what to change. */
export function databaseProblem(error: unknown, databaseUrl: string): StartRefused | undefined {
  const code = codeOf(error);
  const { host, port, database, user } = databaseTarget(databaseUrl);
  const where = `${host}:${port}`;
  const say = (lines: string[]) =>
    new StartRefused(`Cannot open the database (DATABASE_URL):\n  ${lines.join('\n  ')}`);
  switch (code) {
    case 'ECONNREFUSED':
      return say([
        `nothing accepts connections at ${where}.`,
        'Start PostgreSQL there, or correct the host and port in DATABASE_URL (and check listen_addresses).',
      ]);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return say([`the host "${host}" does not resolve.`, 'Correct the host in DATABASE_URL.']);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return say([
        `${where} does not answer (${code}).`,
        'Check the host and port in DATABASE_URL, and any firewall.',
      ]);
    case '3D000':
      return say([
        `the database "${database}" does not exist on ${where}.`,
        `Create it (createdb -O ${user || 'chl'} ${database}) or correct its name at the end of DATABASE_URL.`,
      ]);
    case '28P01':
      return say([
        `the server refused the password of "${user}".`,
        'Correct the password in DATABASE_URL; percent-encode its special characters (# as %23, @ as %40, : as %3A, / as %2F).',
      ]);
    case '28000':
      return say([
        `the server refused "${user}": ${messageOf(error)}.`,
        'Create that role (createuser), correct the user in DATABASE_URL, or allow it in pg_hba.conf.',
      ]);
    case '42501':
      return say([
        `"${user}" lacks a right it needs: ${messageOf(error)}.`,
        'Grant it, or connect as the owner of the database.',
      ]);
    default:
      // Anything else PostgreSQL itself said (a five-character SQLSTATE), in its own words.
      if (code && /^[0-9A-Z]{5}$/.test(code))
        return say([`${where} answered: ${messageOf(error)} (${code}).`]);
      return undefined;
  }
}

/** Listening on HOST:PORT failed: what to change. */
export function listenProblem(error: unknown, config: Config, host: string): StartRefused {
  const code = codeOf(error);
  switch (code) {
    case 'EADDRINUSE':
      return new StartRefused(
        `Cannot listen on ${host}:${config.port}: the port is already in use (another copy of the app, or another service). Stop it, or choose another PORT.`,
      );
    case 'EACCES':
      return new StartRefused(
        `Cannot listen on port ${config.port}: ports below 1024 need extra rights. Choose a PORT such as 3000 and let the reverse proxy take 443.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartRefused(
        `Cannot listen on HOST=${host}: that name does not resolve. Set HOST to an address of this machine, such as 127.0.0.1 (behind a proxy on this machine) or 0.0.0.0.`,
      );
    case 'EADDRNOTAVAIL':
      return new StartRefused(
        `Cannot listen on HOST=${host}: it is not an address of this machine. Set HOST to one of its addresses, such as 127.0.0.1 or 0.0.0.0.`,
      );
    default:
      return new StartRefused(`Cannot listen on ${host}:${config.port} (HOST, PORT): ${messageOf(error)}.`);
  }
}

/** Production serves the web app too: without its build every page would answer 503. */
export function requireWebBuild(config: Config): void {
  if (config.nodeEnv !== 'production' || existsSync(path.join(config.webDir, 'index.html'))) return;
  throw new StartRefused(
    `Refusing to start in production: there is no web app build in ${config.webDir} (WEB_DIR). Run \`npm run build\` in the app's folder first, or set WEB_DIR to where the build is.`,
  );
}

/** What the app can start without, but the person deploying should hear about. */
export function startupWarnings(
  config: Config,
  at: { cwd: string; installDir: string; execArgv: string[] },
): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && !config.twoFactorKey)
    warnings.push(
      'TWO_FACTOR_KEY is not set: two-factor sign-in cannot be turned on (enrolment answers 503). Set it to 64 hexadecimal characters (openssl rand -hex 32) and keep it apart from the backups.',
    );
  const readsEnvFile = at.execArgv.some((arg) => arg.startsWith('--env-file'));
  if (!readsEnvFile)
    for (const dir of new Set([at.cwd, at.installDir])) {
      const file = path.join(dir, '.env');
      if (existsSync(file))
        warnings.push(
          `${file} is not read: settings come from the environment only. Load it with \`node --env-file=${file} dist/server/main.js\`, or with systemd's EnvironmentFile=.`,
        );
    }
  return warnings;
}

/** Whether the SMTP server answers, checked once at start: otherwise the first sign-in email fails unseen. */
export async function checkSmtp(config: Config, logger: Logger): Promise<void> {
  if (!config.smtpUrl) return;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
  try {
    await transport.verify();
  } catch (error) {
    const url = new URL(config.smtpUrl);
    logger.warn(
      `SMTP_URL: the mail server ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)} cannot be used (${messageOf(error)}); emails (sign-in links, invitations, password resets) will fail until it can. Check the host, port, user and password in SMTP_URL.`,
    );
  } finally {
    transport.close();
  }
}
