import { type ReactNode, useState } from 'react';
import { useLeaveGuard } from '../../lib/unsaved-work';
import { ConfirmDialog } from '../ui';

/** The first field a person would type in: not hidden, not disabled. */
export const FIRST_FIELD =
  'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Puts the focus in the first field inside `container`; false when it has none. */
export function focusFirstField(container: Element | null): boolean {
  const first = container?.querySelector<HTMLElement>(FIRST_FIELD);
  first?.focus();
  return Boolean(first);
}

/**
 * Keeps typed input from being lost (a form dialog's Escape, backdrop, close button or Cancel):
 * `guard(action)` runs the action at once when nothing was typed, and otherwise first asks
 * 'Discard your changes?' (Discard / Keep editing). Render `prompt` beside the dialog. While the
 * form is open and dirty, leaving the page asks the browser's own question and an update of the
 * app waits (lib/unsaved-work.ts).
 */
export function useDiscardGuard(
  dirty: boolean,
  open: boolean,
  /** Whether what was typed is kept on the phone already: a reload then need not ask. */
  keptOnPhone?: () => boolean,
): { guard: (action: () => void) => void; prompt: ReactNode } {
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  useLeaveGuard(open && dirty, keptOnPhone);
  const guard = (action: () => void) => {
    if (dirty) setWaiting(() => action);
    else action();
  };
  const prompt = (
    <ConfirmDialog
      open={waiting !== null}
      onOpenChange={(stillOpen) => !stillOpen && setWaiting(null)}
      title="Discard your changes?"
      message="What you typed in this form has not been saved."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      variant="danger"
      onConfirm={() => {
        const action = waiting;
        setWaiting(null);
        action?.();
      }}
    />
  );
  return { guard, prompt };
}
