// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Delegation } from '../../../contracts/delegations';
import { DELEGATION_MESSAGES } from '../../../domain/delegations';
import { Toaster } from '../../components/ui';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { DelegationCard } from './delegation-card';

const auth = vi.hoisted(() => ({ user: null as null | { id: string; role: string; name: string } }));
vi.mock('../../lib/session', () => ({ useAuth: () => ({ user: auth.user, refresh: vi.fn() }) }));

cleanAfterEach();

const ME = { id: 'u-dpm1', role: 'deputy_manager', name: 'Chipo Mwale' };

const delegation = (overrides: Partial<Delegation> = {}): Delegation => ({
  id: 'd1',
  delegator_id: ME.id,
  delegator_name: 'Chipo Mwale',
  delegator_staff_id: 'DPM001',
  delegate_id: 'u-dpm2',
  delegate_name: 'Temwani Nkhoma',
  delegate_staff_id: 'DPM002',
  stages: ['pending_dpm'],
  starts_on: '2026-03-16',
  ends_on: '2026-03-18',
  reason: 'Annual leave',
  state: 'active',
  created_at: '2026-03-15T09:00:00Z',
  revoked_at: null,
  revoked_by_name: null,
  ...overrides,
});

const page = (items: Delegation[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

function show() {
  renderWithClient(
    <>
      <DelegationCard />
      <Toaster />
    </>,
    '/account',
  );
}

describe('DelegationCard', () => {
  it('is not shown to an account that decides no allowances', () => {
    auth.user = { id: 'u9', role: 'user', name: 'Kondwani Phiri' };
    const seen = stubApi(() => json(page([])));
    show();
    expect(screen.queryByRole('region', { name: 'Delegation' })).toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('says when there is nothing, and lists given and received delegations', async () => {
    auth.user = ME;
    stubApi(() => json(page([])));
    show();
    expect(await screen.findByText('You have no current or upcoming delegations.')).toBeTruthy();
    cleanup();

    stubApi(() =>
      json(
        page([
          delegation(),
          delegation({
            id: 'd2',
            delegator_id: 'u-dpm3',
            delegator_name: 'Alinafe Chirwa',
            delegator_staff_id: 'DPM003',
            delegate_id: ME.id,
            delegate_name: ME.name,
            state: 'upcoming',
          }),
        ]),
      ),
    );
    show();
    const given = await screen.findByRole('region', { name: 'Given by you' });
    expect(within(given).getByText('To Temwani Nkhoma (DPM002)')).toBeTruthy();
    expect(within(given).getByText('Active')).toBeTruthy();
    expect(within(given).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    const received = screen.getByRole('region', { name: 'Received' });
    expect(within(received).getByText('For Alinafe Chirwa (DPM003)')).toBeTruthy();
    // A delegation received is the delegator's to revoke.
    expect(within(received).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('shows the load failure with Retry', async () => {
    auth.user = ME;
    stubApi(() => json({ error: 'Down' }, 500));
    show();
    expect(await screen.findByText("Couldn't load your delegations")).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });

  it('revokes after confirming', async () => {
    auth.user = ME;
    let revoked = false;
    const seen = stubApi((method, url) => {
      if (method === 'POST' && url === '/api/delegations/d1/revoke') {
        revoked = true;
        return json(delegation({ state: 'revoked' }));
      }
      return json(page(revoked ? [] : [delegation()]));
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke delegation' });
    expect(confirm.textContent).toContain(
      "Revoke the delegation of Chipo Mwale's approvals to Temwani Nkhoma?",
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Delegation revoked.')).toBeTruthy();
    expect(seen.some((c) => c.method === 'POST' && c.url === '/api/delegations/d1/revoke')).toBe(true);
    expect(await screen.findByText('You have no current or upcoming delegations.')).toBeTruthy();
  });

  it('delegates from the dialog, checking the form first and showing a refusal', async () => {
    auth.user = ME;
    let attempts = 0;
    const seen = stubApi((method, url) => {
      if (url === '/api/delegations/delegates')
        return json({
          stages: ['pending_dpm'],
          items: [{ id: 'u-dpm2', name: 'Temwani Nkhoma', staff_id: 'DPM002', role: 'deputy_manager' }],
        });
      if (method === 'POST' && url === '/api/delegations') {
        attempts += 1;
        return attempts === 1
          ? json({ error: DELEGATION_MESSAGES.overlaps }, 409)
          : json(delegation({ starts_on: '2030-01-01', ends_on: '2030-01-05' }), 201);
      }
      return json(page([]));
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Delegate my approvals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delegate my approvals' });
    expect(dialog.textContent).toContain('Pending Deputy Manager');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delegate' }));
    expect(await within(dialog).findByText(DELEGATION_MESSAGES.delegateRequired)).toBeTruthy();
    expect(within(dialog).getByText(DELEGATION_MESSAGES.reasonRequired)).toBeTruthy();
    expect(seen.some((c) => c.method === 'POST')).toBe(false);

    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: /Temwani Nkhoma \(DPM002\)/ })).toBeTruthy(),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText(/Delegate to/), 'u-dpm2');
    const from = within(dialog).getByLabelText(/From/) as HTMLInputElement;
    await userEvent.clear(from);
    await userEvent.type(from, '01/01/2030');
    await userEvent.type(within(dialog).getByLabelText(/Until/), '05/01/2030');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Annual leave');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delegate' }));
    expect(
      await within(dialog).findByText(new RegExp(DELEGATION_MESSAGES.overlaps.slice(0, 40))),
    ).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delegate' }));
    expect(await screen.findByText(/Your approvals are delegated to Temwani Nkhoma/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delegate my approvals' })).toBeNull());
    expect(seen.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      delegate_id: 'u-dpm2',
      starts_on: '2030-01-01',
      ends_on: '2030-01-05',
      reason: 'Annual leave',
    });
  });

  it('shows an admin every active delegation', async () => {
    auth.user = { id: 'u-adm', role: 'admin', name: 'Mutale Bwalya' };
    stubApi((_method, url) => json(page(url.includes('scope=everyone') ? [delegation()] : [])));
    show();
    const every = await screen.findByRole('region', { name: 'Every active delegation' });
    expect(await within(every).findByText('Chipo Mwale (DPM001) to Temwani Nkhoma (DPM002)')).toBeTruthy();
    expect(within(every).getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });
});
