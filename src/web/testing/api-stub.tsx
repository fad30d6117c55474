import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';

/*
 * What screen tests share: a JSON answer, a page rendered with a fresh query client and router,
 * and fetch stood in for by a function that answers each call and records it.
 */

/** After each test of the file: the page emptied and fetch (and any other stubbed global) real again. */
export function cleanAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

export function renderWithClient(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stands in for fetch: `answer` gets each call (JSON bodies parsed). Returns the calls it answered.
 * `passThrough` answers calls the test does not care about (a picker's searches) without recording.
 */
export function stubApi(
  answer: (method: string, url: string, body: unknown) => Promise<Response>,
  passThrough?: (url: string) => Promise<Response> | undefined,
): ApiCall[] {
  const seen: ApiCall[] = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const quiet = passThrough?.(url);
    if (quiet) return quiet;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({ method, url, body });
    return answer(method, url, body);
  });
  vi.stubGlobal('fetch', fetch);
  return seen;
}

/** Shows the address the screen went to (`data-testid="location"`), for tests of links that navigate. */
export function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}
