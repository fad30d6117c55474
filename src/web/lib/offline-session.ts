import type { User } from '../../contracts/auth';

/**
 * Who was last signed in on this device, so that the installed app opens its signed-in frame with
 * no network (issue 48 item 1) instead of a sign-in page that cannot sign in. Used only when the
 * server cannot be reached at all: whenever it answers, its answer decides (signed out on a 401 or
 * no session), and signing out here forgets it. It grants nothing: every request still carries the
 * session cookie, which the server checks. Nothing but the account's own profile is kept.
 */
const KEY = 'chl.last-signed-in';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a locked-down browser): the app works as before, online only.
    return null;
  }
}

export function rememberSignedIn(user: User): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(user));
  } catch {
    // Full or refused: nothing to open offline with, nothing lost otherwise.
  }
}

export function forgetSignedIn(): void {
  storage()?.removeItem(KEY);
}

/** The account last signed in here, or null (none, or not one this version can read). */
export function lastSignedIn(): User | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as Partial<User> | null;
    const readable =
      typeof user?.id === 'string' && typeof user.name === 'string' && typeof user.role === 'string';
    return readable ? (user as User) : null;
  } catch {
    return null;
  }
}
