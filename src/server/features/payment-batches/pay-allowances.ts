import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { payAllowance, type Transition } from '../../../domain/allowances';
import type { SessionUser } from '../../app-env';
import { insertByArrays } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { allowanceComments, allowances, students } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { transitionAudit } from '../allowances/allowances.service';
import { recordAudit } from '../audit/audit.service';

const idIn = (ids: string[]): SQL => sql`${allowances.id} = any(${sql.param(ids)}::uuid[])`;

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
  const locked = await tx
    .select({ allowance: allowances, officerId: students.assignedOfficerId })
    .from(allowances)
    .leftJoin(students, eq(students.id, allowances.studentId))
    .where(and(idIn(allowanceIds), eq(allowances.approvalStage, 'approved')))
    .orderBy(asc(allowances.id))
    .for('update', { of: allowances });
  if (locked.length === 0) return new Set();
  const updated = await tx
    .update(allowances)
    .set({ ...result.changes, updatedAt: now })
    .where(and(idIn(locked.map((r) => r.allowance.id)), eq(allowances.approvalStage, 'approved')))
    .returning({ id: allowances.id });
  const paid = new Set(updated.map((u) => u.id));
  const rows = locked.filter((r) => paid.has(r.allowance.id));
  await insertByArrays(
    tx,
    allowanceComments,
    rows.map((r) => ({ ...result.comment, allowanceId: r.allowance.id, createdAt: now })),
  );
  await recordAudit(
    tx,
    rows.map((r) => transitionAudit(user, r.allowance, r.officerId, result, now, batchReference)),
  );
  return paid;
}
