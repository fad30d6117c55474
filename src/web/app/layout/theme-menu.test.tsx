import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPreferences } from '../../../contracts/users';
import { json, stubApi } from '../../testing/api-stub';
import {
  publicSettings,
  renderWithAppearance,
  resetDocument,
  stubDevice,
  stubServer,
} from '../appearance-test-support';
import { ThemeMenu } from './theme-menu';

vi.mock('../../lib/session', () => ({ useAuth: () => ({ status: 'signed-in' }) }));

const html = document.documentElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetDocument();
});

async function openMenu() {
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Theme' });
  button.focus();
  await user.keyboard('{Enter}');
  return user;
}

describe('ThemeMenu', () => {
  it('offers the system default (naming it), Light, Dark and Auto, with the current one ticked', async () => {
    stubDevice({ matches: false });
    stubServer({ settings: publicSettings({ appearance: { theme: 'dark' } }), preference: null });
    renderWithAppearance(<ThemeMenu />);
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
    await openMenu();
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['System default (Dark)', 'Light', 'Dark', 'Auto']);
    await waitFor(() =>
      expect(
        screen.getByRole('menuitemradio', { name: 'System default (Dark)' }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
  });

  it('applies a choice at once, before the save answers, and saves it for the user', async () => {
    stubDevice({ matches: false });
    let preference: MyPreferences['theme_preference'] = null;
    let answerSave = () => {};
    const calls = stubApi((method, url, body) => {
      if (url === '/api/settings/public') return json(publicSettings({ appearance: { theme: 'dark' } }));
      if (method === 'PUT') {
        preference = (body as MyPreferences).theme_preference;
        return new Promise<Response>((resolve) => {
          answerSave = () => resolve(new Response(JSON.stringify({ theme_preference: preference })));
        });
      }
      return json({ theme_preference: preference });
    });
    renderWithAppearance(<ThemeMenu />);
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
    const user = await openMenu();
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));
    await waitFor(() => expect(html.classList.contains('dark')).toBe(false));
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/me/preferences',
      body: { theme_preference: 'light' },
    });
    answerSave();

    await openMenu();
    await user.click(await screen.findByRole('menuitemradio', { name: 'System default (Dark)' }));
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/me/preferences',
      body: { theme_preference: null },
    });
    answerSave();
  });

  it('goes back to the theme before when the save fails', async () => {
    stubDevice({ matches: false });
    stubApi((method, url) => {
      if (url === '/api/settings/public') return json(publicSettings({ appearance: { theme: 'light' } }));
      if (method === 'PUT') return json({ error: 'Server error' }, 500);
      return json({ theme_preference: null });
    });
    renderWithAppearance(<ThemeMenu />);
    await screen.findByRole('button', { name: 'Theme' });
    const user = await openMenu();
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    await screen.findByText('Failed to save your theme. Please try again.');
    expect(html.classList.contains('dark')).toBe(false);
  });
});
