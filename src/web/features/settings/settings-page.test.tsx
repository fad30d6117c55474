// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SETTINGS,
  NOTIFICATION_SWITCHES,
  SECURITY_TAKES_EFFECT,
  SETTINGS_MESSAGES,
  SMS_UNAVAILABLE,
} from '../../../domain/settings';
import { usePublicSettings } from '../../lib/public-settings';
import { cleanAfterEach } from '../../testing/api-stub';
import { backupsOf, json, settingsAt, showSettings, stubApi } from './test-support';

vi.mock('../../lib/session', () => ({ useAuth: () => ({ logout: async () => {} }) }));

cleanAfterEach();

/** GET /api/settings answers `reads` in turn (the last one again after), writes answer `write`. */
function stubSettings(reads = [settingsAt(3)], write: () => Promise<Response> = () => json(settingsAt(4))) {
  let read = 0;
  return stubApi((method, url) => {
    if (url === '/api/backups') return json(backupsOf([]));
    if (url === '/api/settings/public') return json({ system_name: 'CHL Back-office' });
    if (method === 'GET') return json(reads[Math.min(read++, reads.length - 1)]);
    return write();
  });
}

/** A page elsewhere that reads the public settings (the sidebar's name, a password hint). */
function PublicReader() {
  usePublicSettings();
  return null;
}

const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

