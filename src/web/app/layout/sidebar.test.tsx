import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from './sidebar';

vi.mock('../../lib/session', () => ({
  useAuth: () => ({ status: 'signed-in', user: { role: 'admin' } }),
}));

afterEach(cleanup);

function sidebar(props: { open: boolean; isWide: boolean }) {
  return (
    <MemoryRouter initialEntries={['/dashboard']}>
      <Sidebar {...props} onClose={() => {}} />
    </MemoryRouter>
  );
}

const links = () =>
  within(screen.getByRole('complementary', { hidden: true })).queryAllByRole('link', { hidden: true });

describe('Sidebar', () => {
  it('on a wide screen shows every link, expanded or collapsed', () => {
    const { rerender } = render(sidebar({ open: true, isWide: true }));
    expect(links().map((l) => l.textContent)).toContain('Dashboard');
    const expanded = links().length;
    expect(expanded).toBeGreaterThan(10);
    rerender(sidebar({ open: false, isWide: true }));
    expect(links()).toHaveLength(expanded);
  });

  it('on a narrow screen builds the drawer links when it first opens, and keeps them as it closes', () => {
    const { rerender } = render(sidebar({ open: false, isWide: false }));
    // The closed drawer is hidden (and out of the tab order): it carries no links until opened.
    expect(links()).toHaveLength(0);
    rerender(sidebar({ open: true, isWide: false }));
    const opened = links().map((l) => l.textContent);
    expect(opened).toContain('Dashboard');
    expect(opened).toContain('My Profile');
    // Closing slides it shut with its links still in it.
    rerender(sidebar({ open: false, isWide: false }));
    expect(links().map((l) => l.textContent)).toEqual(opened);
  });
});
