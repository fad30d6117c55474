import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../contracts/settings';
import {
  DEFAULT_APPEARANCE,
  fromPublicSettings,
  readSnapshot,
  resolveTheme,
  writeSnapshot,
} from './appearance';

describe('resolveTheme', () => {
  it("takes the user's own theme over the system's", () => {
    expect(resolveTheme('light', 'dark', true)).toBe('light');
    expect(resolveTheme('dark', 'light', false)).toBe('dark');
  });

  it("follows the system's when the user has none", () => {
    expect(resolveTheme(null, 'dark', false)).toBe('dark');
    expect(resolveTheme(undefined, 'light', true)).toBe('light');
  });

  it("reads 'auto' from the device, whoever chose it", () => {
    expect(resolveTheme(null, 'auto', true)).toBe('dark');
    expect(resolveTheme(null, 'auto', false)).toBe('light');
    expect(resolveTheme('auto', 'light', true)).toBe('dark');
    expect(resolveTheme('auto', 'dark', false)).toBe('light');
  });
});

describe('public settings', () => {
  it('become the appearance the screens apply', () => {
    const settings = {
      system_name: 'Bursary Desk',
      organization_name: 'Kafue Trust',
      timezone: 'UTC',
      date_format: 'YYYY-MM-DD',
      appearance: { theme: 'auto', primary_color: '#7c3aed', sidebar_collapsed: true, compact_mode: true },
    } as PublicSettings;
    expect(fromPublicSettings(settings)).toEqual({
      systemName: 'Bursary Desk',
      organizationName: 'Kafue Trust',
      theme: 'auto',
      primaryColor: '#7c3aed',
      sidebarCollapsed: true,
      compact: true,
      dateFormat: 'YYYY-MM-DD',
      timeZone: 'UTC',
    });
  });
});

describe('the last appearance seen', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
    };
  };

  it('is kept and read back', () => {
    const storage = memory();
    expect(readSnapshot(storage)).toBeNull();
    const snapshot = { system: { ...DEFAULT_APPEARANCE, compact: true }, choice: 'dark' as const };
    writeSnapshot(snapshot, storage);
    expect(readSnapshot(storage)).toEqual(snapshot);
  });

  it('is ignored when unreadable', () => {
    const storage = memory();
    storage.setItem('chl.appearance', '{not json');
    expect(readSnapshot(storage)).toBeNull();
    storage.setItem('chl.appearance', '{"choice":"dark"}');
    expect(readSnapshot(storage)).toBeNull();
  });
});
