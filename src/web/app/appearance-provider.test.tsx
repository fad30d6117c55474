import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { primaryPalette } from '../lib/colour';
import { DEFAULT_DISPLAY, formatDate, setDisplaySettings } from '../lib/format';
import { queryKeys } from '../lib/query-keys';
import type { AuthStatus } from '../lib/session';
import { useAppearance } from './appearance-provider';
import {
  publicSettings,
  renderWithAppearance,
  resetDocument,
  stubDevice,
  stubServer,
} from './appearance-test-support';

const auth = vi.hoisted(() => ({ status: 'signed-in' as AuthStatus }));
vi.mock('../lib/session', () => ({ useAuth: () => ({ status: auth.status }) }));

const html = document.documentElement;

function Probe() {
  const { system } = useAppearance();
  return (
    <p>
      {system.systemName}: {formatDate('2026-03-05')}
    </p>
  );
}

beforeEach(() => {
  auth.status = 'signed-in';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetDocument();
  setDisplaySettings(DEFAULT_DISPLAY);
});

describe('AppearanceProvider', () => {
  it("puts the system's dark theme, primary colour and compact mode on <html>", async () => {
    stubDevice({ matches: false });
    stubServer({
      settings: publicSettings({
        appearance: { theme: 'dark', primary_color: '#7c3aed', compact_mode: true },
      }),
      preference: null,
    });
    renderWithAppearance(<Probe />);
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
    expect(html.classList.contains('compact')).toBe(true);
    expect(html.style.getPropertyValue('--color-primary')).toBe(primaryPalette('#7c3aed', 'dark').primary);
    expect(html.style.getPropertyValue('--color-primary-foreground')).toBe(
      primaryPalette('#7c3aed', 'dark').foreground,
    );
  });

  it("takes the user's own theme over the system's", async () => {
    stubDevice({ matches: false });
    const server = stubServer({
      settings: publicSettings({ appearance: { theme: 'dark' } }),
      preference: 'light',
    });
    renderWithAppearance(<Probe />);
    await waitFor(() => expect(server.some((c) => c.url === '/api/me/preferences')).toBe(true));
    await waitFor(() => expect(html.classList.contains('dark')).toBe(false));
    expect(html.style.getPropertyValue('--color-primary')).toBe(primaryPalette('#059669', 'light').primary);
  });

  it("follows the device under 'auto', as it changes", async () => {
    const device = stubDevice({ matches: true });
    stubServer({ settings: publicSettings({ appearance: { theme: 'auto' } }), preference: null });
    renderWithAppearance(<Probe />);
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
    act(() => device.setDark(false));
    await waitFor(() => expect(html.classList.contains('dark')).toBe(false));
  });

  it("uses the system's theme on the signed-out pages, without asking for a preference", async () => {
    auth.status = 'signed-out';
    stubDevice({ matches: false });
    const calls = stubServer({
      settings: publicSettings({ appearance: { theme: 'dark' } }),
      preference: 'light',
    });
    renderWithAppearance(<Probe />);
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
    expect(calls.map((c) => c.url)).not.toContain('/api/me/preferences');
    expect(document.title).toBe('CHL Back-office');
  });

  it('shows the names and dates as the settings say, again after they change', async () => {
    stubDevice({ matches: false });
    const state = { settings: publicSettings({ system_name: 'Bursary Desk' }), preference: null };
    stubServer(state);
    const { client } = renderWithAppearance(<Probe />);
    await screen.findByText('Bursary Desk: 05/03/2026');

    state.settings = publicSettings({ system_name: 'Bursary Desk', date_format: 'YYYY-MM-DD' });
    await act(() => client.invalidateQueries({ queryKey: queryKeys.publicSettings }));
    await screen.findByText('Bursary Desk: 2026-03-05');
  });

  it('starts from the last appearance seen while the settings load', async () => {
    stubDevice({ matches: false });
    const state = { settings: publicSettings({ appearance: { theme: 'dark' } }), preference: null };
    stubServer(state);
    const first = renderWithAppearance(<Probe />);
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
    first.unmount();
    resetDocumentKeepingStorage();

    // The next load: the settings have not answered yet, the snapshot is applied already.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderWithAppearance(<Probe />);
    expect(html.classList.contains('dark')).toBe(true);
  });
});

function resetDocumentKeepingStorage() {
  html.className = '';
  html.removeAttribute('style');
}
