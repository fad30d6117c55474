import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readPinPublicKey } from './mobile-money/pin-key';

/**
 * The folder the app is installed in (src/server/config.ts, or the bundle dist/server/*.js, is two
 * folders down): relative paths resolve from here, so the app started from any working directory
 * (a service's, `/`) finds its web build and data in the same place.
 */
export const INSTALL_DIR = fileURLToPath(new URL('../..', import.meta.url));
const fromInstall = (value: string) => path.resolve(INSTALL_DIR, value);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .regex(/^[^\s#]+$/, { message: 'must be one address or name, without spaces or #' })
    .default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .refine((url) => !url.includes('#'), {
      message:
        "contains '#', which ends a URL: in the password, percent-encode it as %23 (and @ as %40, : as %3A, / as %2F, ? as %3F, % as %25); a comment goes on a line of its own",
    })
    .refine((url) => URL.canParse(url), {
      message:
        'is not a valid URL: percent-encode special characters in the user name and password (@ as %40, : as %3A, / as %2F)',
    })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  APP_URL: z.url({ message: 'must be a URL such as https://backoffice.example.org' }).optional(),
  SEED_DEMO: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .refine((url) => !url.includes('#'), {
      message: "contains '#', which ends a URL: in the password, percent-encode it as %23",
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('CHL Back-office <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ message: 'must be the issuer URL' }).default('https://accounts.google.com'),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIR: z.string().min(1).default('dist/web'),
  LOG_REQUESTS: booleanFlag.default(true),
  PHOTO_FETCH_PRIVATE_NETWORK: booleanFlag.default(false),
  BACKUP_DIR: z.string().min(1).optional(),
  TWO_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hexadecimal characters (a 32-byte key)' })
    .optional(),
  SMS_URL: z
    .url({ message: 'must be the gateway URL, such as https://api.africastalking.com' })
    .refine((url) => /^https?:\/\//.test(url), { message: 'must be an http:// or https:// URL' })
    .optional(),
  SMS_USERNAME: z.string().min(1).optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).max(11, { message: 'must be at most 11 characters' }).optional(),
  SMS_CALLBACK_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  SMS_MAX_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1)
    .max(6000)
    .default(60),
  SMS_DAILY_BUDGET: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(2000),
  MTN_MOMO_URL: z
    .url({ message: 'must be the MoMo API URL, such as https://proxy.momoapi.mtn.com' })
    .refine((url) => /^https?:\/\//.test(url), { message: 'must be an http:// or https:// URL' })
    .optional(),
  MTN_MOMO_USER_ID: z.string().min(1).optional(),
  MTN_MOMO_API_KEY: z.string().min(1).optional(),
  MTN_MOMO_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MTN_MOMO_TARGET_ENVIRONMENT: z.string().min(1).optional(),
  AIRTEL_MONEY_URL: z
    .url({ message: 'must be the Airtel API URL, such as https://openapi.airtel.africa' })
    .refine((url) => /^https?:\/\//.test(url), { message: 'must be an http:// or https:// URL' })
    .optional(),
  AIRTEL_CLIENT_ID: z.string().min(1).optional(),
  AIRTEL_CLIENT_SECRET: z.string().min(1).optional(),
  AIRTEL_PIN: z
    .string()
    .regex(/^\d{4,6}$/, { message: 'must be the 4 to 6 digit disbursement PIN' })
    .optional(),
  AIRTEL_PIN_PUBLIC_KEY: z.string().min(1).optional(),
  PAYOUT_POLL_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int()
    .min(10)
    .max(86_400)
    .default(300),
  MOBILE_MONEY_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int()
    .min(1)
    .max(120)
    .default(10),
});

const MTN_MOMO_VARIABLES = [
  'MTN_MOMO_URL',
  'MTN_MOMO_USER_ID',
  'MTN_MOMO_API_KEY',
  'MTN_MOMO_SUBSCRIPTION_KEY',
  'MTN_MOMO_TARGET_ENVIRONMENT',
] as const;
const AIRTEL_MONEY_VARIABLES = [
  'AIRTEL_MONEY_URL',
  'AIRTEL_CLIENT_ID',
  'AIRTEL_CLIENT_SECRET',
  'AIRTEL_PIN',
  'AIRTEL_PIN_PUBLIC_KEY',
] as const;

/**
 * An operator is configured with all its variables or none: half of them is a mistake that must
 * stop start-up (naming what is missing), not an operator silently off.
 */
function missingOperatorVariables(
  e: Partial<Record<string, unknown>>,
  operator: string,
  names: readonly string[],
): string | null {
  const missing = names.filter((name) => !e[name]);
  if (missing.length === 0 || missing.length === names.length) return null;
  return `  ${operator} needs ${missing.join(', ')} as well (or none of ${names.join(', ')})`;
}

/** MTN MoMo's Disbursement API (issue 49 item 4); null without MTN_MOMO_* set. */
export interface MtnMomoConfig {
  url: string;
  userId: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
}

/** Airtel Money's Disbursement API; null without AIRTEL_* set. */
export interface AirtelMoneyConfig {
  url: string;
  clientId: string;
  clientSecret: string;
  pin: string;
  /** Airtel's RSA public key (PEM, or the base64 DER its portal shows) the PIN is encrypted with. */
  pinPublicKey: string;
}

/** The SMS gateway (Africa's Talking's API) and its limits; null without SMS_URL. */
export interface SmsConfig {
  url: string;
  username: string;
  apiKey: string;
  senderId: string | null;
  callbackSecret: string;
  maxPerMinute: number;
  dailyBudget: number;
}

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
  /**
   * Rows an upload or an import writes per transaction (docs/decisions/009): not a setting people
   * change, but tests make it small to write a file in several transactions.
   */
  bulkWriteRows: number;
  /** Text messages (docs/product.md D16): off while null. */
  sms: SmsConfig | null;
  /** Paying wallets through the operators' APIs: each off while null (its part is exported as a CSV). */
  mtnMomo: MtnMomoConfig | null;
  airtelMoney: AirtelMoneyConfig | null;
  /** How often payouts not yet final are asked about (PAYOUT_POLL_SECONDS). */
  payoutPollSeconds: number;
  /** How long one call to an operator may take before it counts as unanswered. */
  mobileMoneyTimeoutMs: number;
}

/** See Config.bulkWriteRows; measured in docs/decisions/009. */
export const BULK_WRITE_ROWS = 500;

export class ConfigError extends Error {}

/**
 * A value with a comment after it ('127.0.0.1  # the proxy'): systemd's EnvironmentFile, Docker's
 * --env-file and most shells' exports keep the comment in the value.
 */
const INLINE_COMMENT = /\s#/;

/** Variables whose value must never appear in a message (a start-up error is logged). */
const SECRET_VARIABLES = new Set([
  'MTN_MOMO_API_KEY',
  'MTN_MOMO_SUBSCRIPTION_KEY',
  'AIRTEL_CLIENT_SECRET',
  'AIRTEL_PIN',
]);

function inlineComments(env: Record<string, string>): string[] {
  return Object.keys(EnvSchema.shape)
    .filter((name) => !['DATABASE_URL', 'SMTP_URL'].includes(name) && INLINE_COMMENT.test(env[name] ?? ''))
    .map(
      (name) =>
        `  ${name}: ${SECRET_VARIABLES.has(name) ? 'the value' : `"${env[name]}"`} has a comment after the value; an environment file keeps it in the value: put comments on lines of their own`,
    );
}

/** Reads the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  const commented = inlineComments(blankAsUnset);
  if (commented.length > 0) throw new ConfigError(`Invalid configuration:\n${commented.join('\n')}`);
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
  if (e.SMS_URL && !(e.SMS_USERNAME && e.SMS_API_KEY && e.SMS_CALLBACK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_URL needs SMS_USERNAME, SMS_API_KEY and SMS_CALLBACK_SECRET (the secret the delivery and reply callbacks must carry)',
    );
  }
  const operatorProblems = [
    missingOperatorVariables(e, 'MTN MoMo', MTN_MOMO_VARIABLES),
    missingOperatorVariables(e, 'Airtel Money', AIRTEL_MONEY_VARIABLES),
  ].filter((line): line is string => line !== null);
  if (e.AIRTEL_PIN_PUBLIC_KEY && !readPinPublicKey(e.AIRTEL_PIN_PUBLIC_KEY))
    operatorProblems.push(
      '  AIRTEL_PIN_PUBLIC_KEY: is not an RSA public key (the base64 text from Airtel’s portal, or PEM)',
    );
  if (operatorProblems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${operatorProblems.join('\n')}`);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: fromInstall(e.DATA_DIR),
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
    webDir: fromInstall(e.WEB_DIR),
    logRequests: e.LOG_REQUESTS,
    photoFetchPrivateNetwork: e.PHOTO_FETCH_PRIVATE_NETWORK,
    backupDir: e.BACKUP_DIR ? fromInstall(e.BACKUP_DIR) : path.join(fromInstall(e.DATA_DIR), 'backups'),
    twoFactorKey: e.TWO_FACTOR_KEY ? Buffer.from(e.TWO_FACTOR_KEY, 'hex') : null,
    bulkWriteRows: BULK_WRITE_ROWS,
    sms:
      e.SMS_URL && e.SMS_USERNAME && e.SMS_API_KEY && e.SMS_CALLBACK_SECRET
        ? {
            url: e.SMS_URL.replace(/\/$/, ''),
            username: e.SMS_USERNAME,
            apiKey: e.SMS_API_KEY,
            senderId: e.SMS_SENDER_ID ?? null,
            callbackSecret: e.SMS_CALLBACK_SECRET,
            maxPerMinute: e.SMS_MAX_PER_MINUTE,
            dailyBudget: e.SMS_DAILY_BUDGET,
          }
        : null,
    mtnMomo:
      e.MTN_MOMO_URL &&
      e.MTN_MOMO_USER_ID &&
      e.MTN_MOMO_API_KEY &&
      e.MTN_MOMO_SUBSCRIPTION_KEY &&
      e.MTN_MOMO_TARGET_ENVIRONMENT
        ? {
            url: e.MTN_MOMO_URL.replace(/\/$/, ''),
            userId: e.MTN_MOMO_USER_ID,
            apiKey: e.MTN_MOMO_API_KEY,
            subscriptionKey: e.MTN_MOMO_SUBSCRIPTION_KEY,
            targetEnvironment: e.MTN_MOMO_TARGET_ENVIRONMENT,
          }
        : null,
    airtelMoney:
      e.AIRTEL_MONEY_URL &&
      e.AIRTEL_CLIENT_ID &&
      e.AIRTEL_CLIENT_SECRET &&
      e.AIRTEL_PIN &&
      e.AIRTEL_PIN_PUBLIC_KEY
        ? {
            url: e.AIRTEL_MONEY_URL.replace(/\/$/, ''),
            clientId: e.AIRTEL_CLIENT_ID,
            clientSecret: e.AIRTEL_CLIENT_SECRET,
            pin: e.AIRTEL_PIN,
            pinPublicKey: e.AIRTEL_PIN_PUBLIC_KEY,
          }
        : null,
    payoutPollSeconds: e.PAYOUT_POLL_SECONDS,
    mobileMoneyTimeoutMs: e.MOBILE_MONEY_TIMEOUT_SECONDS * 1000,
  };
}
