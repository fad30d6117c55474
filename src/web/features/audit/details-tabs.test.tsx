// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RecordHistoryResponse } from '../../../contracts/audit';
import { cleanAfterEach } from '../../testing/api-stub';
import { DetailsTabs } from './details-tabs';

const ID = 'b6f1c3de-0000-4000-8000-000000000009';
const APPROVER = 'aafb7046-0000-4000-8000-000000000001';

const history: RecordHistoryResponse = {
  items: [
    {
      id: 'e1',
      at: '2026-03-16T08:00:00.000Z',
      actor_id: 'u1',
      actor_name: 'Chipo Mwale',
      action: 'allowance.approved',
      entity_type: 'allowance',
      entity_id: ID,
      summary: 'Chipo Mwale approved the allowance of Mwila Chanda for March 2026',
      changes: {
        approval_stage: { before: 'pending_dpm', after: 'pending_flmi' },
        dpm_status: { before: null, after: 'approved' },
        dpm_approved_by_id: { before: null, after: APPROVER },
      },
    },
  ],
  names: { [APPROVER]: 'Chipo Mwale' },
};

function answer(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function renderTabs() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DetailsTabs record={{ kind: 'allowance', id: ID }}>
        <p>The allowance itself</p>
      </DetailsTabs>
    </QueryClientProvider>,
  );
}

cleanAfterEach();

describe('DetailsTabs', () => {
  it('shows the details first and reads the history only when its tab is opened', async () => {
    const fetch = vi.fn((_url: string | URL | Request) => answer(history));
    vi.stubGlobal('fetch', fetch);
    renderTabs();
    expect(screen.getByText('The allowance itself')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText(/Chipo Mwale approved the allowance/)).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/allowances/${ID}/history`);
    // Labels, stage words and people by name, as the screens say them; never codes or ids.
    expect(screen.getByText('Approval stage:')).toBeTruthy();
    expect(screen.getByText('Pending Deputy Manager')).toBeTruthy();
    expect(screen.getByText('Pending FLMI Advisor')).toBeTruthy();
    expect(screen.getByText('Deputy manager approved by:')).toBeTruthy();
    expect(screen.getAllByText('Chipo Mwale').length).toBeGreaterThan(0);
    expect(screen.queryByText(APPROVER)).toBeNull();
    expect(screen.queryByText(/pending_/)).toBeNull();
    expect(screen.getByText('16/03/2026 10:00', { exact: false })).toBeTruthy();
  });

  it('says so when nothing is recorded, and offers Retry when the history fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer({ items: [], names: {} })),
    );
    renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer({ error: 'Boom' }, 500)),
    );
    renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('The history could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
