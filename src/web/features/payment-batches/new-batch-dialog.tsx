import { useEffect, useState } from 'react';
import type { PaymentBatchCreated } from '../../../contracts/payment-batches';
import { MONTHS } from '../../../domain/dates';
import { PAYMENT_BATCH_MESSAGES } from '../../../domain/payment-batches';
import { PAYMENT_PART_LABELS } from '../../../domain/payouts';
import { Alert, Button, Dialog, Field, Input, Select, Skeleton, toast } from '../../components/ui';
import { formatMoney, todayIso } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { plural, BATCH_UI as W } from './batch-ui';
import { HeldAllowances } from './held-allowances';
import { reasonOf, useBatchPreview, useCreateBatch } from './payment-batches.queries';

const MONTH_OPTIONS = MONTHS.map((m) => ({ value: m, label: m }));

const thisMonth = () => {
  const [year, month] = todayIso().split('-').map(Number) as [number, number];
  return { month: MONTHS[month - 1]!, year: String(year) };
};

const validYear = (text: string) => (/^\d{4}$/.test(text) && +text >= 2000 && +text <= 2100 ? +text : null);

/**
 * New Payment Batch: a month and year, how many approved allowances (and what total) the batch
 * would take, then Create Batch. The server decides again when the batch is made.
 */
export function NewBatchDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (batch: PaymentBatchCreated) => void;
}) {
  const [month, setMonth] = useState<string>(thisMonth().month);
  const [yearText, setYearText] = useState(thisMonth().year);
  const create = useCreateBatch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!open) return;
    const now = thisMonth();
    setMonth(now.month);
    setYearText(now.year);
    create.reset();
  }, [open]);
  const year = validYear(useDebouncedValue(yearText, 300));
  const typedYear = validYear(yearText);
  const preview = useBatchPreview(month, year ?? 0, open && year !== null);
  const count = preview.data?.allowance_count ?? 0;
  const ready = typedYear !== null && typedYear === year && preview.data !== undefined && !preview.isFetching;

  const submit = async () => {
    if (typedYear === null) return;
    try {
      const batch = await create.mutateAsync({ month, year: typedYear });
      toast.success(
        `Payment batch ${batch.reference} created: ${plural(batch.allowance_count, 'allowance')}, ${formatMoney(batch.total)}`,
      );
      onCreated(batch);
    } catch (error) {
      toast.error(`Failed to create payment batch: ${reasonOf(error)}`);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !create.isPending && onOpenChange(next)}
      title={W.newBatch}
      description="The approved allowances of the month that are in no batch yet."
      dismissible={!create.isPending}
      footer={
        <>
          <Button variant="secondary" disabled={create.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!ready || count === 0}
            loading={create.isPending}
            loadingText="Creating..."
            onClick={submit}
          >
            Create Batch
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && count > 0) void submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Month" required>
            <Select value={month} onChange={(e) => setMonth(e.target.value)} options={MONTH_OPTIONS} />
          </Field>
          <Field
            label="Year"
            required
            error={typedYear === null ? 'Enter a year from 2000 to 2100.' : undefined}
          >
            <Input
              inputMode="numeric"
              value={yearText}
              maxLength={4}
              onChange={(e) => setYearText(e.target.value.trim())}
            />
          </Field>
        </div>
        <div aria-live="polite" data-testid="batch-preview">
          {typedYear === null ? null : preview.isError ? (
            <Alert tone="error">{reasonOf(preview.error)}</Alert>
          ) : !ready ? (
            <Skeleton className="h-12 w-full" />
          ) : count === 0 && preview.data!.held.length === 0 ? (
            <Alert tone="info">{PAYMENT_BATCH_MESSAGES.noneQualify(`for ${month} ${year}`)}</Alert>
          ) : (
            <div className="space-y-3">
              {count > 0 && (
                <Alert
                  tone="success"
                  title={`${plural(count, 'approved allowance')}, ${formatMoney(preview.data!.total)}`}
                >
                  will go into this batch, each with its own payment reference:{' '}
                  {preview
                    .data!.parts.map(
                      (p) =>
                        `${PAYMENT_PART_LABELS[p.channel]} ${p.allowance_count} (${formatMoney(p.total)})`,
                    )
                    .join(', ')}
                  .
                </Alert>
              )}
              {preview.data!.held.length > 0 && (
                <HeldAllowances
                  held={preview.data!.held}
                  title={`${plural(preview.data!.held.length, 'allowance')} held`}
                />
              )}
            </div>
          )}
        </div>
        {create.isError && <Alert tone="error">{reasonOf(create.error)}</Alert>}
      </form>
    </Dialog>
  );
}
