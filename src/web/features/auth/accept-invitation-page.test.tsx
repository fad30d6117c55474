// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../domain/users';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { AcceptInvitationPage } from './accept-invitation-page';

cleanAfterEach();

/** Answers the sign-in pages' config, and the invitation with `accept`. */
const serve = (accept: () => Promise<Response>) =>
  stubApi((method) => (method === 'GET' ? json({ googleEnabled: false, devMode: false }) : accept()));

/** A published policy of 12 characters with a number, and nothing else required. */
const POLICY_12 = {
  min_length: 12,
  require_uppercase: false,
  require_lowercase: false,
  require_numbers: true,
  require_special_chars: false,
};

const posts = (seen: ReturnType<typeof stubApi>) => seen.filter((c) => c.method === 'POST');

async function choosePassword(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('AcceptInvitationPage', () => {
  it('posts the token and the password, then offers the staff login', async () => {
    const seen = serve(() => json({ message: USER_MESSAGES.invitationAccepted }));
    renderWithClient(<AcceptInvitationPage />, '/accept-invitation?token=inv-token-123');
    expect(screen.getByRole('heading', { name: 'Set Your Password' })).toBeTruthy();
    expect(screen.getByText('Welcome! Choose a password to finish setting up your account.')).toBeTruthy();
    await choosePassword('New#Secret1');
    expect(await screen.findByText(USER_MESSAGES.invitationAccepted)).toBeTruthy();
    expect(posts(seen)).toEqual([
      {
        method: 'POST',
        url: '/api/staff-auth/accept-invitation',
        body: { token: 'inv-token-123', newPassword: 'New#Secret1' },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/staff-login');
  });

  it('states the password policy in force under the field, and checks it with its words', async () => {
    const seen = stubApi((method, url) =>
      url === '/api/settings/public'
        ? json({ password_policy: POLICY_12 })
        : method === 'GET'
          ? json({ googleEnabled: false, devMode: false })
          : json({ message: 'ok' }),
    );
    renderWithClient(<AcceptInvitationPage />, '/accept-invitation?token=inv-token-123');
    expect(await screen.findByText('At least 12 characters, with a number.')).toBeTruthy();
    await choosePassword('Secret1');
    expect(await screen.findByText('Password must be at least 12 characters long')).toBeTruthy();
    expect(screen.queryByText(/at least 6 characters/)).toBeNull();
    expect(posts(seen)).toEqual([]);
  });

  it("shows the server's message when the invitation is refused", async () => {
    serve(() => json({ error: USER_MESSAGES.badInvitation }, 400));
    renderWithClient(<AcceptInvitationPage />, '/accept-invitation?token=expired');
    await choosePassword('New#Secret1');
    expect((await screen.findByRole('alert')).textContent).toBe(USER_MESSAGES.badInvitation);
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeTruthy();
  });

  it('blocks passwords that do not match, or are too short, without calling the server', async () => {
    const seen = serve(() => json({ message: 'ok' }));
    renderWithClient(<AcceptInvitationPage />, '/accept-invitation?token=inv-token-123');
    await choosePassword('New#Secret1', 'new-secrex');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(
      await screen.findByText(
        'Password must be at least 8 characters long Password must contain an uppercase letter Password must contain a number Password must contain a special character (such as ! # $ %)',
      ),
    ).toBeTruthy();
    expect(posts(seen)).toEqual([]);
  });

  it('says the link is invalid when it carries no token', async () => {
    serve(() => json({ message: 'ok' }));
    renderWithClient(<AcceptInvitationPage />, '/accept-invitation');
    expect(screen.getByRole('alert').textContent).toBe(USER_MESSAGES.badInvitation);
    expect(screen.queryByRole('button', { name: 'Set Password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Staff Login' })).toBeTruthy();
  });
});
