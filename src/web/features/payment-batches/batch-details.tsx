import { ArrowLeft, Banknote, CircleCheck, Download, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import type { BatchSkip, PaymentBatchDetail } from '../../../contracts/payment-batches';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import {
  canDeleteBatch,
  canReconcileBatch,
  itemsWithoutNrc,
  PAYMENT_BATCH_MESSAGES,
  PAYMENT_BATCH_STATUS_LABELS,
  PAYMENT_ITEM_STATUS_LABELS,
} from '../../../domain/payment-batches';
import type { WalletProvider } from '../../../domain/payment-channels';
import { PAYOUT_STATUS_LABELS } from '../../../domain/payouts';
import { downloadTextFile } from '../../components/forms';
import { type DataColumn, DataTable, ListError } from '../../components/list';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardHeader,
  ConfirmDialog,
  DeleteConfirmDialog,
  PageHeader,
  Skeleton,
  toast,
} from '../../components/ui';
import { dialogOnDemand } from '../../lib/dialog-on-demand';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { BatchMismatches } from './batch-mismatches';
import { BatchPartsCard } from './batch-parts-card';
import { BatchPayoutsCard } from './batch-payouts-card';
import { BatchReconciliationCard } from './batch-reconciliation-card';
import { BATCH_STATUS_TONES, ITEM_STATUS_TONES, periodOf, plural, BATCH_UI as W } from './batch-ui';
import { MarkPaidDialog } from './mark-paid-dialog';
import { reasonOf, useBatch, useDeleteBatch, useExportBatch } from './payment-batches.queries';

// The two statement imports (the CSV and spreadsheet readers, the preview of each line) are used
// once a month: they load when opened, not with the batch (issue 47 item 7), and so not with
// Allowance Management either, which shows this feature's batch making.
const StatementDialog = dialogOnDemand(
  () => import('./statement-dialog'),
  (m) => m.StatementDialog,
  ({ open }) => open,
);
const OperatorStatementDialog = dialogOnDemand(
  () => import('./operator-statement-dialog'),
  (m) => m.OperatorStatementDialog,
  ({ channel }) => channel !== null,
);

type Item = PaymentBatchDetail['items'][number];

const ITEM_COLUMNS: Array<DataColumn<Item>> = [
  { header: 'Student', cell: (i) => i.student_name },
  { header: 'NRC', cell: (i) => i.nrc_number ?? <span className="text-slate-400">—</span> },
  {
    header: 'Channel',
    cell: (i) => i.payment_channel?.label ?? <span className="text-slate-400">No payment channel</span>,
  },
  { header: 'Period', cell: (i) => `${i.month} ${i.year}` },
  { header: 'Amount', cell: (i) => formatMoney(i.amount), className: 'text-right tabular-nums' },
  { header: 'Reference', cell: (i) => <span className="font-mono text-xs">{i.reference}</span> },
  {
    header: 'Payment',
    cell: (i) => (
      <span className="flex flex-col items-start gap-1">
        <Badge tone={ITEM_STATUS_TONES[i.status]}>{PAYMENT_ITEM_STATUS_LABELS[i.status]}</Badge>
        {i.payout && i.status === 'pending' && (
          <span className="text-xs text-slate-500">{PAYOUT_STATUS_LABELS[i.payout.status]}</span>
        )}
        {i.transaction_id && <span className="font-mono text-xs text-slate-500">{i.transaction_id}</span>}
      </span>
    ),
  },
  { header: 'Allowance', cell: (i) => APPROVAL_STAGE_LABELS[i.approval_stage] },
];

