import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ALLOWANCE_PROGRAM_LEVELS,
  APPROVAL_STAGES,
  type ApprovalStage,
  COMMENT_ACTIONS,
  COMMENT_STAGES,
  REVIEW_STEPS,
  STEP_DECISIONS,
} from '../../../domain/allowance-stages';
import { createdAt, moment, updatedAt } from './columns';
import { students } from './students';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * The database's own refusals of an allowance whose money or approval record cannot be true
 * (docs/product.md D5): whatever writes the row, the API, a script or psql. Each names its rule, so
 * a refusal says which one broke (CHECK_ANSWERS in constraint-errors.ts answers them); migration
 * 0021 counts the rows breaking each before adding them.
 */
export const ALLOWANCE_CHECK_NAMES = [
  'allowances_total_is_sum_of_parts',
  'allowances_amounts_not_negative',
  'allowances_dpm_approval_recorded',
  'allowances_flmi_approval_recorded',
  'allowances_pm_approval_recorded',
  'allowances_payment_recorded',
  'allowances_rejection_recorded',
] as const;
export type AllowanceCheckName = (typeof ALLOWANCE_CHECK_NAMES)[number];

/**
 * Every column holds a value. Written as `is not null` joined by `and`, never `a = b` alone: a
 * CHECK passes when its expression is NULL, so a missing value must make it false.
 */
const allPresent = (columns: SQLWrapper[]) =>
  sql.join(
    columns.map((c) => sql`${c} is not null`),
    sql` and `,
  );

/** The stages listed need the rest: any other stage passes. */
const atStages = (stage: SQLWrapper, stages: readonly ApprovalStage[], needs: SQL) =>
  sql`${stage} not in (${sql.raw(stages.map((s) => `'${s}'`).join(', '))}) or (${needs})`;

/*
 * Allowances and their comments arrive 100,000 at a time (bulk upload). Random (v4) ids land on
 * random pages of the primary key; time-ordered (v7) ids append at its right edge, and the bulk
 * insert took about 30% less time (psql, 100,000 allowances with comments). uuid_v7() is
 * defined in migration 0003.
 */
const timeOrderedId = () => uuid('id').primaryKey().default(sql`uuid_v7()`);

