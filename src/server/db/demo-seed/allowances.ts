import { asc, eq, inArray } from 'drizzle-orm';
import {
  allowanceLevelForStudent,
  computeAllowanceAmounts,
  monthNumber,
} from '../../../domain/allowance-rows';
import type { ApprovalStage, ReviewStep } from '../../../domain/allowance-stages';
import {
  type Actor,
  type CommentEntry,
  decideAllowance,
  payAllowance,
  type StageChange,
  submissionComment,
  type TransitionResult,
} from '../../../domain/allowances';
import { lusakaDate, MONTHS } from '../../../domain/dates';
import { formatZmw } from '../../../domain/money';
import type { ProgramLevel } from '../../../domain/students';
import type { DbOrTx } from '../client';
import { activities, allowanceComments, allowances, students, users } from '../schema';

/**
 * Demo allowances (docs/product.md D10): the last six months for every enrolled demo student, at every
 * stage, with the comment trail the approval chain writes: submission, the deputy manager
 * (DPM001), the FLMI advisor (PO001), the programme manager (ADM001), 'Payment processed' (ADM001),
 * and rejections with reasons at each of the three steps. Built by the domain's state machine, so
 * the demo world follows the same rules as the API. Deterministic: the same `now` gives the same
 * allowances. At most one open allowance per student and month.
 */

const DPM_APPROVALS = [
  'Within the approved budget for this term.',
  'Amounts match the student file. Approved.',
  'Consistent with last month; fine to proceed.',
  'Checked against the enrolment letter. OK.',
];
const FLMI_APPROVALS = [
  'Receipts and fee statement verified.',
  'Accommodation invoice received from the landlord.',
  'Medical and transport claims supported by receipts.',
  'Student confirmed attendance for the month.',
];
const PM_APPROVALS = [
  'Approved for payment.',
  'Approved. Please pay before the 15th.',
  'All steps complete; release the funds.',
];
const REJECTIONS: Record<ReviewStep, string[]> = {
  dpm_review: [
    'Accommodation amount exceeds the approved rate for this boarding house.',
    'Student is on suspension this month; no allowance due.',
  ],
  flmi_review: [
    'No receipts provided for the medical claim. Please resubmit with receipts.',
    'Transport claim not supported; the student lives in the institution hostel.',
  ],
  pm_review: [
    'Duplicate of a payment already made by bank transfer this month.',
    'Budget line for school supplies is exhausted for this quarter.',
  ],
};
const NOTES = ['', '', 'Term fees confirmed by the institution.', 'Includes new semester supplies.', ''];

const DAY = 24 * 60 * 60 * 1000;

interface Plan {
  stage: ApprovalStage;
  rejectAt?: ReviewStep;
}

/**
 * Where the allowance of student i for month p (0 oldest ... 5 this month) stands: older months
 * mostly paid, last month in the later steps, this month at the start of the chain, and a few
 * rejected at each step.
 */
export function demoAllowancePlan(i: number, p: number): Plan {
  const k = i % 17;
  if (p <= 2) {
    if (k === 3) return { stage: 'rejected', rejectAt: 'dpm_review' };
    if (k === 7) return { stage: 'rejected', rejectAt: 'flmi_review' };
    if (k === 11) return { stage: 'rejected', rejectAt: 'pm_review' };
    return { stage: 'paid' };
  }
  if (p === 3) return { stage: i % 5 === 0 ? 'approved' : 'paid' };
  if (p === 4) {
    if (k === 5) return { stage: 'rejected', rejectAt: 'pm_review' };
    return { stage: (['approved', 'pending_pm', 'pending_flmi', 'paid'] as const)[i % 4]! };
  }
  if (k === 9) return { stage: 'rejected', rejectAt: 'dpm_review' };
  return { stage: i % 3 === 2 ? 'pending_flmi' : 'pending_dpm' };
}

