import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, INSTALL_DIR, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      appUrl: 'http://localhost:3000',
      seedDemo: true,
      google: null,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('does not seed a server database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('never seeds demo data in production, and refuses to be asked to', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: production mode never loads demo data/,
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, 'GOOGLE_CLIENT_SECRET'],
  ])('stops with a message naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('treats blank variables as unset and trims a trailing slash from APP_URL', () => {
    expect(loadConfig({ PORT: '', APP_URL: 'https://bo.example.org/' })).toMatchObject({
      port: 3000,
      appUrl: 'https://bo.example.org',
    });
  });

  it('resolves relative paths from the install, not the working directory', () => {
    expect(existsSync(path.join(INSTALL_DIR, 'package.json'))).toBe(true);
    expect(loadConfig({})).toMatchObject({
      webDir: path.join(INSTALL_DIR, 'dist/web'),
      dataDir: path.join(INSTALL_DIR, 'data'),
      backupDir: path.join(INSTALL_DIR, 'data/backups'),
    });
    expect(loadConfig({ DATA_DIR: '/var/lib/chl', WEB_DIR: 'build/web' })).toMatchObject({
      dataDir: '/var/lib/chl',
      backupDir: '/var/lib/chl/backups',
      webDir: path.join(INSTALL_DIR, 'build/web'),
    });
  });

  it('names a value that kept the comment written after it in an environment file', () => {
    expect(() => loadConfig({ HOST: '127.0.0.1  # the proxy is on this machine' })).toThrow(
      /HOST: "127\.0\.0\.1 {2}# the proxy is on this machine" has a comment after the value.*lines of their own/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true # behind nginx' })).toThrow(/TRUST_PROXY: .* comment/);
  });

  it("says to percent-encode a '#' in a URL's password", () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://chl:pa#ss@db:5432/chl' })).toThrow(
      /DATABASE_URL: contains '#'.*percent-encode it as %23/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:pa#ss@mail:587' })).toThrow(/SMTP_URL: contains '#'.*%23/);
    expect(loadConfig({ DATABASE_URL: 'postgres://chl:pa%23ss@db:5432/chl' }).databaseUrl).toContain('%23');
  });
});

describe('the SMS gateway settings', () => {
  const gateway = {
    SMS_URL: 'https://api.example.org/',
    SMS_USERNAME: 'programme',
    SMS_API_KEY: 'key',
    SMS_CALLBACK_SECRET: 'a-secret-of-sixteen+',
  };

  it('are off without SMS_URL, and complete with it (limits defaulted)', () => {
    expect(loadConfig({}).sms).toBeNull();
    expect(loadConfig(gateway).sms).toEqual({
      url: 'https://api.example.org',
      username: 'programme',
      apiKey: 'key',
      senderId: null,
      callbackSecret: 'a-secret-of-sixteen+',
      maxPerMinute: 60,
      dailyBudget: 2000,
    });
  });

  it('refuse to start half configured, or with a bad limit, naming the variable', () => {
    expect(() => loadConfig({ SMS_URL: gateway.SMS_URL })).toThrow(
      /SMS_URL needs SMS_USERNAME, SMS_API_KEY and SMS_CALLBACK_SECRET/,
    );
    expect(() => loadConfig({ ...gateway, SMS_MAX_PER_MINUTE: 'many' })).toThrow(
      /SMS_MAX_PER_MINUTE: must be a whole number/,
    );
    expect(() => loadConfig({ ...gateway, SMS_CALLBACK_SECRET: 'short' })).toThrow(
      /SMS_CALLBACK_SECRET: must be at least 16/,
    );
    expect(() => loadConfig({ ...gateway, SMS_URL: 'ftp://x' })).toThrow(ConfigError);
  });
});
