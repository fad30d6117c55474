import { type ReactNode, useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ApiError } from '../../lib/api';
import { Alert, Button, Dialog } from '../ui';
import { focusFirstField, useDiscardGuard } from './discard-guard';
import { showServerFieldErrors } from './server-errors';

export interface FormDialogProps<TValues extends FieldValues> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The dialog's react-hook-form; its default values name every field. */
  form: UseFormReturn<TValues>;
  /** Saves the checked values; throws (an ApiError, usually) when the save failed. */
  onSubmit: (values: TValues) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  /** 'danger' for a submit that refuses or removes something. */
  submitVariant?: 'primary' | 'danger';
  /** The fields are not there yet (a record still loading): the submit waits. */
  submitDisabled?: boolean;
  /** Heard after a failed save, e.g. to toast it. */
  onFailed?: (error: unknown) => void;
  /** The message to show above the fields for a failed save that no field shows; none when absent or null. */
  failureMessage?: (error: unknown) => string | null;
  /** The field a server message belongs on when it names one only in its words. */
  fieldOfError?: (error: ApiError) => string | null;
  className?: string;
  /** Where focus goes on closing when the element that opened the dialog is gone. */
  focusOnClose?: () => HTMLElement | null;
  children: ReactNode;
}

/**
 * A dialog holding one form: the fields as children, Cancel and submit, the pending state (the
 * dialog cannot be closed while saving), the server's field messages shown on their fields with the
 * typed values kept, and a general message at the top when `failureMessage` gives one. It opens with
 * focus in its first field, and closing it after typing (Escape, the backdrop, the close button or
 * Cancel) asks 'Discard your changes?' first.
 */
export function FormDialog<TValues extends FieldValues>({
  open,
  onOpenChange,
  title,
  description,
  size = 'lg',
  form,
  onSubmit,
  submitLabel,
  pendingLabel,
  submitVariant = 'primary',
  submitDisabled = false,
  onFailed,
  failureMessage,
  fieldOfError,
  className,
  focusOnClose,
  children,
}: FormDialogProps<TValues>) {
  const formId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = form.formState.isSubmitting;
  const discard = useDiscardGuard(form.formState.isDirty, open);

  const requestClose = () => {
    if (pending) return;
    discard.guard(() => {
      form.reset();
      onOpenChange(false);
    });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      // One message per event: a refusal shown on its field is not said again above the form.
      const onField = showServerFieldErrors(
        error,
        form.setError,
        Object.keys(form.getValues()),
        fieldOfError,
      );
      setFailure(onField ? null : (failureMessage?.(error) ?? null));
      onFailed?.(error);
    }
  });

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}
        onOpenAutoFocus={(event) => {
          if (focusFirstField(document.getElementById(formId))) event.preventDefault();
        }}
        title={title}
        description={description}
        size={size}
        dismissible={!pending}
        focusOnClose={focusOnClose}
        footer={
          <>
            <Button variant="secondary" disabled={pending} onClick={requestClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              variant={submitVariant}
              disabled={submitDisabled}
              loading={pending}
              loadingText={pendingLabel}
            >
              {submitLabel}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit} className={className}>
          {failure && <Alert tone="error">{failure}</Alert>}
          {children}
        </form>
      </Dialog>
      {discard.prompt}
    </>
  );
}
