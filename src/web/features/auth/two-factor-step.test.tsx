// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../contracts/auth';
import { TWO_FACTOR_MESSAGES } from '../../../contracts/two-factor';
import { AuthProvider } from '../../lib/session';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { sessionUser } from '../../testing/session-user';
import { StaffLoginPage } from './staff-login-page';

cleanAfterEach();

const USER: User = sessionUser();
const SIGNED_IN = { user: USER, session_token: 'session', expires_at: '2026-03-16T09:00:00Z' };
const CHALLENGE = { two_factor_required: true, challenge_token: 's.challenge-1' };

/** Signed out at first; the login answers a challenge; the code's answer comes from `second`. */
function serve(second: (body: Record<string, string>) => Promise<Response>) {
  return stubApi((method, url, body) => {
    if (url === '/api/session') return json({ user: null });
    if (method === 'GET') return json({ googleEnabled: false, demoData: false });
    if (url === '/api/staff-auth/login') return json(CHALLENGE);
    if (url === '/api/staff-auth/two-factor') return second(body as Record<string, string>);
    return json({ error: 'unexpected' }, 500);
  });
}

const showLogin = () =>
  renderWithClient(
    <AuthProvider>
      <Routes>
        <Route path="/staff-login" element={<StaffLoginPage />} />
        <Route path="/dashboard" element={<p>The dashboard</p>} />
      </Routes>
    </AuthProvider>,
    '/staff-login',
  );

async function signInWithPassword() {
  await userEvent.type(await screen.findByLabelText(/Staff ID/), 'PO009');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Demo#2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
}

const twoFactorPosts = (seen: ReturnType<typeof stubApi>) =>
  seen.filter((c) => c.url === '/api/staff-auth/two-factor').map((c) => c.body);

describe('the two-factor step of the staff login', () => {
  it('asks for the code after a right password, then signs in like a normal login', async () => {
    const seen = serve(() => json(SIGNED_IN));
    showLogin();
    await signInWithPassword();
    const code = screen.getByLabelText(/Authentication code/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(twoFactorPosts(seen)).toEqual([]);

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(twoFactorPosts(seen)).toEqual([{ challenge_token: 's.challenge-1', code: '123456' }]);
  });

  it('takes a recovery code instead, and shows why a wrong one is refused', async () => {
    let tries = 0;
    const seen = serve(() =>
      ++tries === 1
        ? json({ error: TWO_FACTOR_MESSAGES.wrongRecoveryCode, code: 'two_factor_code_wrong' }, 401)
        : json(SIGNED_IN),
    );
    showLogin();
    await signInWithPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText(/Recovery code/);
    await userEvent.type(field, 'ABCDE-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    await userEvent.type(screen.getByLabelText(/Recovery code/), 'fghij-67890');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(twoFactorPosts(seen)).toEqual([
      { challenge_token: 's.challenge-1', recovery_code: 'abcde-12345' },
      { challenge_token: 's.challenge-1', recovery_code: 'fghij-67890' },
    ]);
  });

  it('goes back to the password, with the reason, once the challenge has ended', async () => {
    serve(() => json({ error: TWO_FACTOR_MESSAGES.challengeEnded, code: 'two_factor_challenge_ended' }, 401));
    showLogin();
    await signInWithPassword();
    await userEvent.type(screen.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(TWO_FACTOR_MESSAGES.challengeEnded);
    expect((screen.getByLabelText(/Staff ID/) as HTMLInputElement).value).toBe('PO009');
  });
});
