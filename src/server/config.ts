import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  APP_URL: z.url({ message: 'must be a URL such as https://backoffice.example.org' }).optional(),
  SEED_DEMO: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('CHL Back-office <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ message: 'must be the issuer URL' }).default('https://accounts.google.com'),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIR: z.string().min(1).default('./dist/web'),
  LOG_REQUESTS: booleanFlag.default(true),
  PHOTO_FETCH_PRIVATE_NETWORK: booleanFlag.default(false),
  BACKUP_DIR: z.string().min(1).optional(),
  TWO_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hexadecimal characters (a 32-byte key)' })
    .optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  appUrl: string;
  /** Load demo data into a new database (docs/product.md D10). */
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Behind a reverse proxy: trust X-Forwarded-For/Proto for client address and HTTPS. */
  trustProxy: boolean;
  webDir: string;
  logRequests: boolean;
  /**
   * Whether the yearbook PDF may fetch photos from loopback and private addresses. Off: a photo
   * address a user typed must never make the server call into its own network.
   */
  photoFetchPrivateNetwork: boolean;
  /** Where backups are written (docs/product.md D13); DATA_DIR/backups unless set. */
  backupDir: string;
  /**
   * The key two-factor secrets are encrypted with. Unset outside production, a key kept in
   * DATA_DIR is made on first use; production refuses two-factor enrolment without it.
   */
  twoFactorKey: Buffer | null;
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (e.NODE_ENV === 'production' && e.SEED_DEMO === true) {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO: production mode never loads demo data (its passwords are published); start without NODE_ENV=production to try the demo',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // Demo data goes into the embedded database by default, never into a server's unless asked,
    // and never in production (docs/product.md D18).
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? !e.DATABASE_URL),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.OIDC_ISSUER }
        : null,
    trustProxy: e.TRUST_PROXY,
    webDir: path.resolve(e.WEB_DIR),
    logRequests: e.LOG_REQUESTS,
    photoFetchPrivateNetwork: e.PHOTO_FETCH_PRIVATE_NETWORK,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    twoFactorKey: e.TWO_FACTOR_KEY ? Buffer.from(e.TWO_FACTOR_KEY, 'hex') : null,
  };
}
