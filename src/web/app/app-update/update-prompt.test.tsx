// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerUnsavedDraft, useLeaveGuard } from '../../lib/unsaved-work';
import { forgetUpdateOffer, offerUpdate, updateStatus } from './update-offer';
import { UPDATE_HELD, UPDATE_READY, UpdatePrompt } from './update-prompt';

afterEach(() => {
  cleanup();
  forgetUpdateOffer();
});

/** A screen with a form: its changes are unsaved until it is closed, as useDiscardGuard does. */
function Screen() {
  const [dirty, setDirty] = useState(false);
  const [open, setOpen] = useState(true);
  useLeaveGuard(open && dirty);
  return (
    <div>
      <button type="button" onClick={() => setDirty(true)}>
        Type
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Close
      </button>
    </div>
  );
}

describe('the update prompt', () => {
  it('shows nothing until a new version is offered, then "A new version is ready" with Reload', async () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    const apply = vi.fn();
    act(() => offerUpdate(apply));
    expect(screen.getByRole('status').textContent).toBe(UPDATE_READY);
    // Offered, never applied by itself.
    expect(apply).not.toHaveBeenCalled();
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reload' }));
    await userEvent.keyboard('{Enter}');
    expect(apply).toHaveBeenCalledOnce();
    expect(updateStatus()).toBe('reloading');
  });

  it('holds the reload while a form has unsaved changes, and goes ahead once they are gone', async () => {
    render(
      <>
        <Screen />
        <UpdatePrompt />
      </>,
    );
    const apply = vi.fn();
    act(() => offerUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Type' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(UPDATE_HELD);
    // Still offered: once the form is closed, Reload applies it.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('asks every registered check: a draft registered by any screen holds it too', async () => {
    render(<UpdatePrompt />);
    let unsaved = true;
    const unregister = registerUnsavedDraft(() => unsaved);
    const apply = vi.fn();
    act(() => offerUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).not.toHaveBeenCalled();
    unsaved = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
    unregister();
  });
});

describe('the leave guard', () => {
  it("asks the browser before a reload only while the form's changes are unsaved", async () => {
    render(<Screen />);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Type' }));
    expect(leave()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(leave()).toBe(false);
  });
});
