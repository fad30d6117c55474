import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BatchMismatch, PaymentBatchDetail } from '../../../contracts/payment-batches';
import { MISMATCH_KIND_LABELS, RESOLUTION_NOTE_MAX } from '../../../domain/payment-batches';
import { Alert, Badge, Button, Card, CardHeader, Dialog, Field, Textarea, toast } from '../../components/ui';
import { formatDateTime, formatMoney } from '../../lib/format';
import { plural } from './batch-ui';
import { reasonOf, useResolveMismatch } from './payment-batches.queries';

/**
 * What the batch's statements did not match, kept as a list to work through (docs/product.md D20):
 * each open one is marked resolved with a note saying how; resolved ones show who and how.
 */
export function BatchMismatches({ batch }: { batch: PaymentBatchDetail }) {
  const [resolving, setResolving] = useState<BatchMismatch | null>(null);
  if (batch.mismatches.length === 0) return null;
  const open = batch.mismatches.filter((m) => m.resolved_at === null).length;
  return (
    <Card>
      <CardHeader
        title="Mismatches"
        description={
          open > 0
            ? `${plural(open, 'mismatch', 'mismatches')} to work through. Mark each resolved with a note once it is settled.`
            : 'Every mismatch is resolved.'
        }
      />
      <ul aria-label="Mismatches" className="divide-y divide-slate-100">
        {batch.mismatches.map((m) => (
          <li key={m.id} className="flex flex-wrap items-start justify-between gap-3 px-5 py-3 text-sm">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone={m.resolved_at ? 'success' : 'warning'}>
                  {m.resolved_at ? 'Resolved' : 'Open'}
                </Badge>
                <span className="font-medium text-slate-900">{MISMATCH_KIND_LABELS[m.kind]}</span>
                <span className="break-all font-mono text-xs">{m.reference}</span>
              </p>
              <p className="text-slate-600">{facts(m)}</p>
              {m.resolved_at && (
                <p className="text-slate-700">
                  {m.resolution_note}{' '}
                  <span className="text-slate-500">
                    ({m.resolved_by}, {formatDateTime(m.resolved_at)})
                  </span>
                </p>
              )}
            </div>
            {!m.resolved_at && (
              <Button variant="secondary" size="sm" onClick={() => setResolving(m)}>
                <CircleCheck aria-hidden="true" className="size-4" />
                Mark resolved
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ResolveDialog batch={batch} mismatch={resolving} onClose={() => setResolving(null)} />
    </Card>
  );
}

/** 'Mwila Chanda · expected ZMW 900.00 · paid ZMW 800.00 · statement row 4'. */
function facts(m: BatchMismatch): string {
  return [
    m.student_name,
    m.expected_amount && `expected ${formatMoney(m.expected_amount)}`,
    m.paid_amount && `paid ${formatMoney(m.paid_amount)}`,
    m.rows && `statement ${m.rows.length === 1 ? 'row' : 'rows'} ${m.rows.join(', ')}`,
    `found ${formatDateTime(m.found_at)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function ResolveDialog({
  batch,
  mismatch,
  onClose,
}: {
  batch: PaymentBatchDetail;
  mismatch: BatchMismatch | null;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const resolve = useResolveMismatch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    setNote('');
    setTried(false);
    resolve.reset();
  }, [mismatch?.id]);
  const problem =
    note.trim() === ''
      ? 'Say how the mismatch was resolved.'
      : note.trim().length > RESOLUTION_NOTE_MAX
        ? `The note is at most ${RESOLUTION_NOTE_MAX} characters.`
        : null;
  const submit = async () => {
    setTried(true);
    if (problem || !mismatch) return;
    try {
      await resolve.mutateAsync({ batchId: batch.id, mismatchId: mismatch.id, note: note.trim() });
      toast.success(`Mismatch ${mismatch.reference} marked resolved`);
      onClose();
    } catch (error) {
      toast.error(`Failed to resolve the mismatch: ${reasonOf(error)}`);
    }
  };
  return (
    <Dialog
      open={mismatch !== null}
      onOpenChange={(next) => !next && !resolve.isPending && onClose()}
      title="Mark mismatch resolved"
      description={mismatch ? `${MISMATCH_KIND_LABELS[mismatch.kind]}: ${mismatch.reference}` : undefined}
      dismissible={!resolve.isPending}
      footer={
        <>
          <Button variant="secondary" disabled={resolve.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button loading={resolve.isPending} loadingText="Saving..." onClick={() => void submit()}>
            Mark resolved
          </Button>
        </>
      }
    >
      <Field
        label="Note"
        required
        error={tried ? (problem ?? undefined) : undefined}
        hint="How it was settled: the bank refunded it, paid the difference, the reference was another batch's..."
      >
        <Textarea
          value={note}
          rows={3}
          maxLength={RESOLUTION_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      {resolve.isError && <Alert tone="error">{reasonOf(resolve.error)}</Alert>}
    </Dialog>
  );
}
