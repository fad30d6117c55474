/** Payment Batches (/payment-batches, admins): pay approved allowances through the bank and reconcile its statement. */
export { PaymentBatchesPage } from './payment-batches-page';
