// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanAfterEach, json, renderWithClient } from '../testing/api-stub';
import { sessionUser } from '../testing/session-user';
import { forgetEarlyAnswers } from './api';
import { forgetSignedIn, lastSignedIn, rememberSignedIn } from './offline-session';
import { AuthProvider, useAuth } from './session';

cleanAfterEach();
beforeEach(() => {
  forgetEarlyAnswers();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

function Who() {
  const { status, user } = useAuth();
  return <p>{status === 'signed-in' ? `signed in: ${user?.name}` : status}</p>;
}

/** GET /api/session answered by `answer` (a rejected fetch: no network). */
function openApp(answer: () => Promise<Response>) {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  renderWithClient(
    <AuthProvider>
      <Who />
    </AuthProvider>,
  );
  return fetch;
}

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the account kept for opening the app offline', () => {
  it('is the one the server last said was signed in', async () => {
    openApp(() => json({ user: sessionUser() }));
    await screen.findByText('signed in: Chanda Mwale');
    expect(lastSignedIn()?.staff_id).toBe('PO009');
  });

  it('opens the signed-in app when the server cannot be reached', async () => {
    rememberSignedIn(sessionUser());
    openApp(noNetwork);
    await screen.findByText('signed in: Chanda Mwale');
  });

  it('is signed out offline when nobody was signed in here', async () => {
    openApp(noNetwork);
    await screen.findByText('signed-out');
  });

  it('gives way to the server whenever it answers: no session there, signed out and forgotten', async () => {
    rememberSignedIn(sessionUser());
    openApp(() => json({ user: null }));
    await screen.findByText('signed-out');
    expect(lastSignedIn()).toBeNull();
  });

  it('asks the server again when the network is back, and signs out if the session ended meanwhile', async () => {
    rememberSignedIn(sessionUser());
    let online = false;
    openApp(() => (online ? json({ user: null }) : noNetwork()));
    await screen.findByText('signed in: Chanda Mwale');
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('signed-out');
    expect(lastSignedIn()).toBeNull();
  });

  it('is not kept on a server error: only a missing network opens the app offline', async () => {
    rememberSignedIn(sessionUser());
    openApp(() => json({ error: 'Something went wrong on our side. Please try again.' }, 500));
    await screen.findByText('signed-out');
  });

  it('reads nothing it cannot use', () => {
    localStorage.setItem('chl.last-signed-in', '{"id":1}');
    expect(lastSignedIn()).toBeNull();
    localStorage.setItem('chl.last-signed-in', 'not json');
    expect(lastSignedIn()).toBeNull();
    forgetSignedIn();
    expect(localStorage.length).toBe(0);
  });
});

function SignOut() {
  const { logout } = useAuth();
  return (
    <button type="button" onClick={() => void logout()}>
      Sign out
    </button>
  );
}

it('keeps no account once signed out, even when the sign-out could not reach the server', async () => {
  let online = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (online ? json({ user: sessionUser() }) : noNetwork())),
  );
  renderWithClient(
    <AuthProvider>
      <Who />
      <SignOut />
    </AuthProvider>,
  );
  await screen.findByText('signed in: Chanda Mwale');
  expect(lastSignedIn()).not.toBeNull();
  online = false;
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  await screen.findByText('signed-out');
  expect(lastSignedIn()).toBeNull();
});
