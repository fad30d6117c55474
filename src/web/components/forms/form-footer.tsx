import type { ReactNode } from 'react';
import { Button } from '../ui';

/**
 * A form dialog's buttons: Cancel, then the one that submits the form `formId` (it may sit in the
 * dialog's footer, outside the form). Cancel waits while the form is sent (`busy`); `more` follows,
 * another way to send it.
 */
export function FormFooter({
  formId,
  busy,
  onCancel,
  submit,
  more,
}: {
  formId: string;
  busy: boolean;
  onCancel: () => void;
  submit: {
    label: ReactNode;
    loadingText: string;
    variant?: 'primary' | 'secondary' | 'danger';
    disabled?: boolean;
    /** The spinner on this button; by default while the form is sent. */
    loading?: boolean;
  };
  more?: ReactNode;
}) {
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type="submit"
        form={formId}
        variant={submit.variant}
        disabled={submit.disabled}
        loading={submit.loading ?? busy}
        loadingText={submit.loadingText}
      >
        {submit.label}
      </Button>
      {more}
    </>
  );
}
