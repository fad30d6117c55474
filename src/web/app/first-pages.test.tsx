// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askEarly, forgetEarlyAnswers } from '../lib/api';
import { json, renderWithClient, stubApi } from '../testing/api-stub';
import { FIRST_PAGES, firstListRequest } from './first-pages';
import { appRoutes } from './routes';
import { SCREEN_CODE } from './screen-code';

// ADM001, who may see every screen.
const admin = vi.hoisted(() => ({
  id: 'c7a2d4ef-0000-4000-8000-0000000000a1',
  staff_id: 'ADM001',
  name: 'Admin',
  email: 'admin@example.org',
  role: 'admin',
  must_change_password: false,
  must_set_up_two_factor: false,
}));
vi.mock('../lib/session', () => ({
  useCurrentUser: () => admin,
  useAuth: () => ({ status: 'signed-in', user: admin, refresh: async () => {} }),
}));

afterEach(() => {
  cleanup();
  forgetEarlyAnswers();
  vi.unstubAllGlobals();
});

/** No answer ever comes: the screen stays loading, having asked for what it needs first. */
const never = () => new Promise<Response>(() => {});

describe('the first pages asked for as the app starts (first-pages.ts)', () => {
  it('name every signed-in screen loaded on demand, with the rank its route asks', () => {
    const onDemand = appRoutes.filter((r) => r.path in SCREEN_CODE);
    expect(Object.keys(FIRST_PAGES).sort()).toEqual(Object.keys(SCREEN_CODE).sort());
    expect(onDemand.map((r) => r.path).sort()).toEqual(Object.keys(SCREEN_CODE).sort());
    for (const route of onDemand)
      expect([route.path, FIRST_PAGES[route.path]?.minRole]).toEqual([route.path, route.minRole]);
  });

  it.each(Object.entries(FIRST_PAGES))(
    '%s: its screen asks for exactly the address asked for early',
    async (path, page) => {
      const calls = stubApi(never);
      const route = appRoutes.find((r) => r.path === path);
      renderWithClient(<Suspense fallback={null}>{route?.element}</Suspense>, path);
      const list = new URL(page.list, 'http://x').pathname;
      await waitFor(
        () => expect(calls.some((c) => new URL(c.url, 'http://x').pathname === list)).toBe(true),
        {
          timeout: 20_000,
        },
      );
      const asked = calls.filter((c) => new URL(c.url, 'http://x').pathname === list).map((c) => c.url);
      expect(asked[0]).toBe(page.list);
    },
    30_000,
  );

  it.each(Object.entries(FIRST_PAGES))(
    '%s: its first render has the answer asked early, once that answer has come',
    async (path, page) => {
      // Not a real answer of every screen: only whether the screen starts with it matters here.
      const answer = { items: [], total: 0, page: 1, pageSize: 25 };
      const calls = stubApi((_method, url) => (url === page.list ? json(answer) : never()));
      await askEarly(page.list);
      await SCREEN_CODE[path]?.load();
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
      const route = appRoutes.find((r) => r.path === path);
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <ShownOrNot>{route?.element}</ShownOrNot>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      // Right after the first render, before any answer could have come to a query of its own.
      const started = client
        .getQueryCache()
        .findAll()
        .filter((query) => JSON.stringify(query.state.data) === JSON.stringify(answer));
      expect(started.map((query) => query.state.status)).toEqual(['success']);
      expect(calls.filter((c) => c.url === page.list)).toHaveLength(1);
    },
    30_000,
  );

  it('asks for a list only unfiltered, and only of a screen the role may see', () => {
    expect(firstListRequest('/students', '', 'admin')).toBe(FIRST_PAGES['/students']?.list);
    expect(firstListRequest('/students', '?q=banda', 'admin')).toBeNull();
    expect(firstListRequest('/students', '', 'user')).toBeNull();
    expect(firstListRequest('/nowhere', '', 'admin')).toBeNull();
  });
});

/** The screen, or nothing if it cannot draw the stand-in answer: the query it made is what is checked. */
class ShownOrNot extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
