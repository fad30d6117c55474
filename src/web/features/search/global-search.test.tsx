// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../../../contracts/search';
import { CurrentLocation, cleanAfterEach, json } from '../../testing/api-stub';
import { GlobalSearch, isSearchShortcut, SEARCH_PLACEHOLDER } from './global-search';

const results = (q: string): SearchResponse => ({
  q,
  groups: [
    {
      area: 'students',
      label: 'Students',
      items: [
        { id: 's1', title: 'Mwila Chanda', detail: 'CHL-2024-017 · University', href: '/students?open=s1' },
        { id: 's2', title: 'Mwila Banda', detail: 'University', href: '/students?open=s2' },
      ],
    },
    {
      area: 'allowances',
      label: 'Allowances',
      items: [
        { id: 'a1', title: 'Mwila Chanda · March 2026', detail: 'ZMW 1,000.00', href: '/allowances?open=a1' },
      ],
    },
  ],
});

function renderSearch() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <GlobalSearch />
        <button type="button">Elsewhere</button>
        <Routes>
          <Route path="*" element={<CurrentLocation />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
}

function stubSearch(respond: (q: string) => Promise<Response> = (q) => json(results(q))) {
  const fetch = vi.fn((url: string | URL | Request) =>
    respond(new URL(String(url), 'http://x').searchParams.get('q')!),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const location = () => screen.getByTestId('location').textContent;
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

cleanAfterEach();

describe('GlobalSearch', () => {
  it('shows results grouped by area and opens the chosen one with the arrow keys and Enter', async () => {
    const fetch = stubSearch();
    const box = renderSearch();
    expect(box.placeholder).toBe(SEARCH_PLACEHOLDER);
    await userEvent.type(box, 'mwila');
    expect(await screen.findByRole('group', { name: 'Students' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Allowances' })).toBeTruthy();
    expect(optionNames()).toHaveLength(3);
    // One request for the whole word, not one per key.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/search?q=mwila');
    expect(box.getAttribute('aria-expanded')).toBe('true');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toContain('Mwila Banda');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);

    await userEvent.keyboard('{Enter}');
    expect(location()).toBe('/students?open=s2');
    expect(box.value).toBe('');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('wraps around from the first result to the last, and Enter with none chosen opens the first', async () => {
    stubSearch();
    const box = renderSearch();
    await userEvent.type(box, 'mwila');
    await screen.findByRole('group', { name: 'Students' });
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Mwila Chanda · March 2026');
    await userEvent.type(box, ' c');
    expect(screen.queryByRole('option', { selected: true })).toBeNull();
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    await userEvent.keyboard('{Enter}');
    expect(location()).toBe('/students?open=s1');
  });

  it('closes with Escape, clears with a second Escape', async () => {
    stubSearch();
    const box = renderSearch();
    await userEvent.type(box, 'mwila');
    await screen.findByRole('group', { name: 'Students' });
    await userEvent.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('mwila');
    await userEvent.keyboard('{Escape}');
    expect(box.value).toBe('');
    expect(location()).toBe('/dashboard');
  });

  it('Enter pressed before the answer comes opens the first result once it does', async () => {
    stubSearch();
    const box = renderSearch();
    await userEvent.type(box, 'mwila{Enter}');
    expect(location()).toBe('/dashboard');
    await waitFor(() => expect(location()).toBe('/students?open=s1'));
  });

  it('opens a result on click', async () => {
    stubSearch();
    const box = renderSearch();
    await userEvent.type(box, 'mwila');
    await userEvent.click(await screen.findByRole('option', { name: /March 2026/ }));
    expect(location()).toBe('/allowances?open=a1');
  });

  it('says when nothing matches, and when the search failed', async () => {
    stubSearch((q) => (q === 'zzz' ? json({ q, groups: [] }) : json({ error: 'Boom' }, 500)));
    const box = renderSearch();
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No matches for "zzz".')).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'boom');
    expect(await screen.findByText("Couldn't search. Try again.")).toBeTruthy();
  });

  it('takes the focus on Ctrl+K (Cmd+K on a Mac) from anywhere on the page', async () => {
    stubSearch();
    const box = renderSearch();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(box);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await userEvent.keyboard('{Meta>}K{/Meta}');
    expect(document.activeElement).toBe(box);
    expect(isSearchShortcut({ key: 'k', ctrlKey: false, metaKey: false })).toBe(false);
  });
});
