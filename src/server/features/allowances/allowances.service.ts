import { and, eq, ne } from 'drizzle-orm';
import type {
  AllowanceDecisionRequest,
  AllowanceDetail,
  AllowanceView,
  CreateAllowanceInput,
  PayAllowanceRequest,
} from '../../../contracts/allowances';
import { isUuid } from '../../../contracts/common';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import {
  allowanceLevelForStudent,
  computeAllowanceAmounts,
  monthNumber,
  parseAllowanceProgramLevel,
  parseAllowanceYear,
} from '../../../domain/allowance-rows';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import {
  ALLOWANCE_MESSAGES,
  decideAllowance as decideInDomain,
  decisionBarredReason,
  duplicateAllowanceMessage,
  isReviewStage,
  payAllowance,
  submissionComment,
  type TransitionResult,
} from '../../../domain/allowances';
import { parseMonth } from '../../../domain/dates';
import { formatZmw } from '../../../domain/money';
import { isInStudentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { answeringConstraints } from '../../db/constraint-errors';
import { allowanceComments, allowances, students } from '../../db/schema';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '../../http/errors';
import { programmeDate, programmeZone } from '../../programme-time';
import { recordAudit, recordHistory } from '../audit/audit.service';
import { allowanceBeingUploaded, studentBeingImported } from '../bulk-writes/bulk-writes.service';
import { delegationFor } from '../delegations/delegations.service';
import { primaryChannelSummaries } from '../payment-channels/payment-channels.service';
import { PAID_CHANNELS, queueAllowancePaidSms } from '../sms/sms.service';
import {
  actorOf,
  allowanceCommentsOf,
  allowanceWriteConflicts,
  loadAllowanceDetail,
  toAllowanceDto,
  toCommentDto,
} from './allowance-dto';
import { transitionAudit } from './allowance-transition-audit';

export { bulkDecideAllowances } from './allowance-bulk-decision';
/** The dashboard's allowance figures, for the dashboard area (read with its other figures). */
export {
  type AllowanceDashboardFigures,
  allowanceFiguresOf,
  allowanceSeriesSql,
  dashboardMonths,
  type SeriesRow,
} from './allowance-figures';
export { allowanceSearch } from './allowance-global-search';
export {
  allowanceNotifications,
  allowancesAwaitingUser,
  awaitingDecisionCount,
  awaitingDecisionSql,
} from './allowance-notifications';
// A payment batch pays its allowances as a bulk decision takes its step, each audit entry naming the batch.
export { allowanceIdIn, lockAllowances, takeStep } from './allowance-transitions';

/** An allowance's audit trail; the allowance answers 404 first when it does not exist. */
export async function allowanceHistory(deps: AppDeps, id: string) {
  await getAllowance(deps, id);
  return recordHistory(deps.db, 'allowance', id);
}

export async function getAllowance(deps: AppDeps, id: string): Promise<AllowanceDetail> {
  const detail = await loadAllowanceDetail(deps.db, id);
  if (!detail) throw notFound(ALLOWANCE_MESSAGES.notFound);
  return detail;
}

/**
 * One allowance as this user sees it: with why the two-stage rule bars them from deciding it, by
 * the rule and the delegation look-up the decision itself applies (decideOnAllowance), so the
 * screen says beforehand what the server would answer.
 */
export async function viewAllowance(deps: AppDeps, user: SessionUser, id: string): Promise<AllowanceView> {
  const detail = await getAllowance(deps, id);
  const stage = detail.approval_stage;
  const onBehalfOf = isReviewStage(stage)
    ? await delegationFor(deps.db, user.id, stage, programmeDate(deps.clock.now()))
    : null;
  const channels = await primaryChannelSummaries(deps.db, [detail.student_id]);
  return {
    ...detail,
    decision_barred_reason: decisionBarredReason(detail, { ...actorOf(user), onBehalfOf }),
    payment_channel: channels.get(detail.student_id) ?? null,
  };
}

/** Add New Allowance: the server computes the total, the stage, the submitter and the date. */
export async function createAllowance(
  deps: AppDeps,
  user: SessionUser,
  input: CreateAllowanceInput,
): Promise<AllowanceDetail> {
  const now = deps.clock.now();
  const student = isUuid(input.student_id)
    ? (
        await deps.db
          .select({
            id: students.id,
            fullName: students.fullName,
            programLevel: students.programLevel,
            assignedOfficerId: students.assignedOfficerId,
            importing: studentBeingImported,
          })
          .from(students)
          .where(eq(students.id, input.student_id))
      )[0]
    : undefined;
  // A program officer adds allowances for their own students only; others look just like missing ones.
  if (!student || !isInStudentScope(user, student)) throw notFound(ALLOWANCE_MESSAGES.studentNotFound);
  // An allowance would keep an import that cannot finish from being taken out again.
  if (student.importing) throw conflict(STUDENT_API_MESSAGES.stillImporting);

  const month = parseMonth(input.month);
  const year = parseAllowanceYear(input.year);
  const level = input.program_level
    ? parseAllowanceProgramLevel(input.program_level)
    : allowanceLevelForStudent(student.programLevel);
  if (!month || !year || !level) throw badRequest('Invalid allowance');
  const amounts = computeAllowanceAmounts(level, input);
  if (!amounts.ok) throw badRequest(amounts.message, { [amounts.field]: amounts.message });
  const duplicate = conflict(duplicateAllowanceMessage(student.fullName, month, year));
  const actor = actorOf(user);

  // Two submissions racing for the same period: the unique index lets one through. The answer is
  // the allowance as this transaction wrote it, from its own RETURNING: no read after the commit.
  return answeringConstraints(allowanceWriteConflicts(duplicate.message), () =>
    deps.db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: allowances.id })
        .from(allowances)
        .where(
          and(
            eq(allowances.studentId, student.id),
            eq(allowances.year, year),
            eq(allowances.monthNumber, monthNumber(month)),
            ne(allowances.approvalStage, 'rejected'),
          ),
        )
        .limit(1);
      if (open) throw duplicate;
      const a = amounts.amounts;
      const [row] = await tx
        .insert(allowances)
        .values({
          studentId: student.id,
          studentName: student.fullName,
          month,
          monthNumber: monthNumber(month),
          year,
          programLevel: level,
          stipend: a.stipend,
          medical: a.medical,
          transportation: a.transportation,
          schoolSupplies: a.school_supplies,
          accommodation: a.accommodation,
          total: a.total,
          approvalStage: 'pending_dpm',
          submittedBy: user.name,
          submittedById: user.id,
          submittedDate: now,
          submissionNotes: input.flmi_comments,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const [comment] = await tx
        .insert(allowanceComments)
        .values({ ...submissionComment(actor, input.flmi_comments), allowanceId: row!.id, createdAt: now })
        .returning();
      await recordAudit(tx, {
        actor: { id: user.id, name: user.name },
        officerId: student.assignedOfficerId,
        entityType: 'allowance',
        entityId: row!.id,
        action: 'allowance.submitted',
        summary: `${user.name} submitted an allowance of ${formatZmw(a.total)} for ${student.fullName} for ${month} ${year}`,
        at: now,
        before: null,
        after: {
          student_id: student.id,
          month,
          year,
          program_level: level,
          ...a,
          approval_stage: 'pending_dpm',
          flmi_comments: input.flmi_comments,
        },
      });
      return { ...toAllowanceDto(row!), comments: [toCommentDto(comment!)] };
    }),
  );
}

