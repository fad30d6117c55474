import { failedCall } from '../api';

/** The server's answer to one request: its status and JSON body (null when it sent none). */
export interface Answer {
  status: number;
  body: unknown;
}

/** How the outbox reaches the server; it throws only when nothing answered (offline). */
export type Transport = (
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: BodyInit },
) => Promise<Answer>;

/**
 * The page's fetch with the session cookie. A 401 also tells the auth layer, which signs the page
 * out: the officer signs in again and the paused outbox goes on (sync.ts).
 */
export const fetchTransport: Transport = async (path, init) => {
  const response = await fetch(path, { ...init, credentials: 'same-origin' });
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const body: unknown = isJson ? await response.json().catch(() => null) : null;
  if (response.status === 401) failedCall(path, 401, body);
  return { status: response.status, body };
};
