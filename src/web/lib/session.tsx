import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import type { LoginResponse, SignedInResponse, User } from '../../contracts/auth';
import { AUTH_MESSAGES } from '../../contracts/auth-messages';
import { ApiError, api, forgetEarlyAnswers, setUnauthorizedHandler } from './api';
import { type AuthChannel, openAuthChannel } from './auth-channel';
import { forgetSignedIn, lastSignedIn, rememberSignedIn } from './offline-session';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** What a staff ID and password lead to: signed in, or a two-factor code asked for first. */
export type LoginOutcome = { user: User } | { challengeToken: string };

/** The second step of a sign-in: an authenticator's code, or one recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

export interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user; null unless status is 'signed-in'. */
  user: User | null;
  /**
   * Staff ID sign-in; the server sets the httpOnly session cookie, or (for an account with an
   * authenticator) answers a challenge for completeTwoFactor. Throws ApiError on failure.
   */
  login(staffId: string, password: string, rememberMe: boolean): Promise<LoginOutcome>;
  /** Finishes a sign-in that asked for a code. Throws ApiError on failure. */
  completeTwoFactor(challengeToken: string, second: SecondFactor): Promise<User>;
  /** Ends the session here and in the app's other tabs. */
  logout(): Promise<void>;
  /** Asks the server again who is signed in (GET /api/session). */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The server's 403 codes for a sign-in gate (server/auth/sign-in-gates.ts). */
const SIGN_IN_GATE_CODES = new Set(['password_expired', 'two_factor_setup_required']);

type State =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: User }
  | { status: 'signed-out'; user: null };

/**
 * Who is signed in: the session cookie, checked with GET /api/session, never a token in
 * localStorage. That call answers 200 with no user when nobody is signed in, so a signed-out visit
 * logs no failed request in the browser's console.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'loading', user: null });
  const stateRef = useRef(state);
  stateRef.current = state;
  const channelRef = useRef<AuthChannel | null>(null);

  const signOutLocally = useCallback(() => {
    forgetSignedIn();
    forgetEarlyAnswers();
    queryClient.clear();
    setState({ status: 'signed-out', user: null });
  }, [queryClient]);

  const refresh = useCallback(async () => {
    try {
      const { user } = await api.get<{ user: User | null }>('/api/session');
      if (!user) {
        forgetSignedIn();
        // On opening the app nobody's data is here yet: the public settings just read stay. A
        // transition, as below: the sign-in page is drawn in short slices once its code is here.
        if (stateRef.current.status === 'loading')
          startTransition(() => setState({ status: 'signed-out', user: null }));
        else signOutLocally();
        return;
      }
      // Someone else signed in (in another tab): drop the previous user's cached data.
      if (stateRef.current.user && stateRef.current.user.id !== user.id) {
        forgetEarlyAnswers();
        queryClient.clear();
      }
      // A transition: the screen before (the 'Authenticating...' spinner on opening the app) stays
      // until the signed-in screen's code is here, rather than a second spinner that React would
      // keep up at least 300 ms once shown (issue 22: the dashboard's first paint on a phone).
      rememberSignedIn(user);
      startTransition(() => setState({ status: 'signed-in', user }));
    } catch (error) {
      // No network on opening the installed app: the account last signed in here, until the
      // server can be asked (offline-session.ts; the 'online' listener below asks again).
      const last = error instanceof ApiError && error.isNetworkError ? lastSignedIn() : null;
      if (last && stateRef.current.status !== 'signed-out') {
        startTransition(() => setState({ status: 'signed-in', user: last }));
        return;
      }
      // The profile could not be loaded: signed out (docs/product.md §4).
      signOutLocally();
    }
  }, [queryClient, signOutLocally]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Back online: the server decides again who is signed in (a session that ended meanwhile signs out).
  useEffect(() => {
    const checkAgain = () => {
      if (stateRef.current.status === 'signed-in') void refresh();
    };
    window.addEventListener('online', checkAgain);
    return () => window.removeEventListener('online', checkAgain);
  }, [refresh]);

  useEffect(() => {
    const channel = openAuthChannel((message) => {
      if (message.type === 'logout') {
        if (stateRef.current.status === 'signed-in') signOutLocally();
      } else if (stateRef.current.user?.id !== message.userId) {
        void refresh();
      }
    });
    channelRef.current = channel;
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [refresh, signOutLocally]);

  // System Settings may close a sign-in gate while the app is open (two-factor switched on, a
  // password expiring): the server then refuses with one of these codes, and asking who is signed
  // in again brings up the screen that leads through the gate.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (
        error instanceof ApiError &&
        error.status === 403 &&
        error.code &&
        SIGN_IN_GATE_CODES.has(error.code)
      )
        void refresh();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, refresh]);

  useEffect(() => {
    setUnauthorizedHandler((error) => {
      if (stateRef.current.status !== 'signed-in') return;
      signOutLocally();
      channelRef.current?.post({ type: 'logout' });
      toast.error(error.message || AUTH_MESSAGES.notSignedIn);
    });
    return () => setUnauthorizedHandler(null);
  }, [signOutLocally]);

  const signedIn = useCallback(
    (user: User) => {
      rememberSignedIn(user);
      queryClient.clear();
      setState({ status: 'signed-in', user });
      channelRef.current?.post({ type: 'login', userId: user.id });
      return user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (staffId: string, password: string, rememberMe: boolean): Promise<LoginOutcome> => {
      const answer = await api.post<LoginResponse>('/api/staff-auth/login', {
        staffId,
        password,
        rememberMe,
      });
      if ('two_factor_required' in answer) return { challengeToken: answer.challenge_token };
      return { user: signedIn(answer.user) };
    },
    [signedIn],
  );

  const completeTwoFactor = useCallback(
    async (challengeToken: string, second: SecondFactor) => {
      const { user } = await api.post<SignedInResponse>('/api/staff-auth/two-factor', {
        challenge_token: challengeToken,
        ...second,
      });
      return signedIn(user);
    },
    [signedIn],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/api/staff-auth/logout');
    } catch (error) {
      // The cookie may already be gone; signing out here is what matters.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      signOutLocally();
      channelRef.current?.post({ type: 'logout' });
    }
  }, [signOutLocally]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, login, completeTwoFactor, logout, refresh }),
    [state, login, completeTwoFactor, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session: { status, user, login, logout, refresh }. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user, for screens that only render when signed in. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
