import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { type AddToBatchOutcome, allowancesWord } from './add-to-batch-dialog';
import { OutcomePanel } from './outcome-panel';

/** Payment Batches opens a batch from its address (`?open=<id>`), so the link can be shared. */
export const batchHref = (id: string) => `/payment-batches?open=${encodeURIComponent(id)}`;

/**
 * What Add to Payment Batch made: the batch's reference, count and total, a link to open it, and
 * each allowance left out with the reason.
 */
export function AddToBatchResult({
  outcome,
  onDismiss,
}: {
  outcome: AddToBatchOutcome;
  onDismiss: () => void;
}) {
  const { batch, leftOut } = outcome;
  return (
    <OutcomePanel
      title="Payment batch created"
      actions={
        <Link to={batchHref(batch.id)} className={buttonClasses('primary', 'sm')}>
          Open payment batch {batch.reference}
        </Link>
      }
      done={`${batch.reference}: ${allowancesWord(batch.allowance_count)}, ${formatMoney(batch.total)}.`}
      doneTestId="batch-created"
      setAside={leftOut}
      setAsideWord="Left out"
      listLabel="Allowances left out"
      setAsideSummary={`Left out: ${allowancesWord(leftOut.length)}, not in this batch.`}
      onDismiss={onDismiss}
    />
  );
}
