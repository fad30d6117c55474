import { isReviewStage, REVIEW_STEP_RULES, type Transition } from '../../../domain/allowances';
import { fieldsOf, snakeCased } from '../../../domain/audit';
import { formatZmw } from '../../../domain/money';
import type { AuditInput } from '../audit/audit.service';
import type { AllowanceRow } from './allowance-dto';

/**
 * The audit entry of one step taken on an allowance (a decision or a payment), written in the
 * step's transaction. One function for the single decision and the bulk one, so an allowance's
 * history reads the same whichever way it was decided.
 */
export function transitionAudit(
  user: { id: string; name: string },
  current: AllowanceRow,
  officerId: string | null,
  result: Transition,
  at: Date,
  /** A payment made as part of a payment batch names the batch (features/payment-batches). */
  paymentBatch?: string,
): AuditInput {
  const what = `the allowance of ${current.studentName} for ${current.month} ${current.year}`;
  const step = isReviewStage(result.from) ? ` (${REVIEW_STEP_RULES[result.from].label})` : '';
  const verb = result.to === 'paid' ? 'paid' : result.to === 'rejected' ? 'denied' : 'approved';
  // A delegate's decision names whose it was (docs/product.md D21).
  const behalf = result.comment.onBehalfOf ? ` on behalf of ${result.comment.onBehalfOf}` : '';
  return {
    actor: { id: user.id, name: user.name },
    officerId,
    entityType: 'allowance',
    entityId: current.id,
    action: `allowance.${verb}`,
    summary:
      verb === 'paid'
        ? `${user.name} marked ${what} as paid (${formatZmw(current.total)})${
            paymentBatch ? ` in payment batch ${paymentBatch}` : ''
          }`
        : `${user.name}${behalf} ${verb} ${what}${step}`,
    at,
    before: snakeCased(fieldsOf(current, result.changes)),
    after: {
      ...snakeCased(result.changes),
      ...(result.comment.commentText ? { comment: result.comment.commentText } : {}),
      ...(paymentBatch ? { payment_batch: paymentBatch } : {}),
    },
  };
}
