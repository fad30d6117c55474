import type { PaymentBatch } from '../../../contracts/payment-batches';
import type { PaymentBatchStatus, PaymentItemStatus } from '../../../domain/payment-batches';
import type { BadgeTone } from '../../components/ui';

/** The screen's words, kept together so the tests and the page say the same. */
export const BATCH_UI = {
  title: 'Payment Batches',
  description: "Pay approved allowances through the bank, then reconcile the bank's statement",
  newBatch: 'New Payment Batch',
  empty: 'No payment batches yet. Click "New Payment Batch" to pay the approved allowances of a month.',
  loadFailed: "Couldn't load the payment batches",
  selection: 'Selection',
  exportForBank: 'Export for Bank',
  markPaid: 'Mark as Paid',
  importStatement: 'Import Bank Statement',
  deleteBatch: 'Delete Batch',
  deleteQuestion:
    'Are you sure you want to delete this payment batch? Its allowances can then be put in another batch.',
  back: 'All payment batches',
} as const;

export const BATCH_STATUS_TONES: Record<PaymentBatchStatus, BadgeTone> = {
  open: 'neutral',
  exported: 'info',
  paid: 'primary',
  reconciled: 'success',
};

export const ITEM_STATUS_TONES: Record<PaymentItemStatus, BadgeTone> = {
  pending: 'warning',
  paid: 'primary',
  reconciled: 'success',
};

/** 'November 2026', or 'Selection' for a batch of chosen allowances. */
export const periodOf = (batch: Pick<PaymentBatch, 'month' | 'year'>) =>
  batch.month && batch.year ? `${batch.month} ${batch.year}` : BATCH_UI.selection;

export { plural } from '../../../domain/plural';
