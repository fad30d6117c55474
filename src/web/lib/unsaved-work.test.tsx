// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hasUnsavedDraft, useLeaveGuard } from './unsaved-work';

afterEach(cleanup);

/** Whether a reload would ask first: the page's beforeunload handlers prevented the default. */
function reloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useLeaveGuard', () => {
  it('asks before a reload while changes are not saved, and no longer once they are', () => {
    const { rerender } = renderHook(({ active }) => useLeaveGuard(active), {
      initialProps: { active: true },
    });
    expect(reloadAsks()).toBe(true);
    expect(hasUnsavedDraft()).toBe(true);
    rerender({ active: false });
    expect(reloadAsks()).toBe(false);
    expect(hasUnsavedDraft()).toBe(false);
  });

  it('lets a reload go without asking while the phone keeps the changes, though the update still waits', () => {
    let kept = false;
    renderHook(() => useLeaveGuard(true, () => kept));
    // Typed, not yet written to the phone: the reload would lose it.
    expect(reloadAsks()).toBe(true);
    kept = true;
    expect(reloadAsks()).toBe(false);
    expect(hasUnsavedDraft()).toBe(true);
  });
});
