import { useEffect, useState } from 'react';
import type { BatchSkip, PaymentBatchDetail } from '../../../contracts/payment-batches';
import { isIsoDate } from '../../../domain/dates';
import { parseMoney, sumMoney, toMoneyString } from '../../../domain/money';
import { Alert, Button, DateInput, Dialog, Field, toast } from '../../components/ui';
import { dayOf, formatDate, formatMoney, todayIso } from '../../lib/format';
import { plural, BATCH_UI as W } from './batch-ui';
import { reasonOf, useMarkPaid } from './payment-batches.queries';

/**
 * Mark as Paid: the day the bank paid (today unless changed; not later, not before the batch was
 * made), then every pending allowance of the batch is paid. The server checks it all again.
 */
export function MarkPaidDialog({
  batch,
  open,
  onOpenChange,
  onPaid,
}: {
  batch: PaymentBatchDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPaid: (skipped: BatchSkip[]) => void;
}) {
  const [date, setDate] = useState(todayIso());
  const pay = useMarkPaid();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!open) return;
    setDate(todayIso());
    pay.reset();
  }, [open]);
  const pending = batch.items.filter((item) => item.status === 'pending');
  const pendingTotal = toMoneyString(sumMoney(pending.map((item) => parseMoney(item.amount) ?? 0n)));
  const created = dayOf(new Date(batch.created_at));
  const today = todayIso();
  const problem = !isIsoDate(date)
    ? 'Choose the day the bank paid.'
    : date > today
      ? 'The payment date cannot be in the future.'
      : date < created
        ? `The payment date cannot be before the batch was created (${formatDate(created)}).`
        : null;

  const submit = async () => {
    try {
      const result = await pay.mutateAsync({ id: batch.id, paid_date: date });
      const left = result.skipped.length;
      toast.success(
        `${batch.reference} marked as paid: ${plural(result.paid, 'allowance')} paid${left ? `, ${left} left as they were` : ''}.`,
      );
      onPaid(result.skipped);
    } catch (error) {
      toast.error(`Failed to mark the batch as paid: ${reasonOf(error)}`);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pay.isPending && onOpenChange(next)}
      title={`Mark ${batch.reference} as Paid`}
      description={`${plural(pending.length, 'allowance')} still to pay, ${formatMoney(pendingTotal)}. Each becomes Paid on the day below, paid by you.`}
      dismissible={!pay.isPending}
      footer={
        <>
          <Button variant="secondary" disabled={pay.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={problem !== null}
            loading={pay.isPending}
            loadingText="Marking as paid..."
            onClick={submit}
          >
            {W.markPaid}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem) void submit();
        }}
      >
        <Field
          label="Payment date"
          required
          error={problem ?? undefined}
          hint="The day the bank paid the batch."
        >
          <DateInput value={date} max={today} min={created} onChange={(e) => setDate(e.target.value)} />
        </Field>
        {pay.isError && <Alert tone="error">{reasonOf(pay.error)}</Alert>}
      </form>
    </Dialog>
  );
}