/** Amounts by programme: launch_year gets the stipend only. */
function demoAmounts(level: ProgramLevel, i: number) {
  const allowanceLevel = allowanceLevelForStudent(level);
  const raw =
    allowanceLevel === 'university'
      ? {
          stipend: 1500,
          medical: 200,
          transportation: 150,
          school_supplies: 100,
          accommodation: [650, 800, 950][i % 3],
        }
      : allowanceLevel === 'college'
        ? {
            stipend: 1200,
            medical: 150,
            transportation: 150,
            school_supplies: 100,
            accommodation: [500, 600][i % 2],
          }
        : { stipend: 900 };
  const result = computeAllowanceAmounts(allowanceLevel, raw);
  if (!result.ok) throw new Error(result.message);
  return { level: allowanceLevel, amounts: result.amounts };
}

/** First day of the month `back` months before the Lusaka month of `now`, 08:00 Lusaka. */
function monthStart(now: Date, back: number): { instant: Date; year: number; month: number } {
  const [y, m] = lusakaDate(now).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // 08:00 in Lusaka (UTC+2) is 06:00 UTC.
  return { instant: new Date(Date.UTC(year, month - 1, 1, 6)), year, month };
}

export async function seedDemoAllowances(tx: DbOrTx, now: Date): Promise<{ allowances: number }> {
  const accounts = await tx
    .select({ id: users.id, staffId: users.staffId, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.staffId, ['ADM001', 'DPM001', 'PO001', 'PO002']));
  const account = (staffId: string): Actor => {
    const a = accounts.find((x) => x.staffId === staffId);
    if (!a) throw new Error(`Demo account ${staffId} is missing`);
    return { id: a.id, name: a.name, role: a.role };
  };
  const [admin, deputy, flmiAdvisor] = [account('ADM001'), account('DPM001'), account('PO001')];
  const officerById = new Map(accounts.map((a) => [a.id, { id: a.id, name: a.name, role: a.role }]));

  const enrolled = await tx
    .select({
      id: students.id,
      fullName: students.fullName,
      programLevel: students.programLevel,
      officerId: students.assignedOfficerId,
    })
    .from(students)
    .where(eq(students.programStatus, 'enrolled'))
    .orderBy(asc(students.chlNumber), asc(students.fullName));

  const rows: Array<typeof allowances.$inferInsert> = [];
  const trails: CommentEntry[][] = [];
  const trailTimes: Date[][] = [];
  const news: Array<{ row: number; activity: typeof activities.$inferInsert }> = [];

  enrolled.forEach((student, i) => {
    const { level, amounts } = demoAmounts(student.programLevel, i);
    const submitter = (student.officerId && officerById.get(student.officerId)) || admin;
    for (let p = 0; p < 6; p++) {
      const plan = demoAllowancePlan(i, p);
      const period = monthStart(now, 5 - p);
      const month = MONTHS[period.month - 1]!;
      // Submitted about five days before the month starts; each step two days later.
      const submitted = new Date(period.instant.getTime() - 5 * DAY + i * 7 * 60_000);
      const stepTime = (n: number) => new Date(submitted.getTime() + n * 2 * DAY + 3 * 60 * 60_000);
      const notes = NOTES[(i + p) % NOTES.length] || null;

      let stage: ApprovalStage = 'pending_dpm';
      let changes: StageChange = { approvalStage: 'pending_dpm' };
      const trail: CommentEntry[] = [submissionComment(submitter, notes)];
      const times: Date[] = [submitted];
      const moves: Array<[ApprovalStage | null, ApprovalStage]> = [[null, 'pending_dpm']];
      const apply = (result: TransitionResult, at: Date) => {
        if (!result.ok) throw new Error(`Demo allowance: ${result.message}`);
        moves.push([stage, result.to]);
        stage = result.to;
        changes = { ...changes, ...result.changes };
        trail.push(result.comment);
        times.push(at);
      };
      const steps: Array<[Actor, string[], ReviewStep]> = [
        [deputy, DPM_APPROVALS, 'dpm_review'],
        [flmiAdvisor, FLMI_APPROVALS, 'flmi_review'],
        [admin, PM_APPROVALS, 'pm_review'],
      ];
      const stepsToApprove =
        plan.stage === 'rejected'
          ? steps.findIndex(([, , step]) => step === plan.rejectAt)
          : ({ pending_dpm: 0, pending_flmi: 1, pending_pm: 2, approved: 3, paid: 3, rejected: 0 } as const)[
              plan.stage
            ];
      for (let s = 0; s < stepsToApprove; s++) {
        const [who, comments] = steps[s]!;
        const at = stepTime(s + 1);
        apply(
          decideAllowance({ approvalStage: stage }, who, 'approve', comments[(i + p) % comments.length]!, at),
          at,
        );
      }
      if (plan.stage === 'rejected') {
        const at = stepTime(stepsToApprove + 1);
        const reasons = REJECTIONS[plan.rejectAt!];
        apply(
          decideAllowance(
            { approvalStage: stage },
            steps[stepsToApprove]![0],
            'deny',
            reasons[i % reasons.length]!,
            at,
          ),
          at,
        );
      }
      if (plan.stage === 'paid') {
        const at = stepTime(5);
        apply(payAllowance({ approvalStage: stage }, admin, at), at);
      }
      if (stage !== plan.stage) throw new Error(`Demo allowance ended at ${stage}, planned ${plan.stage}`);

      const last = times.at(-1)!;
      rows.push({
        studentId: student.id,
        studentName: student.fullName,
        month,
        monthNumber: monthNumber(month),
        year: period.year,
        programLevel: level,
        stipend: amounts.stipend,
        medical: amounts.medical,
        transportation: amounts.transportation,
        schoolSupplies: amounts.school_supplies,
        accommodation: amounts.accommodation,
        total: amounts.total,
        submittedBy: submitter.name,
        submittedById: submitter.id,
        submittedDate: submitted,
        submissionNotes: notes,
        createdAt: submitted,
        updatedAt: last,
        ...changes,
      });
      trails.push(trail);
      trailTimes.push(times);

      // The audit trail of every step (docs/product.md D15), so each allowance's History and the
      // dashboard's recent activity tell the story the allowance's fields tell.
      trail.forEach((c, n) => {
        const at = times[n]!;
        const [from, to] = moves[n]!;
        const action = c.action === 'submission' ? 'submitted' : c.action;
        const what = `the allowance of ${student.fullName} for ${month} ${period.year}`;
        news.push({
          row: rows.length - 1,
          activity: {
            actorId: c.userId,
            actorName: c.userName,
            officerId: student.officerId,
            entityType: 'allowance',
            entityId: null,
            action: `allowance.${action}`,
            summary:
              action === 'submitted'
                ? `${c.userName} submitted an allowance of ${formatZmw(amounts.total)} for ${student.fullName} for ${month} ${period.year}`
                : action === 'paid'
                  ? `${c.userName} marked ${what} as paid (${formatZmw(amounts.total)})`
                  : `${c.userName} ${action} ${what}`,
            changes: {
              approval_stage: { before: from, after: to },
              ...(c.commentText && n > 0 ? { comment: { before: null, after: c.commentText } } : {}),
            },
            createdAt: at,
          },
        });
      });
    }
  });

  const ids: string[] = [];
  const keyOf = (r: { studentId: string; year: number; monthNumber: number }) =>
    `${r.studentId}|${r.year}|${r.monthNumber}`;
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    const inserted = await tx.insert(allowances).values(batch).returning({
      id: allowances.id,
      studentId: allowances.studentId,
      year: allowances.year,
      monthNumber: allowances.monthNumber,
    });
    const idByKey = new Map(inserted.map((r) => [keyOf(r), r.id]));
    batch.forEach((row) => {
      ids.push(
        idByKey.get(keyOf({ studentId: row.studentId, year: row.year, monthNumber: row.monthNumber }))!,
      );
    });
    const comments = batch.flatMap((_, n) =>
      trails[start + n]!.map((c, k) => ({
        ...c,
        allowanceId: ids[start + n]!,
        createdAt: trailTimes[start + n]![k]!,
      })),
    );
    await tx.insert(allowanceComments).values(comments);
  }
  for (let start = 0; start < news.length; start += 1000)
    await tx
      .insert(activities)
      .values(news.slice(start, start + 1000).map((n) => ({ ...n.activity, entityId: ids[n.row]! })));
  return { allowances: rows.length };
}
