/** Payment Batches (/payment-batches, admins): pay approved allowances through the bank and reconcile its statement. */

// Allowance Management makes a batch of the allowances ticked there (docs/product.md D20).
export { reasonOf as batchFailureReason, useCreateBatch } from './payment-batches.queries';
export { PaymentBatchesPage } from './payment-batches-page';