describe('SettingsPage', () => {
  it('shows the title, the five tabs and the values read', async () => {
    stubSettings();
    showSettings();
    expect(await screen.findByDisplayValue('CHL Back-office')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'System Settings' })).toBeTruthy();
    expect(screen.getByText('Configure system preferences and security')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'General',
      'Security',
      'Notifications',
      'Appearance',
      'Backup & Data',
    ]);
    expect(textbox('Organisation name').value).toBe('Student sponsorship');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Time zone' }).value).toBe(
      'Africa/Lusaka',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Currency' }).value).toBe('ZMW');
    expect(screen.getByRole('button', { name: 'Reset to Defaults' })).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Last saved 01/03/2026 10:00 by Grace Mwale.')).toBeTruthy();
  });

  it('keeps the tab in the address and opens the one it names', async () => {
    stubSettings();
    showSettings('/settings?tab=security');
    expect(await screen.findByText(SECURITY_TAKES_EFFECT)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Security', selected: true })).toBeTruthy();
    expect(textbox('Minimum password length').value).toBe('8');
    expect(screen.getByText('From 6 to 64.')).toBeTruthy();
    expect(
      screen.getByText(/At least 8 characters, with an uppercase letter, a lowercase letter/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Appearance' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/settings?tab=appearance');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Light/ }).checked).toBe(true);
  });

  it('saves the whole document with the version read, says so, and every page reads the public part again', async () => {
    const seen = stubSettings();
    showSettings('/settings', <PublicReader />);
    const organisation = await screen.findByDisplayValue('Student sponsorship');
    await userEvent.clear(organisation);
    await userEvent.type(organisation, 'Kafue Scholars');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // Another tab and back: the edit is kept (only the open tab is on the page).
    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(textbox('Organisation name').value).toBe('Kafue Scholars');
    await userEvent.click(saveButton());
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = seen.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/settings');
    expect(put?.body).toEqual({
      version: 3,
      settings: {
        ...DEFAULT_SETTINGS,
        general: { ...DEFAULT_SETTINGS.general, organizationName: 'Kafue Scholars' },
      },
    });
    const reads = (url: string) => seen.filter((c) => c.method === 'GET' && c.url === url).length;
    await waitFor(() => expect(reads('/api/settings/public')).toBe(2));
    await waitFor(() => expect(reads('/api/settings')).toBe(2));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('live-previews the password rule and refuses a length that is not a whole number', async () => {
    const seen = stubSettings();
    showSettings('/settings?tab=security');
    const length = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Minimum password length' });
    await userEvent.click(screen.getByRole('switch', { name: 'Require special characters' }));
    expect(
      screen.getByText('At least 8 characters, with an uppercase letter, a lowercase letter and a number.'),
    ).toBeTruthy();
    await userEvent.clear(length);
    await userEvent.type(length, '10.5');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Minimum password length must be a whole number')).toBeTruthy();
    expect(seen.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts a 400 message under its field, on its tab', async () => {
    stubSettings([settingsAt(3)], () =>
      json(
        {
          error: 'Maximum login attempts must be from 3 to 10',
          fields: { 'settings.security.loginAttempts': 'Maximum login attempts must be from 3 to 10' },
        },
        400,
      ),
    );
    showSettings();
    const name = await screen.findByDisplayValue('CHL Back-office');
    await userEvent.type(name, ' 2');
    await userEvent.click(saveButton());
    const attempts = await screen.findByRole('textbox', { name: 'Maximum login attempts' });
    expect(screen.getByRole('tab', { name: /Security/, selected: true })).toBeTruthy();
    const described = attempts.getAttribute('aria-describedby') ?? '';
    const messages = described.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('Maximum login attempts must be from 3 to 10');
  });

  it('says a 409 is stale and Reload reads the settings again, dropping the edits', async () => {
    const theirs = settingsAt(5, {
      ...DEFAULT_SETTINGS,
      general: { ...DEFAULT_SETTINGS.general, systemName: 'Their name' },
    });
    const seen = stubSettings([settingsAt(3), theirs], () => json({ error: SETTINGS_MESSAGES.stale }, 409));
    showSettings();
    const name = await screen.findByDisplayValue('CHL Back-office');
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine');
    await userEvent.click(saveButton());
    const alert = await screen.findByText(SETTINGS_MESSAGES.stale);
    expect(textbox('System name').value).toBe('Mine');
    const reads = () => seen.filter((c) => c.method === 'GET' && c.url === '/api/settings').length;
    const before = reads();
    await userEvent.click(
      within(alert.closest('[role=alert]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );
    await waitFor(() => expect(textbox('System name').value).toBe('Their name'));
    expect(reads()).toBe(before + 1);
    expect(screen.queryByText(SETTINGS_MESSAGES.stale)).toBeNull();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('asks before Reset to Defaults, then posts the version read', async () => {
    const seen = stubSettings([settingsAt(3)], () => json(settingsAt(4)));
    showSettings();
    await screen.findByDisplayValue('CHL Back-office');
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset to Defaults?' });
    expect(within(dialog).getByText(/for everyone/)).toBeTruthy();
    expect(seen.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset to Defaults' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.reset)).toBeTruthy();
    expect(seen.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/settings/reset',
      body: { version: 3 },
    });
  });

  it('refuses a primary colour that is not #rrggbb, and the picker sets the text', async () => {
    const seen = stubSettings();
    showSettings('/settings?tab=appearance');
    const hex = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Primary colour' });
    expect(hex.value).toBe('#059669');
    await userEvent.clear(hex);
    await userEvent.type(hex, '#12345');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Primary colour must be a colour such as #059669')).toBeTruthy();
    expect(seen.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByRole('tab', { name: /Appearance/ }).textContent).toContain('needs correcting');
    fireEvent.input(screen.getByLabelText('Pick the primary colour'), { target: { value: '#aa3300' } });
    expect(hex.value).toBe('#aa3300');
    await waitFor(() =>
      expect(screen.queryByText('Primary colour must be a colour such as #059669')).toBeNull(),
    );
  });

  it("with a gateway, lets SMS be turned on and shows this month's messages", async () => {
    stubApi((method, url) => {
      if (url === '/api/sms/summary')
        return json({
          month: '2026-03',
          by_status: { queued: 1, sending: 0, sent: 4, delivered: 7, failed: 2 },
          total_cost: [{ currency: 'ZMW', amount: '5.8500' }],
        });
      if (url === '/api/settings/public') return json({ system_name: 'CHL Back-office' });
      if (method === 'GET') return json(settingsAt(3, DEFAULT_SETTINGS, true));
      return json(settingsAt(4, DEFAULT_SETTINGS, true));
    });
    showSettings('/settings?tab=notifications');
    const sms = await screen.findByRole('switch', { name: 'SMS notifications' });
    expect((sms as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(SMS_UNAVAILABLE)).toBeNull();
    await userEvent.click(sms);
    expect(sms.getAttribute('aria-checked')).toBe('true');
    const summary = await screen.findByLabelText('Text messages this month');
    expect(within(summary).getByText('Delivered').nextSibling?.textContent).toBe('7');
    expect(within(summary).getByText('ZMW 5.8500')).toBeTruthy();
  });

  it('shows every notification switch, SMS off and disabled', async () => {
    stubSettings();
    showSettings('/settings?tab=notifications');
    const sms = await screen.findByRole('switch', { name: 'SMS notifications' });
    expect(sms.getAttribute('aria-checked')).toBe('false');
    expect((sms as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(SMS_UNAVAILABLE)).toBeTruthy();
    for (const { label } of Object.values(NOTIFICATION_SWITCHES))
      expect(screen.getByRole('switch', { name: label })).toBeTruthy();
    const allowancePaid = screen.getByRole('switch', { name: NOTIFICATION_SWITCHES.smsAllowancePaid.label });
    expect((allowancePaid as HTMLButtonElement).disabled).toBe(true);
    const push = screen.getByRole('switch', { name: 'Push notifications' });
    expect(push.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(push);
    expect(push.getAttribute('aria-checked')).toBe('false');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows an error with Retry when the settings cannot be read', async () => {
    let fail = true;
    stubApi(() => (fail ? json({ error: 'The database is not answering.' }, 503) : json(settingsAt(3))));
    showSettings();
    expect(await screen.findByText('The database is not answering.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('CHL Back-office')).toBeTruthy();
  });
});
