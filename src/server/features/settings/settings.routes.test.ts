import { describe, expect, it } from 'vitest';
import type { PublicSettings, SettingsResponse } from '../../../contracts/settings';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES as M, SMS_UNAVAILABLE } from '../../../domain/settings';
import { accessMatrix, expectAccess, fromRole, IDENTITIES } from '../../testing/access-matrix';
import { errorOf, json } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});
const read = async () => json<SettingsResponse>(await send('ADM001', 'GET', '/api/settings'));

describe('SMS notifications without a gateway', () => {
  it('read off, with the server saying why, and cannot be turned on', async () => {
    const { version, settings, sms_available } = await read();
    expect(sms_available).toBe(false);
    expect(settings.notifications.smsNotifications).toBe(false);
    const on = structuredClone(settings);
    on.notifications.smsNotifications = true;
    const res = await send('ADM001', 'PUT', '/api/settings', { version, settings: on });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      'settings.notifications.smsNotifications': SMS_UNAVAILABLE,
    });
    expect((await read()).version).toBe(version);
  });
});

describe('who reaches System Settings', () => {
  it('admins only read, save and reset; everyone, signed in or not, reads the public part', async () => {
    const { version, settings } = await read();
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/settings', statuses: fromRole('admin', 200) },
        // A version that is not current: 409 for the admin, and nothing saved.
        {
          route: 'PUT /api/settings',
          body: { version: version + 5, settings },
          statuses: fromRole('admin', 409),
        },
        {
          route: 'POST /api/settings/reset',
          body: { version: version + 5 },
          statuses: fromRole('admin', 409),
        },
        {
          route: 'GET /api/settings/public',
          statuses: Object.fromEntries(IDENTITIES.map((i) => [i, 200])) as never,
        },
      ]),
    );
  });
});

describe('the settings document', () => {
  it("starts at spec §9's defaults, version 0", async () => {
    const body = await read();
    expect(body).toEqual({
      version: 0,
      settings: DEFAULT_SETTINGS,
      updated_at: null,
      updated_by_name: null,
      sms_available: false,
    });
  });

  it('saves the whole document with the version it read; a second save of that version is refused (409)', async () => {
    const first = await read();
    const changed = structuredClone(first.settings);
    changed.general.systemName = 'CHL Programme Office';
    changed.security.passwordPolicy.minLength = 10;
    changed.appearance.theme = 'dark';
    const res = await send('ADM001', 'PUT', '/api/settings', { version: first.version, settings: changed });
    expect(res.status).toBe(200);
    const saved = await json<SettingsResponse>(res);
    expect(saved).toMatchObject({
      version: first.version + 1,
      settings: changed,
      updated_by_name: 'Mutale Bwalya',
    });

    // Another admin who read the same version saves over nothing: told to reload.
    const other = structuredClone(first.settings);
    other.general.organizationName = 'Overwritten';
    const stale = await send('ADM001', 'PUT', '/api/settings', { version: first.version, settings: other });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).error).toBe(M.stale);
    expect((await read()).settings.general.organizationName).toBe(first.settings.general.organizationName);

    const log = await json<{
      items: Array<{ action: string; summary: string; changes: Record<string, unknown> }>;
    }>(await send('ADM001', 'GET', '/api/audit?entity_type=settings'));
    const entry = log.items.find((e) => e.action === 'settings.updated')!;
    expect(Object.keys(entry.changes).sort()).toEqual([
      'appearance.theme',
      'general.systemName',
      'security.passwordPolicy.minLength',
    ]);
    expect(entry.changes['security.passwordPolicy.minLength']).toEqual({ before: 8, after: 10 });
  });

  it('refuses a bad document field by field, changing nothing', async () => {
    const { version, settings } = await read();
    const bad = structuredClone(settings) as unknown as Record<string, Record<string, unknown>>;
    bad.general!.timezone = 'Mars/Olympus';
    (bad.security!.passwordPolicy as Record<string, unknown>).minLength = 2.5;
    bad.security!.loginAttempts = 0;
    bad.appearance!.primaryColor = 'green';
    const res = await send('ADM001', 'PUT', '/api/settings', { version, settings: bad });
    expect(res.status).toBe(400);
    const { fields } = await errorOf(res);
    expect(fields).toMatchObject({
      'settings.general.timezone': expect.stringContaining('Time zone must be one of'),
      'settings.security.passwordPolicy.minLength': 'Minimum password length must be a whole number',
      'settings.security.loginAttempts': 'Maximum login attempts must be from 3 to 10',
      'settings.appearance.primaryColor': 'Primary colour must be a colour such as #059669',
    });
    expect((await read()).version).toBe(version);
    expect((await send('ADM001', 'PUT', '/api/settings', { version })).status).toBe(400);
  });

  it('resets to the defaults, recorded in the trail, and the public part follows', async () => {
    const res = await send('ADM001', 'POST', '/api/settings/reset');
    expect(res.status).toBe(200);
    const body = await json<SettingsResponse>(res);
    expect(body.settings).toEqual(DEFAULT_SETTINGS);
    const pub = await json<PublicSettings>(await t.request('GET', '/api/settings/public'));
    expect(pub).toEqual({
      system_name: DEFAULT_SETTINGS.general.systemName,
      organization_name: DEFAULT_SETTINGS.general.organizationName,
      timezone: 'Africa/Lusaka',
      date_format: 'DD/MM/YYYY',
      currency: 'ZMW',
      password_policy: {
        min_length: 8,
        require_uppercase: true,
        require_lowercase: true,
        require_numbers: true,
        require_special_chars: true,
      },
      password_rule:
        'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.',
      appearance: { theme: 'light', primary_color: '#059669', sidebar_collapsed: false, compact_mode: false },
    });
    const bad = await send('ADM001', 'POST', '/api/settings/reset', { version: 'x' });
    expect(bad.status).toBe(400);
  });

  it('two admins saving the same version at once: exactly one wins', async () => {
    const { version, settings } = await read();
    const a = structuredClone(settings);
    a.general.systemName = 'Version A';
    const b = structuredClone(settings);
    b.general.systemName = 'Version B';
    const answers = await Promise.all([
      send('ADM001', 'PUT', '/api/settings', { version, settings: a }),
      send('ADM001', 'PUT', '/api/settings', { version, settings: b }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await read()).version).toBe(version + 1);
  });
});

