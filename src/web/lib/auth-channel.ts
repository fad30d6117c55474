/**
 * Tells the app's other tabs about sign-in and sign-out (BroadcastChannel 'chl-auth'). The cookie is
 * shared by all tabs, so a message only says "look again" (login) or "you are signed out" (logout).
 */
export type AuthMessage = { type: 'login'; userId: string } | { type: 'logout' };

export const AUTH_CHANNEL_NAME = 'chl-auth';

export function isAuthMessage(value: unknown): value is AuthMessage {
  if (!value || typeof value !== 'object') return false;
  const { type, userId } = value as { type?: unknown; userId?: unknown };
  return type === 'logout' || (type === 'login' && typeof userId === 'string');
}

export interface AuthChannel {
  post(message: AuthMessage): void;
  close(): void;
}

/** Opens the channel; a no-op channel where BroadcastChannel does not exist. */
export function openAuthChannel(onMessage: (message: AuthMessage) => void): AuthChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    if (isAuthMessage(event.data)) onMessage(event.data);
  };
  return { post: (message) => channel.postMessage(message), close: () => channel.close() };
}
