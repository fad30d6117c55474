import type { Config } from './config';

/** Refused start-up: the message says what is wrong and what to do. */
export class StartRefused extends Error {}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/i;

export interface ListenPlan {
  host: string;
  /** One line for the log when HOST was narrowed to loopback. */
  notice?: string;
}

/**
 * Where the server may listen, given the accounts still on the published demo password
 * (docs/product.md D18): anywhere HOST says when there are none; loopback only while there are; and
 * in production not at all.
 */
export function planListening(config: Config, demoAccounts: string[]): ListenPlan {
  if (demoAccounts.length === 0) return { host: config.host };
  const names = demoAccounts.join(', ');
  if (config.nodeEnv === 'production') {
    throw new StartRefused(
      [
        `Refusing to start in production: these accounts still have the published demo password: ${names}.`,
        'Either make a real administrator with `npm run create-admin` and start on a new database,',
        "or change those accounts' passwords (Forgot Password, or a new database without demo data),",
        'or start without NODE_ENV=production to try the demo on this machine only.',
      ].join('\n'),
    );
  }
  if (LOOPBACK.test(config.host)) return { host: config.host };
  return {
    host: '127.0.0.1',
    notice: `Demo accounts (${names}) still have the published password Demo#2026: listening on 127.0.0.1 only, not HOST=${config.host}. Change their passwords to listen on ${config.host}.`,
  };
}
