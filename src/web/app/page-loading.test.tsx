// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageLoading } from './page-loading';

afterEach(cleanup);

describe('PageLoading', () => {
  it('shows a spinner while a page downloads, then the page', async () => {
    let arrive: (page: { default: () => ReactNode }) => void = () => {};
    const Page = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (arrive = resolve)));
    render(
      <PageLoading>
        <Page />
      </PageLoading>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    arrive({ default: () => <h1>Dashboard</h1> });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a reload instead of an empty screen when the code cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <PageLoading>
        <Page />
      </PageLoading>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page could not be loaded. Reload to try again.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