function refusal(result: Exclude<TransitionResult, { ok: true }>): HttpError {
  switch (result.reason) {
    case 'forbidden':
      return forbidden(result.message);
    case 'comment_required':
      return badRequest(result.message, { comment: result.message });
    case 'not_awaiting_decision':
      return conflict(result.message);
  }
}

type Transition = (
  current: typeof allowances.$inferSelect,
  tx: DbOrTx,
) => TransitionResult | Promise<TransitionResult>;

/**
 * Applies one step atomically: the step is taken only from the stage the caller saw
 * (expected_stage), and the update only lands while the allowance is still there, so of many
 * concurrent decisions exactly one wins and writes exactly one comment; the others answer 409.
 */
async function applyTransition(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  expectedStage: ApprovalStage,
  transition: Transition,
): Promise<AllowanceDetail> {
  if (!isUuid(id)) throw notFound(ALLOWANCE_MESSAGES.notFound);
  const now = deps.clock.now();
  // The database's own money and approval rules (migration 0021) answer 400/409, never 500.
  // The answer is the allowance as this transaction left it: no read after the commit.
  return answeringConstraints({}, () =>
    deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({
          allowance: allowances,
          officerId: students.assignedOfficerId,
          uploading: allowanceBeingUploaded,
        })
        .from(allowances)
        .leftJoin(students, eq(students.id, allowances.studentId))
        .where(eq(allowances.id, id));
      if (!found) throw notFound(ALLOWANCE_MESSAGES.notFound);
      // Its upload is still being written, or taken out again (docs/decisions/009).
      if (found.uploading) throw conflict(ALLOWANCE_MESSAGES.stillUploading);
      const current = found.allowance;
      if (expectedStage !== current.approvalStage) throw conflict(ALLOWANCE_MESSAGES.changedMeanwhile);
      const result = await transition(current, tx);
      if (!result.ok) throw refusal(result);
      // The move first, then the comment and the audit entry, as every allowance write does: its
      // triggers lock the kept stage and month totals, and the audit entry its kept tally. Writing
      // the audit entry before the move locked them in the other order and deadlocked with
      // submissions and bulk decisions (the day bench found it; allowances.hostile-races.test.ts).
      const [updated] = await tx
        .update(allowances)
        .set({ ...result.changes, updatedAt: now })
        .where(and(eq(allowances.id, id), eq(allowances.approvalStage, result.from)))
        .returning();
      if (!updated) throw conflict(ALLOWANCE_MESSAGES.changedMeanwhile);
      await tx.insert(allowanceComments).values({ ...result.comment, allowanceId: id, createdAt: now });
      await recordAudit(tx, transitionAudit(user, current, found.officerId, result, now));
      // The student's text, in this transaction: sent if and only if the payment is written.
      if (result.to === 'paid') await queueAllowancePaidSms(tx, deps.config, [id], PAID_CHANNELS.direct, now);
      return { ...toAllowanceDto(updated), comments: await allowanceCommentsOf(tx, id) };
    }),
  );
}

export function decideOnAllowance(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: AllowanceDecisionRequest,
): Promise<AllowanceDetail> {
  const actor = actorOf(user);
  return applyTransition(deps, user, id, input.expected_stage, async (current, tx) => {
    const now = deps.clock.now();
    // A delegation active today makes the decision the delegator's, taken by the user (D21).
    const onBehalfOf = isReviewStage(current.approvalStage)
      ? await delegationFor(tx, user.id, current.approvalStage, programmeDate(now), true)
      : null;
    return decideInDomain(
      current,
      { ...actor, onBehalfOf },
      input.decision,
      input.comment,
      now,
      programmeZone(),
    );
  });
}

export function payForAllowance(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: PayAllowanceRequest,
): Promise<AllowanceDetail> {
  const actor = actorOf(user);
  return applyTransition(deps, user, id, input.expected_stage, (current) =>
    payAllowance(current, actor, deps.clock.now(), programmeZone()),
  );
}
