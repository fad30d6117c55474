import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './use-return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete this student? This action cannot be undone.' */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (red confirm button). */
  variant?: 'primary' | 'danger';
  /** While the action runs: buttons disabled, confirm shows a spinner and `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /** Runs on confirm; close the dialog yourself when it succeeds (it stays open while busy). */
  onConfirm: () => void;
  /** Where focus goes on closing when the element that opened the dialog is gone. */
  focusOnClose?: () => HTMLElement | null;
}

/** The in-app replacement for window.confirm(): a titled alert dialog with Cancel and Confirm. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'primary',
  busy = false,
  busyLabel,
  onConfirm,
  focusOnClose,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open, focusOnClose);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-scrim/50" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{message}</AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={variant} loading={busy} loadingText={busyLabel} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * The question before a delete: a red Delete that says 'Deleting...' while it runs. `onCancel`
 * closes it (Cancel, Escape, outside click), never while the delete is running.
 */
export function DeleteConfirmDialog({
  onCancel,
  confirmLabel = 'Delete',
  ...props
}: Omit<ConfirmDialogProps, 'onOpenChange' | 'variant' | 'busyLabel'> & { onCancel: () => void }) {
  return (
    <ConfirmDialog
      {...props}
      onOpenChange={(next) => !next && onCancel()}
      confirmLabel={confirmLabel}
      variant="danger"
      busyLabel="Deleting..."
    />
  );
}
