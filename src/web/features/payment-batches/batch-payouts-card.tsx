import { useState } from 'react';
import type { PaymentBatchDetail } from '../../../contracts/payment-batches';
import { PAYOUT_MESSAGES, PAYOUT_NOTE_MAX, PAYOUT_STATUS_LABELS } from '../../../domain/payouts';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardHeader,
  Dialog,
  Field,
  Input,
  Select,
  Textarea,
  toast,
} from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { plural } from './batch-ui';
import { reasonOf, useFollowUp, useResolvePayout, useRetryPayout } from './payment-batches.queries';

type Item = PaymentBatchDetail['items'][number];

/**
 * The payouts that need a person (issue 49 item 6): failed ones with the operator's reason (try
 * again after correcting the wallet, or move them to a follow-up batch) and those whose outcome is
 * unknown (settled by hand with a note). The server checks every rule again.
 */
export function BatchPayoutsCard({
  batch,
  onFollowUp,
}: {
  batch: PaymentBatchDetail;
  onFollowUp: (id: string) => void;
}) {
  const retry = useRetryPayout();
  const followUp = useFollowUp();
  const [resolving, setResolving] = useState<Item | null>(null);
  const waiting = batch.items.filter(
    (i) => i.status === 'pending' && (i.payout?.status === 'failed' || i.payout?.status === 'ambiguous'),
  );
  const inFlight = batch.items.filter(
    (i) => i.payout && ['queued', 'sending', 'unconfirmed', 'pending'].includes(i.payout.status),
  ).length;
  if (waiting.length === 0 && inFlight === 0) return null;
  const failed = waiting.filter((i) => i.payout?.status === 'failed').length;

  const retryOne = async (item: Item) => {
    try {
      await retry.mutateAsync({ batchId: batch.id, payoutId: item.payout!.id });
      toast.success(`${item.student_name}'s payment will be sent again`);
    } catch (error) {
      toast.error(`Failed to retry: ${reasonOf(error)}`);
    }
  };
  const moveFailed = async () => {
    try {
      const result = await followUp.mutateAsync(batch.id);
      toast.success(`Moved to ${result.batch.reference}`);
      onFollowUp(result.batch.id);
    } catch (error) {
      toast.error(`Failed to make a follow-up batch: ${reasonOf(error)}`);
    }
  };

  return (
    <Card aria-label="Payouts">
      <CardHeader
        title="Payouts"
        description={`${plural(inFlight, 'payment')} with the operators, awaiting their answer; ${plural(waiting.length, 'payment')} needing a person`}
        actions={
          failed > 0 ? (
            <Button
              size="sm"
              variant="secondary"
              loading={followUp.isPending}
              onClick={() => void moveFailed()}
            >
              Move failed to a follow-up batch
            </Button>
          ) : undefined
        }
      />
      {waiting.length > 0 && (
        <ul aria-label="Payouts needing a person" className="divide-y divide-slate-100">
          {waiting.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 px-5 py-3 text-sm">
              <span className="font-medium">{item.student_name}</span>
              <span className="tabular-nums">{formatMoney(item.amount)}</span>
              <Badge tone={item.payout!.status === 'failed' ? 'danger' : 'warning'}>
                {PAYOUT_STATUS_LABELS[item.payout!.status]}
              </Badge>
              <span className="min-w-0 flex-1 text-slate-600">{item.payout!.reason}</span>
              {item.payout!.status === 'failed' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={retry.isPending}
                  onClick={() => void retryOne(item)}
                >
                  Try again
                </Button>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setResolving(item)}>
                  Resolve
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ResolveDialog batchId={batch.id} item={resolving} onClose={() => setResolving(null)} />
    </Card>
  );
}

function ResolveDialog({
  batchId,
  item,
  onClose,
}: {
  batchId: string;
  item: Item | null;
  onClose: () => void;
}) {
  const resolve = useResolvePayout();
  const [outcome, setOutcome] = useState<'successful' | 'failed'>('successful');
  const [transactionId, setTransactionId] = useState('');
  const [note, setNote] = useState('');
  const problem =
    outcome === 'successful' && !transactionId.trim()
      ? PAYOUT_MESSAGES.transactionIdRequired
      : !note.trim()
        ? PAYOUT_MESSAGES.noteRequired
        : null;
  const submit = async () => {
    if (!item?.payout) return;
    try {
      await resolve.mutateAsync({
        batchId,
        payoutId: item.payout.id,
        outcome,
        note,
        ...(outcome === 'successful' ? { transaction_id: transactionId } : {}),
      });
      toast.success(`${item.student_name}'s payment resolved`);
      setNote('');
      setTransactionId('');
      onClose();
    } catch (error) {
      toast.error(`Failed to resolve: ${reasonOf(error)}`);
    }
  };
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && !resolve.isPending && onClose()}
      title={`Resolve ${item?.student_name ?? ''}'s payment`}
      description="The operator could not say whether the money arrived. Say what you found out, for example from the operator's support."
      footer={
        <>
          <Button variant="secondary" disabled={resolve.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={problem !== null} loading={resolve.isPending} onClick={() => void submit()}>
            Resolve
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field label="Outcome" required>
          <Select
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as 'successful' | 'failed')}
            options={[
              { value: 'successful', label: 'Paid: the money arrived' },
              { value: 'failed', label: 'Failed: the money did not arrive' },
            ]}
          />
        </Field>
        {outcome === 'successful' && (
          <Field label="Operator's transaction id" required>
            <Input value={transactionId} maxLength={200} onChange={(e) => setTransactionId(e.target.value)} />
          </Field>
        )}
        <Field label="Note" required>
          <Textarea value={note} maxLength={PAYOUT_NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
        </Field>
        {resolve.isError && <Alert tone="error">{reasonOf(resolve.error)}</Alert>}
      </div>
    </Dialog>
  );
}
