import { asc, eq, sql } from 'drizzle-orm';
import type { Allowance, AllowanceComment, AllowanceDetail } from '../../../contracts/allowances';
import { isUuid } from '../../../contracts/common';
import { type Actor, ALLOWANCE_MESSAGES } from '../../../domain/allowances';
import { normaliseMoney } from '../../../domain/money';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import {
  type ConstraintMessages,
  isForeignKeyViolation,
  isUniqueViolation,
} from '../../db/constraint-errors';
import { allowanceComments, allowances } from '../../db/schema';

export type AllowanceRow = typeof allowances.$inferSelect;
export type AllowanceCommentRow = typeof allowanceComments.$inferSelect;

/**
 * The unique index that lets at most one allowance per student and period be open (docs/product.md D5).
 * A write that fails on it lost a race with another submission of the same period.
 */
const OPEN_PERIOD_INDEX = 'allowances_one_open_per_period';
export const isOpenPeriodTaken = (error: unknown) => isUniqueViolation(error, OPEN_PERIOD_INDEX);

/**
 * The student an allowance is written for was deleted by a transaction that committed while the
 * write waited on its row (the check that found the student ran before). Both tables that
 * reference the student from an allowance write count.
 */
const STUDENT_KEYS = [
  'allowances_student_id_students_id_fk',
  'allowance_student_names_student_id_students_id_fk',
];
export const isStudentGone = (error: unknown) => isForeignKeyViolation(error, STUDENT_KEYS);

/** The 409s of a write that lost one of those races, for answeringConstraints. */
export const allowanceWriteConflicts = (duplicateMessage: string): ConstraintMessages => ({
  unique: { [OPEN_PERIOD_INDEX]: duplicateMessage },
  foreignKey: Object.fromEntries(STUDENT_KEYS.map((key) => [key, ALLOWANCE_MESSAGES.studentGone])),
});

export const actorOf = (user: SessionUser): Actor => ({ id: user.id, name: user.name, role: user.role });

// The list writes this object in SQL (allowance-list-page.ts): a change here is a change there.
export function toAllowanceDto(r: AllowanceRow): Allowance {
  return {
    id: r.id,
    student_id: r.studentId,
    student_name: r.studentName,
    month: r.month,
    month_number: r.monthNumber,
    year: r.year,
    program_level: r.programLevel,
    stipend: normaliseMoney(r.stipend),
    medical: normaliseMoney(r.medical),
    transportation: normaliseMoney(r.transportation),
    school_supplies: normaliseMoney(r.schoolSupplies),
    accommodation: normaliseMoney(r.accommodation),
    total: normaliseMoney(r.total),
    approval_stage: r.approvalStage,
    submitted_by: r.submittedBy,
    submitted_by_id: r.submittedById,
    submitted_date: r.submittedDate.toISOString(),
    dpm_approved_by: r.dpmApprovedBy,
    dpm_approved_by_id: r.dpmApprovedById,
    dpm_approved_date: r.dpmApprovedDate,
    dpm_status: r.dpmStatus,
    dpm_comments: r.dpmComments,
    dpm_on_behalf_of: r.dpmOnBehalfOf,
    dpm_on_behalf_of_id: r.dpmOnBehalfOfId,
    flmi_approved_by: r.flmiApprovedBy,
    flmi_approved_by_id: r.flmiApprovedById,
    flmi_approved_date: r.flmiApprovedDate,
    flmi_status: r.flmiStatus,
    flmi_step_comments: r.flmiComments,
    flmi_on_behalf_of: r.flmiOnBehalfOf,
    flmi_on_behalf_of_id: r.flmiOnBehalfOfId,
    pm_approved_by: r.pmApprovedBy,
    pm_approved_by_id: r.pmApprovedById,
    pm_approved_date: r.pmApprovedDate,
    pm_status: r.pmStatus,
    pm_comments: r.pmComments,
    pm_on_behalf_of: r.pmOnBehalfOf,
    pm_on_behalf_of_id: r.pmOnBehalfOfId,
    rejection_reason: r.rejectionReason,
    rejected_at_stage: r.rejectedAtStage,
    rejected_by: r.rejectedBy,
    rejected_date: r.rejectedDate,
    flmi_comments: r.submissionNotes,
    flmz_comments: r.flmzComments,
    paid_by: r.paidBy,
    paid_by_id: r.paidById,
    paid_date: r.paidDate,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toCommentDto(c: AllowanceCommentRow): AllowanceComment {
  return {
    id: c.id,
    allowance_id: c.allowanceId,
    user_id: c.userId,
    user_name: c.userName,
    user_role: c.userRole,
    action: c.action,
    comment_text: c.commentText,
    stage: c.stage,
    on_behalf_of: c.onBehalfOf,
    created_at: c.createdAt.toISOString(),
  };
}

// Comments written at the same instant keep the order of the chain.
const flowOrder = sql`case ${allowanceComments.action} when 'submission' then 0 else
  case ${allowanceComments.stage} when 'dpm_review' then 1 when 'flmi_review' then 2
  when 'pm_review' then 3 when 'payment' then 4 else 5 end end`;

/** The allowance with its comments, oldest first; null when there is none with that id. */
export async function loadAllowanceDetail(db: DbOrTx, id: string): Promise<AllowanceDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(allowances).where(eq(allowances.id, id));
  if (!row) return null;
  return { ...toAllowanceDto(row), comments: await allowanceCommentsOf(db, id) };
}

/** An allowance's comments, oldest first, in the order of the chain. */
export async function allowanceCommentsOf(db: DbOrTx, id: string): Promise<AllowanceDetail['comments']> {
  const comments = await db
    .select()
    .from(allowanceComments)
    .where(eq(allowanceComments.allowanceId, id))
    .orderBy(asc(allowanceComments.createdAt), asc(flowOrder), asc(allowanceComments.id));
  return comments.map(toCommentDto);
}
