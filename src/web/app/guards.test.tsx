// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, type User } from '../../contracts/auth';
import { json, renderWithClient, stubApi } from '../testing/api-stub';
import { sessionUser } from '../testing/session-user';
import { SignInGate } from './guards';

const session = vi.hoisted(() => ({
  user: null as User | null,
  refresh: vi.fn(() => Promise.resolve()),
  logout: vi.fn(() => Promise.resolve()),
}));
vi.mock('../lib/session', () => ({ useAuth: () => session }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.refresh.mockClear();
});

const user = (gates: Partial<User>): User => sessionUser(gates);

const showApp = () => renderWithClient(<SignInGate>The app itself</SignInGate>);

describe('SignInGate', () => {
  it('lets an account no setting holds back into the app', () => {
    session.user = user({});
    showApp();
    expect(screen.getByText('The app itself')).toBeTruthy();
  });

  it('shows the expired-password screen instead of the app, and asks who is signed in after the change', async () => {
    session.user = user({ must_change_password: true, must_set_up_two_factor: true });
    const seen = stubApi((method) => json(method === 'POST' ? { message: 'Password changed' } : {}));
    showApp();
    expect(screen.queryByText('The app itself')).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has expired' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordExpired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'Demo#2026');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Secret#Pass1');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'Secret#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await vi.waitFor(() => expect(session.refresh).toHaveBeenCalled());
    expect(seen.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/me/password',
      body: { current_password: 'Demo#2026', new_password: 'Secret#Pass1' },
    });
  });

  it('shows the two-factor setup instead of the app when the settings require it', async () => {
    session.user = user({ must_set_up_two_factor: true });
    stubApi(() => json({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: true }));
    showApp();
    expect(screen.queryByText('The app itself')).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.twoFactorSetupRequired)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set Up' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(session.logout).toHaveBeenCalled();
  });
});
