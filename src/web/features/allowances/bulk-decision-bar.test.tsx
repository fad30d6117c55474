// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkDecisionBar } from './bulk-decision-bar';

afterEach(cleanup);

type BarProps = ComponentProps<typeof BulkDecisionBar>;

function renderBar(props: Partial<BarProps>) {
  const handlers = {
    onSelectAllMatching: vi.fn(),
    onSelectPage: vi.fn(),
    onClear: vi.fn(),
    onDecide: vi.fn(),
  };
  render(
    <BulkDecisionBar
      selected={1}
      allMatching={false}
      matchingTotal={75}
      offerAllMatching={false}
      pageAllTicked={false}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('BulkDecisionBar', () => {
  it('offers "Select this page" while part of the page is ticked, for screens whose cards have no header checkbox', async () => {
    const { onSelectPage } = renderBar({});
    const bar = screen.getByRole('region', { name: 'Bulk decision' });
    expect(bar.textContent).toContain('1 selected');
    screen.getByRole('button', { name: 'Select this page' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelectPage).toHaveBeenCalledOnce();
  });

  it('offers "Select all N matching" instead once the page is all ticked, and neither when all match', () => {
    renderBar({ selected: 25, pageAllTicked: true, offerAllMatching: true });
    expect(screen.queryByRole('button', { name: 'Select this page' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Select all 75 matching' })).toBeTruthy();
    cleanup();
    renderBar({ selected: 75, allMatching: true, pageAllTicked: true });
    expect(screen.getByRole('region', { name: 'Bulk decision' }).textContent).toContain(
      'All 75 matching allowances selected',
    );
    expect(screen.queryByRole('button', { name: /^Select/ })).toBeNull();
  });

  it('offers Add to Payment Batch only when given, and only for ticked allowances, at most 5,000', async () => {
    renderBar({});
    expect(screen.queryByRole('button', { name: 'Add to Payment Batch' })).toBeNull();
    cleanup();
    const onAddToBatch = vi.fn();
    renderBar({ selected: 3, onAddToBatch });
    await userEvent.click(screen.getByRole('button', { name: 'Add to Payment Batch' }));
    expect(onAddToBatch).toHaveBeenCalledOnce();
    cleanup();
    renderBar({ selected: 75, allMatching: true, pageAllTicked: true, onAddToBatch });
    const off = screen.getByRole('button', { name: 'Add to Payment Batch' });
    expect(off.hasAttribute('disabled')).toBe(true);
    expect(off.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(off.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Tick the allowances to add to a payment batch, at most 5,000: "all matching" cannot be added.',
    );
    cleanup();
    renderBar({ selected: 5001, onAddToBatch });
    expect(screen.getByRole('button', { name: 'Add to Payment Batch' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('At most 5,000 allowances fit in one payment batch.')).toBeTruthy();
  });

  it('shows nothing while nothing is ticked', () => {
    renderBar({ selected: 0 });
    expect(screen.queryByRole('region', { name: 'Bulk decision' })).toBeNull();
  });
});
