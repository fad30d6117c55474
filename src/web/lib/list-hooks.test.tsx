// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filterParam, listStateSchema } from './list-state';
import { useModalState } from './use-modal-state';
import { useUrlListState } from './use-url-list-state';

afterEach(cleanup);

const ListSchema = listStateSchema({
  stage: filterParam(['paid', 'approved']),
  sort: z.enum(['new', 'old']).default('new'),
});

function renderListState(url: string) {
  let location = '';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      {children}
      <LocationSpy onLocation={(search) => (location = search)} />
    </MemoryRouter>
  );
  const hook = renderHook(() => useUrlListState(ListSchema), { wrapper });
  return { hook, location: () => location };
}

function LocationSpy({ onLocation }: { onLocation: (search: string) => void }) {
  onLocation(useLocation().search);
  return null;
}

describe('useUrlListState', () => {
  it('reads the list from the URL, a bad value falling back to its default', () => {
    const { hook } = renderListState('/allowances?q=mwila&stage=lost&sort=old&page=3');
    expect(hook.result.current.state).toEqual({ q: 'mwila', stage: '', sort: 'old', page: 3 });
  });

  it('goes back to page 1 when a filter changes, keeping the page’s other parameters', () => {
    const { hook, location } = renderListState('/allowances?open=a1&q=mwila&page=3');
    act(() => hook.result.current.update({ stage: 'paid' }));
    expect(hook.result.current.state).toEqual({ q: 'mwila', stage: 'paid', sort: 'new', page: 1 });
    expect(location()).toBe('?open=a1&q=mwila&stage=paid');
  });

  it('changes only the page when paging', () => {
    const { hook, location } = renderListState('/students?q=unza&sort=old');
    act(() => hook.result.current.update({ page: 2 }));
    expect(location()).toBe('?q=unza&sort=old&page=2');
  });

  it('keeps both of two changes made in one event (a search committed on blur as a filter is clicked)', () => {
    const { hook, location } = renderListState('/allowances?q=mwila');
    act(() => {
      hook.result.current.update({ q: '' });
      hook.result.current.update({ stage: 'paid' });
    });
    expect(location()).toBe('?stage=paid');
    act(() => hook.result.current.update({ sort: 'old' }));
    expect(location()).toBe('?stage=paid&sort=old');
  });
});

type Modal = { kind: 'details'; name: string } | { kind: 'edit'; name: string };

function Screen() {
  const modals = useModalState<Modal>();
  const details = modals.ofKind('details');
  return (
    <>
      <button type="button" onClick={() => modals.open({ kind: 'details', name: 'Mwila' })}>
        View Mwila
      </button>
      {details && (
        <button type="button" onClick={() => modals.open({ kind: 'edit', name: details.name })}>
          Edit from details
        </button>
      )}
      {modals.modal && (
        <button type="button" onClick={modals.close}>
          Close
        </button>
      )}
      <p>open: {modals.modal ? `${modals.modal.kind} ${modals.modal.name}` : 'none'}</p>
      <p>last details: {modals.lastOfKind('details')?.name ?? 'none'}</p>
    </>
  );
}

describe('useModalState', () => {
  it('opens a dialog for a record and hands focus back to its opener on close', async () => {
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'View Mwila' });
    await userEvent.click(opener);
    expect(screen.getByText('open: details Mwila')).toBeTruthy();
    // One dialog hands over to another: the first opener is still the one to return to.
    await userEvent.click(screen.getByRole('button', { name: 'Edit from details' }));
    expect(screen.getByText('open: edit Mwila')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('open: none')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(opener);
  });

  it('keeps the last record of a kind while its dialog closes', async () => {
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'View Mwila' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('last details: Mwila')).toBeTruthy();
  });
});
