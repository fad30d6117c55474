import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import { AUTH_MESSAGES, type LoginResponse, type User } from '../../contracts/auth';
import { ApiError, api, setUnauthorizedHandler } from './api';
import { type AuthChannel, openAuthChannel } from './auth-channel';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user; null unless status is 'signed-in'. */
  user: User | null;
  /** Staff ID sign-in; the server sets the httpOnly session cookie. Throws ApiError on failure. */
  login(staffId: string, password: string, rememberMe: boolean): Promise<User>;
  /** Ends the session here and in the app's other tabs. */
  logout(): Promise<void>;
  /** Asks the server again who is signed in (GET /api/session). */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

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
    queryClient.clear();
    setState({ status: 'signed-out', user: null });
  }, [queryClient]);

  const refresh = useCallback(async () => {
    try {
      const { user } = await api.get<{ user: User | null }>('/api/session');
      if (!user) {
        signOutLocally();
        return;
      }
      // Someone else signed in (in another tab): drop the previous user's cached data.
      if (stateRef.current.user && stateRef.current.user.id !== user.id) queryClient.clear();
      setState({ status: 'signed-in', user });
    } catch {
      // The profile could not be loaded: signed out (docs/product.md §4).
      signOutLocally();
    }
  }, [queryClient, signOutLocally]);

  useEffect(() => {
    void refresh();
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

  useEffect(() => {
    setUnauthorizedHandler((error) => {
      if (stateRef.current.status !== 'signed-in') return;
      signOutLocally();
      channelRef.current?.post({ type: 'logout' });
      toast.error(error.message || AUTH_MESSAGES.notSignedIn);
    });
    return () => setUnauthorizedHandler(null);
  }, [signOutLocally]);

  const login = useCallback(
    async (staffId: string, password: string, rememberMe: boolean) => {
      const { user } = await api.post<LoginResponse>('/api/staff-auth/login', {
        staffId,
        password,
        rememberMe,
      });
      queryClient.clear();
      setState({ status: 'signed-in', user });
      channelRef.current?.post({ type: 'login', userId: user.id });
      return user;
    },
    [queryClient],
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
    () => ({ status: state.status, user: state.user, login, logout, refresh }),
    [state, login, logout, refresh],
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
