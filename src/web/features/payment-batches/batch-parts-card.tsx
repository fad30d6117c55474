import { Download, Send, Upload } from 'lucide-react';
import { useState } from 'react';
import type { PaymentBatchDetail } from '../../../contracts/payment-batches';
import { canReconcileBatch } from '../../../domain/payment-batches';
import type { WalletProvider } from '../../../domain/payment-channels';
import { isWalletPart, PAYMENT_PART_LABELS, type PaymentPart } from '../../../domain/payouts';
import { downloadTextFile } from '../../components/forms';
import { Button, Card, CardHeader, ConfirmDialog, toast } from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { plural } from './batch-ui';
import { HeldAllowances } from './held-allowances';
import { reasonOf, useExportBatch, useSendPayouts } from './payment-batches.queries';

/**
 * The batch by channel (issue 49 item 3): each part's count and total; a wallet part is sent to its
 * operator (after a confirmation) when the operator is configured here, otherwise exported as a
 * file for the operator's bulk-payment portal. The allowances held for want of a usable channel
 * are listed with why.
 */
export function BatchPartsCard({
  batch,
  onImportStatement,
}: {
  batch: PaymentBatchDetail;
  /** Opens the import of the operator's statement for a wallet part. */
  onImportStatement: (channel: WalletProvider) => void;
}) {
  const sending = useSendPayouts();
  const exporting = useExportBatch();
  const [confirm, setConfirm] = useState<WalletProvider | null>(null);
  const part = batch.parts.find((p) => p.channel === confirm);

  const send = async (provider: WalletProvider) => {
    try {
      const result = await sending.mutateAsync({ id: batch.id, provider });
      const held = result.skipped.length;
      toast.success(
        `${plural(result.queued, 'payment')} sent to ${PAYMENT_PART_LABELS[provider]}${held ? `; ${held} held` : ''}. Each becomes paid when the operator confirms it.`,
      );
      setConfirm(null);
    } catch (error) {
      toast.error(`Failed to send: ${reasonOf(error)}`);
    }
  };
  const exportPart = async (channel: PaymentPart) => {
    try {
      const file = await exporting.mutateAsync({ id: batch.id, allowMissingNrc: true, channel });
      downloadTextFile(file.name, file.text);
      toast.success(`Exported the ${PAYMENT_PART_LABELS[channel]} part for the operator's portal`);
    } catch (error) {
      toast.error(`Failed to export: ${reasonOf(error)}`);
    }
  };

  return (
    <Card aria-label="Parts by channel">
      <CardHeader title="By channel" description="Each channel's payments, count and total" />
      <ul className="divide-y divide-slate-100">
        {batch.parts.map((p) => (
          <li key={p.channel} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
            <span className="font-medium text-slate-900">{PAYMENT_PART_LABELS[p.channel]}</span>
            <span className="tabular-nums text-slate-600">
              {plural(p.allowance_count, 'allowance')} · {formatMoney(p.total)}
            </span>
            {isWalletPart(p.channel) && p.can_send && p.unsent > 0 && (
              <Button size="sm" onClick={() => setConfirm(p.channel as WalletProvider)}>
                <Send aria-hidden="true" className="size-4" />
                Send to {PAYMENT_PART_LABELS[p.channel]}
              </Button>
            )}
            {isWalletPart(p.channel) && !p.can_send && (
              <Button
                size="sm"
                variant="secondary"
                loading={exporting.isPending}
                onClick={() => void exportPart(p.channel)}
              >
                <Download aria-hidden="true" className="size-4" />
                Export for {PAYMENT_PART_LABELS[p.channel]} portal
              </Button>
            )}
            {isWalletPart(p.channel) && canReconcileBatch(batch.status) && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onImportStatement(p.channel as WalletProvider)}
              >
                <Upload aria-hidden="true" className="size-4" />
                Import {PAYMENT_PART_LABELS[p.channel]} Statement
              </Button>
            )}
          </li>
        ))}
      </ul>
      {batch.held.length > 0 && (
        <div className="px-5 pb-5">
          <HeldAllowances
            held={batch.held}
            title={`${plural(batch.held.length, 'allowance')} held: no usable payment channel`}
          />
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm ? `Send to ${PAYMENT_PART_LABELS[confirm]}?` : ''}
        message={
          part
            ? `${plural(part.unsent, 'payment')} of ${batch.reference} will be sent to ${PAYMENT_PART_LABELS[part.channel]} now. Each allowance becomes paid when the operator confirms the money arrived.`
            : ''
        }
        confirmLabel="Send"
        busy={sending.isPending}
        busyLabel="Sending..."
        onConfirm={() => confirm && void send(confirm)}
      />
    </Card>
  );
}
