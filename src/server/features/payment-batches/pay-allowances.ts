import { and, eq } from 'drizzle-orm';
import { payAllowance, type Transition } from '../../../domain/allowances';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { allowances } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { allowanceIdIn, lockAllowances, takeStep } from '../allowances/allowances.service';

/**
 * Marks the allowances paid, in `tx`, as a single payment would (docs/product.md §4, D5): the
 * same domain rule (admin only, approved only), then for each allowance the stage change, its
 * 'Payment processed' comment and its audit entry. The payment date is the day the bank paid.
 * Only allowances still approved change: they are locked in id order (a concurrent payment that
 * commits first takes its allowance out of the answer) and updated with the stage in the WHERE.
 * Returns the ids paid; the others are the caller's to report.
 */
export async function payAllowancesOfBatch(
  tx: DbOrTx,
  user: Pick<SessionUser, 'id' | 'name' | 'role'>,
  allowanceIds: string[],
  paidDate: string,
  batchReference: string,
  now: Date,
): Promise<Set<string>> {
  const rule = payAllowance(
    { approvalStage: 'approved' },
    { id: user.id, name: user.name, role: user.role },
    now,
  );
  if (!rule.ok) throw forbidden(rule.message);
  if (allowanceIds.length === 0) return new Set();
  const result: Transition = { ...rule, changes: { ...rule.changes, paidDate } };
  const locked = await lockAllowances(
    tx,
    and(allowanceIdIn(allowanceIds), eq(allowances.approvalStage, 'approved')),
  );
  if (locked.length === 0) return new Set();
  return takeStep(tx, user, locked, 'approved', result, now, batchReference);
}
