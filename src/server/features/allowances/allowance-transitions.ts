import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import type { Transition } from '../../../domain/allowances';
import { insertByArrays } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { allowanceComments, allowances, students } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { transitionAudit } from './allowance-transition-audit';

/*
 * One step taken on many allowances at once, the way a bulk decision and a batch's payment both
 * take it: lock the allowances, then move those still at the stage with one UPDATE guarded by the
 * stage, so that a step another transaction committed first leaves its allowance out.
 */

/** The allowances of these ids, as one uuid[] parameter however many there are. */
export const allowanceIdIn = (ids: string[]): SQL => sql`${allowances.id} = any(${sql.param(ids)}::uuid[])`;

/** Locks the allowances `where` picks, in id order, each with its student's officer (the audit entry's). */
export function lockAllowances(tx: DbOrTx, where: SQL | undefined) {
  return tx
    .select({ allowance: allowances, officerId: students.assignedOfficerId })
    .from(allowances)
    .leftJoin(students, eq(students.id, allowances.studentId))
    .where(where)
    .orderBy(asc(allowances.id))
    .for('update', { of: allowances });
}

export type LockedAllowance = Awaited<ReturnType<typeof lockAllowances>>[number];

/**
 * Moves the locked allowances still at `stage` as `result` says, then writes a comment row and an
 * audit entry for each one moved (`paymentBatch`: the batch a payment was part of). Answers the
 * ids moved.
 */
export async function takeStep(
  tx: DbOrTx,
  user: { id: string; name: string },
  locked: LockedAllowance[],
  stage: ApprovalStage,
  result: Transition,
  now: Date,
  paymentBatch?: string,
): Promise<Set<string>> {
  const updated = await tx
    .update(allowances)
    .set({ ...result.changes, updatedAt: now })
    .where(and(allowanceIdIn(locked.map((r) => r.allowance.id)), eq(allowances.approvalStage, stage)))
    .returning({ id: allowances.id });
  const moved = new Set(updated.map((u) => u.id));
  const rows = locked.filter((r) => moved.has(r.allowance.id));
  await insertByArrays(
    tx,
    allowanceComments,
    rows.map((r) => ({ ...result.comment, allowanceId: r.allowance.id, createdAt: now })),
  );
  await recordAudit(
    tx,
    rows.map((r) => transitionAudit(user, r.allowance, r.officerId, result, now, paymentBatch)),
  );
  return moved;
}
