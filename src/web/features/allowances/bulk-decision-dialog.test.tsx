// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach } from '../../testing/api-stub';
import {
  BulkDecisionDialog,
  type BulkDecisionOutcome,
  type BulkDecisionRequestOnScreen,
} from './bulk-decision-dialog';
import { BulkDecisionResult } from './bulk-decision-result';

function renderDialog(request: BulkDecisionRequestOnScreen, onDone = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BulkDecisionDialog request={request} onClose={() => {}} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

cleanAfterEach();

describe('BulkDecisionDialog', () => {
  it('refuses a denial without a comment, without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog({
      decision: 'deny',
      count: 3,
      target: { ids: ['a', 'b', 'c'] },
      stages: ['pending_dpm'],
      suggested: 'pending_dpm',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Deny 3 allowances' }));
    expect(await screen.findByText('Please provide a comment for your decision.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the filter, the step chosen and the comment, and hands the answer on', async () => {
    const answer = { done: 2, skipped: [] };
    const fetch = vi.fn(async () => Response.json(answer));
    vi.stubGlobal('fetch', fetch);
    const onDone = renderDialog({
      decision: 'approve',
      count: 40,
      target: { filter: { q: 'March', stage: '' } },
      stages: ['pending_flmi', 'pending_pm'],
      suggested: 'pending_flmi',
    });
    expect(screen.getByLabelText('Step')).toHaveProperty('value', 'pending_flmi');
    await userEvent.selectOptions(screen.getByLabelText('Step'), 'pending_pm');
    await userEvent.type(screen.getByLabelText('Comment'), ' Receipts checked ');
    await userEvent.click(screen.getByRole('button', { name: 'Approve 40 allowances' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/allowances/bulk-decision');
    expect(JSON.parse(String(init.body))).toEqual({
      filter: { q: 'March', stage: '' },
      decision: 'approve',
      comment: 'Receipts checked',
      expected_stage: 'pending_pm',
    });
    expect(onDone).toHaveBeenCalledWith({ decision: 'approve', stage: 'pending_pm', result: answer });
  });

  it("shows the server's refusal above the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Too many' }, { status: 400 })),
    );
    renderDialog({
      decision: 'approve',
      count: 1,
      target: { ids: ['a'] },
      stages: ['pending_dpm'],
      suggested: 'pending_dpm',
    });
    expect(screen.queryByLabelText('Step')).toBeNull();
    await userEvent.type(screen.getByLabelText('Comment'), 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Approve 1 allowance' }));
    expect(await screen.findByText('Too many')).toBeTruthy();
  });
});

describe('BulkDecisionResult', () => {
  it('says how many were decided and lists each skipped one with its reason', () => {
    const outcome: BulkDecisionOutcome = {
      decision: 'approve',
      stage: 'pending_dpm',
      result: {
        done: 12,
        skipped: [
          {
            id: 'x',
            reason: 'Not yours to decide at this stage: it is Pending FLMI Advisor.',
            student_name: 'Mwila Chanda',
            month: 'March',
            year: 2026,
          },
          { id: 'gone', reason: 'Not found.', student_name: null, month: null, year: null },
        ],
      },
    };
    render(<BulkDecisionResult outcome={outcome} onDismiss={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Bulk approval result' })).toBe(document.activeElement);
    expect(screen.getByText('Done: 12 allowances approved at Deputy Manager Review.')).toBeTruthy();
    const items = screen.getByRole('list', { name: 'Skipped allowances' }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'Mwila Chanda, March 2026Not yours to decide at this stage: it is Pending FLMI Advisor.',
      'goneNot found.',
    ]);
  });
});
