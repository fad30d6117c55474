import { Banknote, Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { PaymentBatch } from '../../../contracts/payment-batches';
import { PAYMENT_BATCH_STATUS_LABELS } from '../../../domain/payment-batches';
import { type DataColumn, DataTable, QueryPager, tableStateOf } from '../../components/list';
import { Badge, Button, Card, PageHeader } from '../../components/ui';
import { formatDate, formatMoney } from '../../lib/format';
import { pageParam } from '../../lib/list-state';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { BatchDetails } from './batch-details';
import { BATCH_STATUS_TONES, periodOf, plural, BATCH_UI as W } from './batch-ui';
import { NewBatchDialog } from './new-batch-dialog';
import { PAYMENT_BATCH_PAGE_SIZE, reasonOf, useBatches } from './payment-batches.queries';

/** The page and the batch open (`?open=<id>`), kept in the address bar. */
const REFERENCE_LINK =
  'font-medium text-primary-active underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary';

const ParamsSchema = z.object({ page: pageParam, open: z.string().max(40).default('') });

/**
 * /payment-batches (docs/product.md D20, admins): the batches, newest first; a new batch for a
 * month; a batch's details with Export for Bank, Mark as Paid and Import Bank Statement.
 */
export function PaymentBatchesPage() {
  const { state: params, update } = useUrlListState(ParamsSchema);
  const [creating, setCreating] = useState(false);
  const list = useBatches(params.page);
  useKeepPageInRange(params.page, PAYMENT_BATCH_PAGE_SIZE, list.data, (page) => update({ page }));
  const open = (id: string) => update({ open: id, page: params.page });

  const columns: Array<DataColumn<PaymentBatch>> = [
    {
      header: 'Reference',
      cell: (b) => (
        <button type="button" className={REFERENCE_LINK} onClick={() => open(b.id)}>
          {b.reference}
        </button>
      ),
      skeletonWidth: 'w-32',
    },
    { header: 'Period', cell: periodOf },
    {
      header: 'Allowances',
      cell: (b) => b.allowance_count.toLocaleString('en'),
      className: 'text-right tabular-nums',
    },
    { header: 'Total', cell: (b) => formatMoney(b.total), className: 'text-right tabular-nums' },
    {
      header: 'Status',
      cell: (b) => <Badge tone={BATCH_STATUS_TONES[b.status]}>{PAYMENT_BATCH_STATUS_LABELS[b.status]}</Badge>,
    },
    { header: 'Created', cell: (b) => formatDate(b.created_at) },
  ];

  if (params.open)
    return (
      <div className="space-y-6">
        <BatchDetails
          id={params.open}
          onClose={() => update({ open: '', page: params.page })}
          onOpenBatch={(id) => update({ open: id, page: params.page })}
        />
      </div>
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title={W.title}
        description={W.description}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {W.newBatch}
          </Button>
        }
      />
      <Card>
        <DataTable
          label="Payment batches"
          columns={columns}
          rowKey={(b) => b.id}
          card={(b) => (
            <div className="space-y-1">
              <div className="flex items-center justify-between gap-2">
                <button type="button" className={REFERENCE_LINK} onClick={() => open(b.id)}>
                  {b.reference}
                </button>
                <Badge tone={BATCH_STATUS_TONES[b.status]}>{PAYMENT_BATCH_STATUS_LABELS[b.status]}</Badge>
              </div>
              <p className="text-sm text-slate-600">
                {periodOf(b)} · {plural(b.allowance_count, 'allowance')} · {formatMoney(b.total)}
              </p>
            </div>
          )}
          emptyIcon={Banknote}
          emptyTitle={W.empty}
          {...tableStateOf(list, { title: W.loadFailed, message: reasonOf })}
        />
        <QueryPager query={list} onPage={(page) => update({ page })} />
      </Card>
      <NewBatchDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(batch) => {
          setCreating(false);
          open(batch.id);
        }}
      />
    </div>
  );
}
