import { describe, expect, it } from 'vitest';
import { PAGE_BACKGROUND, SHORT_NAME_MAX, shortNameOf, webAppManifest } from './web-app-manifest';

const settings = {
  systemName: 'CHL Back-office',
  organizationName: 'Student sponsorship',
  theme: 'light' as const,
  primaryColor: '#059669',
};

describe('the name under the icon', () => {
  it('is the whole name when it fits', () => {
    expect(shortNameOf('Bursaries')).toBe('Bursaries');
    expect(shortNameOf('x'.repeat(SHORT_NAME_MAX))).toBe('x'.repeat(SHORT_NAME_MAX));
  });
  it('is the first word of a longer name', () => {
    expect(shortNameOf('CHL Back-office')).toBe('CHL');
  });
  it('is the name cut at the limit when even its first word is too long', () => {
    expect(shortNameOf('Internationalisation office')).toBe('Internationa');
    expect(shortNameOf('Sponsorships and bursaries'.replace(/ /g, '-'))).toHaveLength(SHORT_NAME_MAX);
  });
});

describe('the manifest', () => {
  it('opens the app standalone at its root, with the icons a phone needs', () => {
    const m = webAppManifest(settings);
    expect(m).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', id: '/' });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
  });
  it('takes the title bar from the primary colour and the splash from the theme', () => {
    expect(webAppManifest(settings)).toMatchObject({
      theme_color: '#059669',
      background_color: PAGE_BACKGROUND.light,
    });
    expect(webAppManifest({ ...settings, theme: 'dark', primaryColor: '#7c3aed' })).toMatchObject({
      theme_color: '#7c3aed',
      background_color: PAGE_BACKGROUND.dark,
    });
    // 'auto' follows each device, which one manifest cannot: the page starts light.
    expect(webAppManifest({ ...settings, theme: 'auto' }).background_color).toBe(PAGE_BACKGROUND.light);
  });
  it('names the system and the organisation as the settings spell them', () => {
    const m = webAppManifest({
      ...settings,
      systemName: ' Kabwe Bursaries ',
      organizationName: 'Kabwe Trust',
    });
    expect(m).toMatchObject({
      name: 'Kabwe Bursaries',
      short_name: 'Kabwe',
      description: 'Kabwe Bursaries: Kabwe Trust',
    });
  });
});
