import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  apiErrorFromResponse,
  apiRequest,
  askEarly,
  errorMessage,
  failureWithReason,
  forgetEarlyAnswers,
  isAuthPath,
  setUnauthorizedHandler,
} from './api';

const fallbacks = { failed: 'Login failed', network: 'Failed to login. Please try again.' };

describe('apiErrorFromResponse', () => {
  it('takes the server error, code and fields', () => {
    const error = apiErrorFromResponse(400, {
      error: 'Password must be at least 6 characters long',
      code: 'bad',
      fields: { password: 'Password must be at least 6 characters long' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Password must be at least 6 characters long');
    expect(error.code).toBe('bad');
    expect(error.fields).toEqual({ password: 'Password must be at least 6 characters long' });
  });

  it('copes with a body that is not the error shape', () => {
    expect(apiErrorFromResponse(502, null).message).toBe('');
    expect(apiErrorFromResponse(500, { error: 42 }).message).toBe('');
  });
});

describe('errorMessage', () => {
  it("shows the server's message", () => {
    expect(errorMessage(new ApiError(401, 'Invalid staff ID or password'), fallbacks)).toBe(
      'Invalid staff ID or password',
    );
  });
  it('falls back when the server sent no message', () => {
    expect(errorMessage(new ApiError(500, ''), fallbacks)).toBe('Login failed');
  });
  it('uses the network wording when the server was not reached', () => {
    expect(errorMessage(new ApiError(0, ''), fallbacks)).toBe('Failed to login. Please try again.');
    expect(errorMessage(new TypeError('boom'), fallbacks)).toBe('Failed to login. Please try again.');
  });
});

describe('isAuthPath', () => {
  it('knows which calls are part of signing in', () => {
    expect(isAuthPath('/api/staff-auth/login')).toBe(true);
    expect(isAuthPath('/api/auth/config')).toBe(true);
    expect(isAuthPath('/api/me')).toBe(true);
    expect(isAuthPath('/api/dashboard')).toBe(false);
  });
});

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  const respond = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('returns the JSON body and sends JSON with same-origin credentials', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws ApiError and reports a 401 on a non-auth call as the end of the session', async () => {
    vi.stubGlobal('fetch', respond(401, { error: 'Please sign in to continue.' }));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(apiRequest('/api/dashboard')).rejects.toMatchObject({
      status: 401,
      message: 'Please sign in to continue.',
    });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('does not report a 401 from the sign-in calls', async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, { error: 'Invalid staff ID or password', code: 'invalid_credentials' }),
    );
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(apiRequest('/api/staff-auth/login', { body: {} })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a failed fetch into a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('/api/dashboard').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });
});

describe('askEarly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const counting = () => {
    let calls = 0;
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ call: ++calls }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('hands its answer to the first get of the same path only', async () => {
    const fetchMock = counting();
    void askEarly('/api/session');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get('/api/session')).resolves.toEqual({ call: 1 });
    await expect(api.get('/api/session')).resolves.toEqual({ call: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops an answer nobody took for ten seconds', async () => {
    vi.useFakeTimers();
    const fetchMock = counting();
    void askEarly('/api/notifications');
    vi.advanceTimersByTime(10_000);
    await expect(api.get('/api/notifications')).resolves.toEqual({ call: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("with dropFailure, lets a failed answer go: the screen's own request asks anew", async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(++calls === 1 ? { error: 'Not allowed' } : { call: calls }), {
            status: calls === 1 ? 403 : 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(askEarly('/api/students?page=1', { dropFailure: true })).rejects.toThrow('Not allowed');
    await expect(api.get('/api/students?page=1')).resolves.toEqual({ call: 2 });
  });

  it('without dropFailure, hands on a failed answer too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Down' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(askEarly('/api/session')).rejects.toThrow('Down');
    await expect(api.get('/api/session')).rejects.toThrow('Down');
  });

  it('forgets what was asked for the account before a sign-out', async () => {
    const fetchMock = counting();
    void askEarly('/api/dashboard');
    forgetEarlyAnswers();
    await expect(api.get('/api/dashboard')).resolves.toEqual({ call: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('failureWithReason', () => {
  it("puts the server's reason after the spec's words, and no reason twice", () => {
    const refused = new ApiError(409, 'There is already a yearbook for the Class of 2027.');
    expect(failureWithReason(refused, 'Failed to create yearbook', 'offline')).toBe(
      'Failed to create yearbook: There is already a yearbook for the Class of 2027.',
    );
    expect(failureWithReason(new ApiError(500, ''), 'Failed to create yearbook', 'offline')).toBe(
      'Failed to create yearbook',
    );
    expect(failureWithReason(new ApiError(0, ''), 'Failed to create yearbook', 'offline')).toBe(
      'Failed to create yearbook: offline',
    );
  });
});
