// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationsResponse } from '../../../contracts/notifications';
import { createQueryClient } from '../../app/query-client';
import { CurrentLocation, json } from '../../testing/api-stub';
import { DIGEST_LABEL, NOTHING_WAITING, NotificationBell, SMS_DIGEST_LABEL } from './notification-bell';
import { NOTIFICATIONS_POLL_MS } from './notifications.queries';

const ID = 'b6f1c3de-0000-4000-8000-000000000009';

const waiting: NotificationsResponse = {
  count: 23,
  email_digest: true,
  sms_digest: false,
  sms_digest_available: false,
  groups: [
    {
      area: 'allowances',
      label: 'Allowances awaiting your decision',
      count: 23,
      items: [
        {
          id: ID,
          title: 'Mwila Chanda · March 2026',
          detail: 'ZMW 1,250.00 · Pending Deputy Manager',
          href: `/allowances?open=${ID}`,
        },
      ],
    },
  ],
};

function renderBell() {
  render(
    // The app's own client: it refreshes the bell after any change.
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <NotificationBell />
        <Routes>
          <Route path="*" element={<CurrentLocation />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const bellCalls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([url]) => String(url) === '/api/notifications').length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setVisibility('visible');
});

describe('NotificationBell', () => {
  it('counts what waits, lists it by area, and opens an item at its record', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(waiting)),
    );
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 23 waiting' });
    expect(screen.getByTestId('notification-count').textContent).toBe('23');

    await userEvent.click(bell);
    const group = screen.getByRole('region', { name: 'Allowances awaiting your decision (23)' });
    expect(group.textContent).toContain('and 22 more');
    await userEvent.click(screen.getByRole('link', { name: /Mwila Chanda · March 2026/ }));
    expect(screen.getByTestId('location').textContent).toBe(`/allowances?open=${ID}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from the keyboard with focus on the first waiting item', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(waiting)),
    );
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 23 waiting' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const first = await screen.findByRole('link', { name: /Mwila Chanda · March 2026/ });
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('names the bell with the badge it shows: 99+ past ninety-nine', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json({ ...waiting, count: 115 })),
    );
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 99+ waiting' });
    expect(screen.getByTestId('notification-count').textContent).toBe('99+');
  });

  it('says when nothing waits', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json({ count: 0, groups: [], email_digest: false })),
    );
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(NOTHING_WAITING)).toBeTruthy();
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect((screen.getByRole('checkbox', { name: DIGEST_LABEL }) as HTMLInputElement).checked).toBe(false);
  });

  it('turns the daily summary off, and refreshes the bell after the change', async () => {
    const fetch = vi.fn((url: string | URL | Request, init?: RequestInit) =>
      String(url) === '/api/notifications/email-digest'
        ? json(JSON.parse(String(init?.body)))
        : json(waiting),
    );
    vi.stubGlobal('fetch', fetch);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 23 waiting' }));
    const box = screen.getByRole('checkbox', { name: DIGEST_LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await userEvent.click(box);
    const put = fetch.mock.calls.find(([url]) => String(url) === '/api/notifications/email-digest');
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ email_digest: false });
    await waitFor(() => expect(bellCalls(fetch)).toBe(2));
  });

  it('offers the morning text only where the server says it can be sent, and turns it on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(waiting)),
    );
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 23 waiting' }));
    expect(screen.queryByRole('checkbox', { name: SMS_DIGEST_LABEL })).toBeNull();
    cleanup();

    const fetch = vi.fn((url: string | URL | Request, init?: RequestInit) =>
      String(url) === '/api/notifications/sms-digest'
        ? json(JSON.parse(String(init?.body)))
        : json({ ...waiting, sms_digest_available: true }),
    );
    vi.stubGlobal('fetch', fetch);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 23 waiting' }));
    const box = screen.getByRole('checkbox', { name: SMS_DIGEST_LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    const put = fetch.mock.calls.find(([url]) => String(url) === '/api/notifications/sms-digest');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ sms_digest: true });
  });

  it('asks every 30 seconds while the page is on screen, and never while its tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = vi.fn(() => json(waiting));
    vi.stubGlobal('fetch', fetch);
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 23 waiting' });
    expect(bellCalls(fetch)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS + 100));
    expect(bellCalls(fetch)).toBe(2);

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(10 * NOTIFICATIONS_POLL_MS));
    expect(bellCalls(fetch)).toBe(2);

    // Back on screen: what went stale is asked for at once, then every 30 s again.
    act(() => setVisibility('visible'));
    await waitFor(() => expect(bellCalls(fetch)).toBe(3));
  });

  it('sends nothing when the page opens in a hidden tab', async () => {
    setVisibility('hidden');
    const fetch = vi.fn(() => json(waiting));
    vi.stubGlobal('fetch', fetch);
    renderBell();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
