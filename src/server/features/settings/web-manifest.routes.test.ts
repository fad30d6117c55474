import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { MANIFEST_ICONS, PAGE_BACKGROUND } from '../../../domain/web-app-manifest';
import { putSettings } from '../../testing/put-settings';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001'] });

const manifest = async () => {
  const res = await t.request('GET', '/manifest.webmanifest');
  expect(res.status).toBe(200);
  return res;
};

describe('GET /manifest.webmanifest', () => {
  it('answers the installable app from the default settings, to anyone, revalidated on each use', async () => {
    const res = await manifest();
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      id: '/',
      name: 'CHL Back-office',
      short_name: 'CHL',
      description: `CHL Back-office: ${DEFAULT_SETTINGS.general.organizationName}`,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#059669',
      background_color: PAGE_BACKGROUND.light,
      icons: MANIFEST_ICONS,
    });
  });

  it('follows the settings at once: a renamed organisation, its colour and a dark theme', async () => {
    await putSettings(t, tokens.ADM001 as string, (s) => ({
      ...s,
      general: { ...s.general, systemName: 'Kabwe Bursaries', organizationName: 'Kabwe Trust' },
      appearance: { ...s.appearance, theme: 'dark', primaryColor: '#1d4ed8' },
    }));
    expect(await (await manifest()).json()).toMatchObject({
      name: 'Kabwe Bursaries',
      short_name: 'Kabwe',
      description: 'Kabwe Bursaries: Kabwe Trust',
      theme_color: '#1d4ed8',
      background_color: PAGE_BACKGROUND.dark,
    });
  });

  it('carries the security headers of every page', async () => {
    const res = await manifest();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
