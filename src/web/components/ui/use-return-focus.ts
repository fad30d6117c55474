import { useLayoutEffect, useRef } from 'react';

/**
 * Our dialogs open from state, not from a Radix trigger, so Radix has nowhere to send focus when
 * they close and it falls to <body>. This remembers what had focus when the dialog opened and
 * hands focus back to it on close (if it is still on the page).
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}
