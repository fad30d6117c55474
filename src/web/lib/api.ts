/**
 * The one way the web app talks to the API: same-origin JSON with the session cookie.
 * Every failure becomes an ApiError carrying the server's `error`, `code` and `fields` (and a
 * refused CSV file's `rows` and `dropped`). File uploads go through ./upload.ts, which fails the same way.
 */
import type { ErrorResponse } from '../../contracts/common';

type RowDetails = Pick<ErrorResponse, 'rows' | 'dropped'>;

/** What a failed call looks like to the screens. status 0 means the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** A refused CSV file's problems by row, and the rows it would have left out. */
    readonly details: RowDetails = {},
    /** The whole JSON answer, for a screen that reads more of it (a form's 412: the form as saved). */
    readonly answer?: unknown,
  ) {
    super(message);
  }

  /** True when the request never got an answer (offline, server down, CORS...). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_CODE = 'network_error';

/** What a screen says when the server cannot be reached at all. */
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Builds an ApiError from an HTTP status and whatever body the server sent (JSON error or not). */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { error, code, fields, rows, dropped } = body as Record<string, unknown>;
    const details: RowDetails = {};
    if (Array.isArray(rows)) details.rows = rows as RowDetails['rows'];
    if (Array.isArray(dropped)) details.dropped = dropped as RowDetails['dropped'];
    return new ApiError(
      status,
      typeof error === 'string' ? error : '',
      typeof code === 'string' ? code : undefined,
      fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
      details,
      body,
    );
  }
  return new ApiError(status, '');
}

/**
 * The text to show for a failure: the server's message when it sent one; otherwise `failed` when the
 * server answered, or `network` when it could not be reached (docs/product.md §8 pairs, e.g. 'Login failed' /
 * 'Failed to login. Please try again.').
 */
export function errorMessage(error: unknown, fallbacks: { failed: string; network: string }): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return fallbacks.network;
    return error.message || fallbacks.failed;
  }
  return fallbacks.network;
}

/**
 * The spec's words for a failed action followed by the server's reason, e.g. 'Failed to create
 * yearbook: There is already a yearbook for the Class of 2027.' (docs/product.md §8, D8).
 */
export function failureWithReason(error: unknown, failed: string, network: string): string {
  const reason = errorMessage(error, { failed: '', network });
  return reason && reason !== failed ? `${failed}: ${reason}` : failed;
}

/** Calls that answer 401 as part of signing in or out; they never mean "your session just ended". */
const AUTH_PATHS = ['/api/staff-auth/', '/api/auth/', '/api/me', '/api/session'];

export function isAuthPath(path: string): boolean {
  return AUTH_PATHS.some((p) => path === p || path.startsWith(p));
}

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The auth layer registers here to hear when a session ends under it (a 401 on a non-auth call). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData is sent as is (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The ApiError for a failed answer to `path`; a 401 on a non-auth call tells the auth layer. */
export function failedCall(path: string, status: number, body: unknown): ApiError {
  const error = apiErrorFromResponse(status, body);
  if (status === 401 && !isAuthPath(path)) onUnauthorized?.(error);
  return error;
}

/** Fetches `path` (e.g. '/api/students') and returns the parsed JSON body, or throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '', NETWORK_ERROR_CODE);
  }

  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown = isJson ? await response.json().catch(() => null) : null;

  if (!response.ok) throw failedCall(path, response.status, data);
  return data as T;
}

/**
 * GET answers asked for before the screen that reads them has rendered (askEarly), and when. One
 * not taken within EARLY_ANSWER_MS is dropped: it was for a screen that did not come.
 */
const earlyAnswers = new Map<string, EarlyAnswer>();

interface EarlyAnswer {
  answer: Promise<unknown>;
  /** When it was asked for: one older than EARLY_ANSWER_MS is not taken. */
  at: number;
  /** Once it has come: the data, and when it came. */
  came?: { data: unknown; at: number };
}
const EARLY_ANSWER_MS = 10_000;

/**
 * Asks for `path` now; the first api.get of it takes this answer (later ones ask anew). For what
 * the first screen reads (the session, the settings, the user's preferences, the bell): asked as
 * the page's code starts (app/start-early.ts), beside the screen's code, instead of one round trip
 * after another once that screen has rendered (issue 22).
 */
export function askEarly<T>(path: string, options: { dropFailure?: boolean } = {}): Promise<T> {
  const answer = apiRequest<T>(path);
  const early: EarlyAnswer = { answer, at: Date.now() };
  earlyAnswers.set(path, early);
  // Taken later; until then a failure is not an unhandled rejection. With `dropFailure` (a list's
  // first page, asked before its screen exists) a failed answer is not taken: the screen asks anew.
  answer.then(
    (data) => {
      early.came = { data, at: Date.now() };
    },
    () => {
      if (options.dropFailure && earlyAnswers.get(path) === early) earlyAnswers.delete(path);
    },
  );
  return answer;
}

/** On signing out or another account signing in: an answer asked early was for the account before. */
export function forgetEarlyAnswers(): void {
  earlyAnswers.clear();
}

/** The answer asked early for `path`, unless it is older than EARLY_ANSWER_MS. */
function freshEarlyAnswer(path: string): EarlyAnswer | undefined {
  const early = earlyAnswers.get(path);
  return early && Date.now() - early.at < EARLY_ANSWER_MS ? early : undefined;
}

function takeEarlyAnswer<T>(path: string): Promise<T> | undefined {
  const early = freshEarlyAnswer(path);
  earlyAnswers.delete(path);
  return early?.answer as Promise<T> | undefined;
}

/** Shorthands for the common verbs. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => takeEarlyAnswer<T>(path) ?? apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

/**
 * The answer asked early for `path`, if it has already come (and is not too old to take): taken, as
 * api.get takes it, with when it came. For a query's initial data (query-of.ts).
 */
export function takeEarlyAnswerIfCome<T>(path: string): { data: T; at: number } | undefined {
  const came = freshEarlyAnswer(path)?.came;
  if (!came) return undefined;
  earlyAnswers.delete(path);
  return { data: came.data as T, at: came.at };
}
