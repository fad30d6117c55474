import { type ReactNode, useId, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { type ApiError, failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { Alert, ConfirmDialog, Dialog } from '../ui';
import { focusFirstField, useDiscardGuard } from './discard-guard';
import { FormFooter } from './form-footer';
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
  /**
   * Instead of `failureMessage`, the words of a failed save ('Failed to save event'), shown above
   * the fields with the server's reason after them.
   */
  failed?: string;
  /** The field a server message belongs on when it names one only in its words. */
  fieldOfError?: (error: ApiError) => string | null;
  /**
   * A question to answer before values the checks take are saved (a due date already past), or
   * null to save at once. Cancel returns to the form with nothing saved.
   */
  confirmSave?: (values: TValues) => SaveQuestion | null;
  className?: string;
  /** Where focus goes on closing when the element that opened the dialog is gone. */
  focusOnClose?: () => HTMLElement | null;
  children: ReactNode;
}

export interface SaveQuestion {
  title: string;
  message: ReactNode;
  confirmLabel: string;
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
  failed,
  fieldOfError,
  confirmSave,
  className,
  focusOnClose,
  children,
}: FormDialogProps<TValues>) {
  const formId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [question, setQuestion] = useState<SaveQuestion | null>(null);
  // Set by the question's confirm: the submit it starts saves without asking again.
  const answered = useRef(false);
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
    const ask = answered.current ? null : (confirmSave?.(values) ?? null);
    answered.current = false;
    if (ask) {
      setQuestion(ask);
      return;
    }
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
      const message =
        failureMessage?.(error) ?? (failed ? failureWithReason(error, failed, NETWORK_MESSAGE) : null);
      setFailure(onField ? null : message);
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
          <FormFooter
            formId={formId}
            busy={pending}
            onCancel={requestClose}
            submit={{
              label: submitLabel,
              loadingText: pendingLabel,
              variant: submitVariant,
              disabled: submitDisabled,
            }}
          />
        }
      >
        <form id={formId} noValidate onSubmit={submit} className={className}>
          {failure && <Alert tone="error">{failure}</Alert>}
          {children}
        </form>
      </Dialog>
      {discard.prompt}
      {question && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setQuestion(null)}
          title={question.title}
          message={question.message}
          confirmLabel={question.confirmLabel}
          onConfirm={() => {
            setQuestion(null);
            answered.current = true;
            void submit();
          }}
        />
      )}
    </>
  );
}
