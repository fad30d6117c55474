import { useState } from 'react';
import type { PaymentBatchCreated } from '../../../contracts/payment-batches';
import { Alert, Button, Dialog, toast } from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { batchFailureReason, useCreateBatch } from '../payment-batches';

/** An allowance left out of the batch: who and which month when the page showed it, and why. */
export interface LeftOut {
  id: string;
  label: string;
  reason: string;
}

export interface AddToBatchOutcome {
  batch: Pick<PaymentBatchCreated, 'id' | 'reference' | 'allowance_count' | 'total'>;
  leftOut: LeftOut[];
}

export const allowancesWord = (n: number) => `${n.toLocaleString('en')} allowance${n === 1 ? '' : 's'}`;

/**
 * Add to Payment Batch from Allowance Management (docs/product.md D20): a batch of the ticked
 * allowances. It lives in the page, which stays mounted while the dialog closes, so the answer
 * always reaches the result panel. `labelOf` names an allowance the page has shown (student,
 * period): the server's list of those left out names only the student.
 */
export function useAddToBatch({
  labelOf,
  onAdded,
}: {
  labelOf: (id: string) => string | undefined;
  onAdded: () => void;
}) {
  const create = useCreateBatch();
  const [outcome, setOutcome] = useState<AddToBatchOutcome | null>(null);

  /** Resolves true once the batch is made; on a refusal nothing changed and the dialog says why. */
  const add = async (ids: string[]): Promise<boolean> => {
    try {
      const batch = await create.mutateAsync({ allowance_ids: ids });
      const leftOut = batch.skipped.map((s) => ({
        id: s.allowance_id,
        label: labelOf(s.allowance_id) ?? s.student_name ?? s.allowance_id,
        reason: s.reason,
      }));
      setOutcome({ batch, leftOut });
      toast.success(
        `Payment batch ${batch.reference} created: ${allowancesWord(batch.allowance_count)}, ${formatMoney(batch.total)}`,
      );
      onAdded();
      return true;
    } catch (error) {
      toast.error(`Failed to create payment batch: ${batchFailureReason(error)}`);
      return false;
    }
  };

  return {
    add,
    busy: create.isPending,
    error: create.isError ? batchFailureReason(create.error) : null,
    /** Forgets the last refusal, for a dialog opened afresh. */
    reset: create.reset,
    outcome,
    dismiss: () => setOutcome(null),
  };
}

/**
 * The confirmation: how many are ticked, and that only the approved ones in no batch yet go in
 * (the rest are listed afterwards). Create Batch is the same word as New Payment Batch's.
 */
export function AddToBatchDialog({
  open,
  count,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** How many are ticked. */
  count: number;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title="Add to Payment Batch"
      size="md"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} loadingText="Creating..." onClick={onConfirm}>
            Create Batch
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <strong className="text-slate-900">{allowancesWord(count)}</strong> selected. The approved ones that
          are in no payment batch yet go into a new payment batch, each with its own payment reference; the
          others are left out as they are and listed afterwards with the reason.
        </p>
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
