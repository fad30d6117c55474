// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach } from '../../testing/api-stub';
import { type ActionTarget, DecisionDialog } from './decision-dialogs';

const allowance: ActionTarget = {
  id: 'b6f1c3de-0000-4000-8000-000000000009',
  student_name: 'Mwila Chanda',
  month: 'January',
  year: 2026,
  total: '1500.00',
  approval_stage: 'pending_dpm',
};

function renderDecision(decision: 'approve' | 'deny') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DecisionDialog request={{ allowance, decision }} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

cleanAfterEach();

describe('DecisionDialog', () => {
  it('refuses a decision without a comment, without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDecision('deny');
    await userEvent.type(screen.getByLabelText('Comment'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Please provide a comment for your decision.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("puts the server's word on the comment on its field, keeping what was typed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: 'Comment is too long', fields: { comment: 'Comment is too long' } },
          { status: 400 },
        ),
      ),
    );
    renderDecision('approve');
    await userEvent.type(screen.getByLabelText('Comment'), 'Within budget.');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Comment is too long')).toBeTruthy();
    const comment = screen.getByLabelText('Comment') as HTMLTextAreaElement;
    expect(comment.value).toBe('Within budget.');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
  });
});