/** A monthly allowance in ZMW, moving through the approval chain (docs/product.md §3, §4; docs/product.md D5). */
export const allowances = pgTable(
  'allowances',
  {
    id: timeOrderedId(),
    // Restrict: a student with payment records cannot be deleted (set their status instead).
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    studentName: text('student_name').notNull(),
    month: text('month').notNull(),
    monthNumber: integer('month_number').notNull(),
    year: integer('year').notNull(),
    programLevel: text('program_level', { enum: ALLOWANCE_PROGRAM_LEVELS }).notNull(),
    stipend: money('stipend').notNull(),
    medical: money('medical').notNull().default('0'),
    transportation: money('transportation').notNull().default('0'),
    schoolSupplies: money('school_supplies').notNull().default('0'),
    accommodation: money('accommodation').notNull().default('0'),
    total: money('total').notNull(),
    approvalStage: text('approval_stage', { enum: APPROVAL_STAGES }).notNull().default('pending_dpm'),
    submittedBy: text('submitted_by').notNull(),
    // Who acted, as recorded at the time: like the approvers' and payer's ids, not a foreign key.
    // A user's record may change or go; the allowance's history does not (and a bulk upload of
    // 100,000 rows no longer checks the same user 100,000 times).
    submittedById: uuid('submitted_by_id'),
    submittedDate: moment('submitted_date').notNull().defaultNow(),
    dpmApprovedBy: text('dpm_approved_by'),
    dpmApprovedById: uuid('dpm_approved_by_id'),
    dpmApprovedDate: date('dpm_approved_date'),
    dpmStatus: text('dpm_status', { enum: STEP_DECISIONS }),
    dpmComments: text('dpm_comments'),
    // The step taken by a delegate: whose decision it was (docs/product.md D21); null otherwise.
    dpmOnBehalfOf: text('dpm_on_behalf_of'),
    dpmOnBehalfOfId: uuid('dpm_on_behalf_of_id'),
    flmiApprovedBy: text('flmi_approved_by'),
    flmiApprovedById: uuid('flmi_approved_by_id'),
    flmiApprovedDate: date('flmi_approved_date'),
    flmiStatus: text('flmi_status', { enum: STEP_DECISIONS }),
    flmiComments: text('flmi_comments'),
    flmiOnBehalfOf: text('flmi_on_behalf_of'),
    flmiOnBehalfOfId: uuid('flmi_on_behalf_of_id'),
    pmApprovedBy: text('pm_approved_by'),
    pmApprovedById: uuid('pm_approved_by_id'),
    pmApprovedDate: date('pm_approved_date'),
    pmStatus: text('pm_status', { enum: STEP_DECISIONS }),
    pmComments: text('pm_comments'),
    pmOnBehalfOf: text('pm_on_behalf_of'),
    pmOnBehalfOfId: uuid('pm_on_behalf_of_id'),
    rejectionReason: text('rejection_reason'),
    rejectedAtStage: text('rejected_at_stage', { enum: REVIEW_STEPS }),
    rejectedBy: text('rejected_by'),
    rejectedDate: date('rejected_date'),
    paidBy: text('paid_by'),
    paidById: uuid('paid_by_id'),
    paidDate: date('paid_date'),
    /** Notes sent with the submission (the CSV's flmi_comments column). */
    submissionNotes: text('submission_notes'),
    flmzComments: text('flmz_comments'),
    /** The bulk upload (bulk_writes) that wrote it; it may not change while that upload is writing. */
    writtenByUpload: uuid('written_by_upload'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one allowance per student and period that is not rejected: nobody is paid twice.
    uniqueIndex('allowances_one_open_per_period')
      .on(t.studentId, t.year, t.monthNumber)
      .where(sql`${t.approvalStage} <> 'rejected'`),
    // The list's order (newest first, id breaking ties) straight off an index, with or without a stage.
    index('allowances_stage_submitted_idx').on(t.approvalStage, t.submittedDate, t.id),
    index('allowances_submitted_idx').on(t.submittedDate, t.id),
    index('allowances_student_idx').on(t.studentId),
    // How many waiting allowances the two-stage rule bars (the bell and the dashboard's "Awaiting
    // Your Decision", allowance-notifications.ts): the waiting allowances whose earlier approvers
    // include the user, found by the user's id (migration 0055) instead of reading every waiting one.
    index('allowances_earlier_approvers_idx')
      .using(
        'gin',
        sql`(array[${t.dpmApprovedById}, ${t.dpmOnBehalfOfId}, ${t.flmiApprovedById}, ${t.flmiOnBehalfOfId}])`,
      )
      .with({ fastupdate: false })
      .where(sql`${t.approvalStage} in ('pending_flmi', 'pending_pm')`),
    // A search for a month name matches a twelfth of the table: found through this, not by scanning.
    index('allowances_month_idx').on(t.monthNumber),
    // An upload that cannot finish is taken out by its id, a batch at a time.
    index('allowances_written_by_upload_idx')
      .on(t.writtenByUpload)
      .where(sql`${t.writtenByUpload} is not null`),
    check(
      'allowances_total_is_sum_of_parts',
      sql`${t.total} = ${t.stipend} + ${t.medical} + ${t.transportation} + ${t.schoolSupplies} + ${t.accommodation}`,
    ),
    // No upper bound: rows above the cap of ZMW 1,000,000.00 a part may predate it (docs/decisions/004).
    check(
      'allowances_amounts_not_negative',
      sql`${t.stipend} >= 0 and ${t.medical} >= 0 and ${t.transportation} >= 0 and ${t.schoolSupplies} >= 0 and ${t.accommodation} >= 0 and ${t.total} >= 0`,
    ),
    // Past a review step, that step's approval is on the row as decideAllowance writes it: the
    // decision, who (by name and id) and when.
    check(
      'allowances_dpm_approval_recorded',
      atStages(
        t.approvalStage,
        ['pending_flmi', 'pending_pm', 'approved', 'paid'],
        sql`${allPresent([t.dpmStatus, t.dpmApprovedBy, t.dpmApprovedById, t.dpmApprovedDate])} and ${t.dpmStatus} = 'approved'`,
      ),
    ),
    check(
      'allowances_flmi_approval_recorded',
      atStages(
        t.approvalStage,
        ['pending_pm', 'approved', 'paid'],
        sql`${allPresent([t.flmiStatus, t.flmiApprovedBy, t.flmiApprovedById, t.flmiApprovedDate])} and ${t.flmiStatus} = 'approved'`,
      ),
    ),
    check(
      'allowances_pm_approval_recorded',
      atStages(
        t.approvalStage,
        ['approved', 'paid'],
        sql`${allPresent([t.pmStatus, t.pmApprovedBy, t.pmApprovedById, t.pmApprovedDate])} and ${t.pmStatus} = 'approved'`,
      ),
    ),
    check(
      'allowances_payment_recorded',
      atStages(t.approvalStage, ['paid'], allPresent([t.paidDate, t.paidBy, t.paidById])),
    ),
    check(
      'allowances_rejection_recorded',
      atStages(
        t.approvalStage,
        ['rejected'],
        allPresent([t.rejectedAtStage, t.rejectionReason, t.rejectedBy, t.rejectedDate]),
      ),
    ),
  ],
);

export const allowanceComments = pgTable(
  'allowance_comments',
  {
    id: timeOrderedId(),
    allowanceId: uuid('allowance_id')
      .notNull()
      .references(() => allowances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    userRole: text('user_role').notNull(),
    action: text('action', { enum: COMMENT_ACTIONS }).notNull(),
    commentText: text('comment_text').notNull(),
    stage: text('stage', { enum: COMMENT_STAGES }),
    /** The account a delegate decided for (docs/product.md D21); null when acting as themselves. */
    onBehalfOf: text('on_behalf_of'),
    createdAt: createdAt(),
  },
  (t) => [index('allowance_comments_allowance_idx').on(t.allowanceId, t.createdAt)],
);
