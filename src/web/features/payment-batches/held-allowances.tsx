import type { HeldAllowance } from '../../../contracts/payment-batches';
import { Alert } from '../../components/ui';
import { formatMoney } from '../../lib/format';

/**
 * The allowances kept out of a batch (no usable payment channel), each with its student, amount
 * and reason: before the batch is made and on the batch itself.
 */
export function HeldAllowances({ held, title }: { held: readonly HeldAllowance[]; title: string }) {
  return (
    <Alert tone="error" title={title}>
      <ul aria-label="Held allowances" className="list-disc pl-5">
        {held.map((h) => (
          <li key={h.allowance_id}>
            {h.student_name} ({formatMoney(h.amount)}): {h.reason}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
