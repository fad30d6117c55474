import { describe, expect, it } from 'vitest';
import type { MyPreferences } from '../../../contracts/users';
import { json } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'PO001', 'USR001'] });

const preferencesOf = async (token: string) =>
  json<MyPreferences>(await t.request('GET', '/api/me/preferences', { token }));

describe("/api/me/preferences: the user's own theme", () => {
  it("follows the system (null) until the user chooses, and keeps each user's choice apart", async () => {
    expect(await preferencesOf(tokens.PO001!)).toEqual({ theme_preference: null });
    const saved = await t.request('PUT', '/api/me/preferences', {
      token: tokens.PO001!,
      body: { theme_preference: 'dark' },
    });
    expect(saved.status).toBe(200);
    expect(await json<MyPreferences>(saved)).toEqual({ theme_preference: 'dark' });
    expect(await preferencesOf(tokens.PO001!)).toEqual({ theme_preference: 'dark' });
    expect(await preferencesOf(tokens.ADM001!)).toEqual({ theme_preference: null });
    await t.request('PUT', '/api/me/preferences', { token: tokens.PO001!, body: { theme_preference: null } });
    expect(await preferencesOf(tokens.PO001!)).toEqual({ theme_preference: null });
  });

  it('is open to every signed-in account, including a plain user, and to nobody signed out', async () => {
    const res = await t.request('PUT', '/api/me/preferences', {
      token: tokens.USR001!,
      body: { theme_preference: 'auto' },
    });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/me/preferences')).status).toBe(401);
  });

  it('refuses a theme that is not one of the choices, changing nothing', async () => {
    const res = await t.request('PUT', '/api/me/preferences', {
      token: tokens.ADM001!,
      body: { theme_preference: 'neon' },
    });
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toMatch(/Theme must be/);
    expect(await preferencesOf(tokens.ADM001!)).toEqual({ theme_preference: null });
  });
});