describe('the password policy applies at once', () => {
  it('a saved minimum length and rule refuse a password on registration, reset and change, saying the rule', async () => {
    const { version, settings } = await read();
    const strict = structuredClone(settings);
    strict.security.passwordPolicy = {
      ...strict.security.passwordPolicy,
      minLength: 12,
      requireSpecialChars: false,
    };
    expect((await send('ADM001', 'PUT', '/api/settings', { version, settings: strict })).status).toBe(200);

    const register = (password: string) =>
      t.request('POST', '/api/staff-auth/register', {
        body: {
          staffId: `POL${password.length}`,
          email: `pol${password.length}@example.org`,
          password,
          name: 'Policy Test',
          role: 'user',
        },
      });
    const short = await register('Short1abc');
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toMatchObject({
      error: 'Password must be at least 12 characters long',
      fields: { password: 'Password must be at least 12 characters long' },
    });
    const weak = await register('alllowercase1');
    expect((await errorOf(weak)).fields?.password).toBe('Password must contain an uppercase letter');
    // No special character needed any more: this one passes.
    expect((await register('LongEnough1234')).status).toBe(201);

    const change = await send('DPM001', 'POST', '/api/me/password', {
      current_password: 'Demo#2026',
      new_password: 'Demo#2027',
    });
    expect(change.status).toBe(400);
    expect((await errorOf(change)).fields?.new_password).toBe('Password must be at least 12 characters long');

    await send('ADM001', 'POST', '/api/settings/reset');
    expect((await register('Short#1a')).status).toBe(201);
  });
});

describe('the number of failed sign-ins before the lockout applies at once', () => {
  it('three attempts lock on the third failure; back to five after a reset', async () => {
    const { version, settings } = await read();
    const strict = structuredClone(settings);
    strict.security.loginAttempts = 3;
    expect((await send('ADM001', 'PUT', '/api/settings', { version, settings: strict })).status).toBe(200);
    const guess = (staffId: string) =>
      t.request('POST', '/api/staff-auth/login', { body: { staffId, password: 'Wrong#Guess1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await guess('LOCK3')).status);
    expect(statuses).toEqual([401, 401, 429]);

    await send('ADM001', 'POST', '/api/settings/reset');
    const five: number[] = [];
    for (let i = 0; i < 5; i++) five.push((await guess('LOCK5')).status);
    expect(five).toEqual([401, 401, 401, 401, 429]);
  });
});
