import { useLayoutEffect, useRef } from 'react';

/**
 * Our dialogs open from state, not from a Radix trigger, so Radix has nowhere to send focus when
 * they close and it falls to <body>. This remembers what had focus when the dialog opened and
 * hands focus back to it on close (if it is still on the page). When the dialog's own work removed
 * it (an Approve button gone once the allowance moved on), `fallback` names where focus goes
 * instead, so a keyboard user is not sent back to the top of the page.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    const element = opener.current;
    opener.current = null;
    const target = element?.isConnected ? element : (fallback?.() ?? null);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
}