/** One batch: what it holds, where it stands, and what may be done with it now. */
export function BatchDetails({
  id,
  onClose,
  onOpenBatch,
}: {
  id: string;
  onClose: () => void;
  onOpenBatch: (id: string) => void;
}) {
  const batch = useBatch(id);
  const exporting = useExportBatch();
  const remove = useDeleteBatch();
  const [dialog, setDialog] = useState<'pay' | 'statement' | 'delete' | 'nrc' | null>(null);
  const [leftUnpaid, setLeftUnpaid] = useState<BatchSkip[]>([]);
  const [operatorStatement, setOperatorStatement] = useState<WalletProvider | null>(null);
  const data = batch.data;

  const back = (
    <Button variant="ghost" onClick={onClose}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {W.back}
    </Button>
  );
  if (batch.isError && !data)
    return (
      <>
        {back}
        <Card>
          <ListError
            title="Couldn't load the payment batch"
            message={reasonOf(batch.error)}
            onRetry={() => void batch.refetch()}
            retrying={batch.isFetching}
          />
        </Card>
      </>
    );
  if (!data)
    return (
      <>
        {back}
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </>
    );

  // The bank part keeps Mark as Paid and the bank's file; the wallets are paid by their operators.
  const bankItems = data.items.filter((i) => i.channel === 'bank');
  const pending = bankItems.filter((i) => i.status === 'pending').length;
  const withoutNrc = itemsWithoutNrc(bankItems);
  // Before the file is made, the allowances without an NRC are named: the bank may refuse them.
  const exportFile = async (allowMissingNrc: boolean) => {
    if (withoutNrc.length > 0 && !allowMissingNrc) {
      setDialog('nrc');
      return;
    }
    try {
      const file = await exporting.mutateAsync({ id: data.id, allowMissingNrc });
      downloadTextFile(file.name, file.text);
      toast.success(`Exported ${data.reference} for the bank`);
      setDialog(null);
    } catch (error) {
      toast.error(`Failed to export the batch: ${reasonOf(error)}`);
    }
  };
  const deleteBatch = async () => {
    try {
      await remove.mutateAsync(data.id);
      toast.success(`Payment batch ${data.reference} deleted`);
      setDialog(null);
      onClose();
    } catch (error) {
      toast.error(`Failed to delete the batch: ${reasonOf(error)}`);
    }
  };

  return (
    <>
      {back}
      <PageHeader
        title={`Payment Batch ${data.reference}`}
        description={`${periodOf(data)} · ${plural(data.allowance_count, 'allowance')} · ${formatMoney(data.total)}`}
        actions={
          <>
            {bankItems.length > 0 && (
              <Button
                variant="secondary"
                loading={exporting.isPending}
                loadingText="Exporting..."
                onClick={() => void exportFile(false)}
              >
                <Download aria-hidden="true" className="size-4" />
                {W.exportForBank}
              </Button>
            )}
            {canReconcileBatch(data.status) && pending > 0 && (
              <Button variant="secondary" onClick={() => setDialog('pay')}>
                <CircleCheck aria-hidden="true" className="size-4" />
                {W.markPaid}
              </Button>
            )}
            {canReconcileBatch(data.status) && (
              <Button onClick={() => setDialog('statement')}>
                <Upload aria-hidden="true" className="size-4" />
                {W.importStatement}
              </Button>
            )}
            {canDeleteBatch(data.status) && (
              <Button variant="ghost" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                {W.deleteBatch}
              </Button>
            )}
          </>
        }
      />

      {leftUnpaid.length > 0 && (
        <Alert tone="error" title={`${plural(leftUnpaid.length, 'allowance')} left as they were`}>
          <ul aria-label="Allowances not paid" className="list-disc pl-5">
            {leftUnpaid.map((s) => (
              <li key={s.allowance_id}>
                {s.student_name} ({s.reference}): {s.reason}
              </li>
            ))}
          </ul>
        </Alert>
      )}

      <Card aria-label="Batch summary">
        <dl className="grid gap-x-6 gap-y-3 p-5 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Status">
            <Badge tone={BATCH_STATUS_TONES[data.status]}>{PAYMENT_BATCH_STATUS_LABELS[data.status]}</Badge>
          </Fact>
          <Fact label="Payments">
            {data.item_counts.pending} pending · {data.item_counts.paid} paid · {data.item_counts.reconciled}{' '}
            reconciled
          </Fact>
          <Fact label="Created">
            {formatDateTime(data.created_at)} by {data.created_by}
          </Fact>
          <Fact label="Exported">{data.exported_at ? formatDateTime(data.exported_at) : 'Not yet'}</Fact>
          <Fact label="Paid">
            {data.paid_date ? `${formatDate(data.paid_date)} by ${data.paid_by}` : 'Not yet'}
          </Fact>
          <Fact label="Reconciled">
            {data.reconciled_at ? formatDateTime(data.reconciled_at) : 'Not yet'}
          </Fact>
        </dl>
      </Card>

      <BatchPartsCard batch={data} onImportStatement={setOperatorStatement} />
      <BatchReconciliationCard batch={data} />
      <BatchPayoutsCard batch={data} onFollowUp={onOpenBatch} />
      <BatchMismatches batch={data} />

      <Card>
        <CardHeader title="Allowances in this batch" description="In the order of the file for the bank" />
        <DataTable
          label="Allowances in this batch"
          columns={ITEM_COLUMNS}
          rows={data.items}
          rowKey={(i) => i.id}
          card={(i) => (
            <div className="space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <span className="font-medium">{i.student_name}</span>
                <Badge tone={ITEM_STATUS_TONES[i.status]}>{PAYMENT_ITEM_STATUS_LABELS[i.status]}</Badge>
              </div>
              <p className="text-slate-600">
                {formatMoney(i.amount)} · <span className="font-mono text-xs">{i.reference}</span>
              </p>
            </div>
          )}
          emptyIcon={Banknote}
          emptyTitle="This batch holds no allowances."
        />
      </Card>

      <MarkPaidDialog
        batch={data}
        open={dialog === 'pay'}
        onOpenChange={(open) => setDialog(open ? 'pay' : null)}
        onPaid={(skipped) => {
          setLeftUnpaid(skipped);
          setDialog(null);
        }}
      />
      <StatementDialog
        batch={data}
        open={dialog === 'statement'}
        onOpenChange={(open) => setDialog(open ? 'statement' : null)}
      />
      <OperatorStatementDialog
        batch={data}
        channel={operatorStatement}
        onOpenChange={(open) => !open && setOperatorStatement(null)}
      />
      <ConfirmDialog
        open={dialog === 'nrc'}
        onOpenChange={(open) => !exporting.isPending && setDialog(open ? 'nrc' : null)}
        title="Some allowances have no NRC"
        message={
          <>
            {PAYMENT_BATCH_MESSAGES.missingNrc(withoutNrc.length, bankItems.length)} Add their NRC numbers to
            the student records first, or export the file without them.
            <span className="mt-2 block font-medium text-slate-800">Without NRC:</span>
            <span className="mt-1 block">
              {withoutNrc.map((item) => `${item.student_name} (${item.reference})`).join(', ')}
            </span>
          </>
        }
        confirmLabel="Export anyway"
        busy={exporting.isPending}
        busyLabel="Exporting..."
        onConfirm={() => void exportFile(true)}
      />
      <DeleteConfirmDialog
        open={dialog === 'delete'}
        onCancel={() => setDialog(null)}
        title={`Delete ${data.reference}?`}
        message={W.deleteQuestion}
        confirmLabel={W.deleteBatch}
        busy={remove.isPending}
        onConfirm={deleteBatch}
      />
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}
