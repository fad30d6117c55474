import type { ApprovalStage } from '../../../domain/allowance-stages';
import { type Actor, decideAllowance, payAllowance, type StageChange } from '../../../domain/allowances';
import { MONTHS } from '../../../domain/dates';
import { allowances } from '../../db/schema';
import type { TestContext } from '../../testing/test-app';

/*
 * Fixtures of the dashboard's tests, written straight to the tables. An allowance is moved along
 * the chain by the domain's own rules (docs/product.md §4), so each stage carries the approvals,
 * payer and dates the table requires of it.
 */

const APPROVALS_BEFORE: Record<ApprovalStage, number> = {
  pending_dpm: 0,
  pending_flmi: 1,
  pending_pm: 2,
  approved: 3,
  paid: 3,
  rejected: 0,
};

/**
 * An allowance of K1,000 for the student's period at `stage`; `paidAt` is when it was paid (its
 * paid_date is that instant's Lusaka day).
 */
export async function insertAllowance(
  t: TestContext,
  fields: {
    studentId: string;
    studentName?: string;
    month: number;
    year: number;
    stage: ApprovalStage;
    paidAt?: Date;
    total?: string;
  },
): Promise<void> {
  const actor = async (staffId: string, role: string): Promise<Actor> => ({
    id: await t.userId(staffId),
    name: staffId,
    role,
  });
  const steps = [
    await actor('DPM001', 'deputy_manager'),
    await actor('PO001', 'program_officer'),
    await actor('ADM001', 'admin'),
  ];
  const submitted = new Date(Date.UTC(fields.year, fields.month - 1, 1, 8));
  let changes: StageChange = { approvalStage: 'pending_dpm' };
  const apply = (result: ReturnType<typeof decideAllowance>) => {
    if (!result.ok) throw new Error(result.message);
    changes = { ...changes, ...result.changes };
  };
  for (let s = 0; s < APPROVALS_BEFORE[fields.stage]; s++)
    apply(decideAllowance({ approvalStage: changes.approvalStage }, steps[s]!, 'approve', 'Fine', submitted));
  if (fields.stage === 'rejected')
    apply(decideAllowance({ approvalStage: 'pending_dpm' }, steps[0]!, 'deny', 'No receipts', submitted));
  if (fields.stage === 'paid') {
    if (!fields.paidAt) throw new Error('A paid allowance needs paidAt');
    apply(payAllowance({ approvalStage: 'approved' }, steps[2]!, fields.paidAt));
  }
  const total = fields.total ?? '1000.00';
  await t.deps.db.insert(allowances).values({
    studentId: fields.studentId,
    studentName: fields.studentName ?? 'Test Student',
    month: MONTHS[fields.month - 1]!,
    monthNumber: fields.month,
    year: fields.year,
    programLevel: 'university',
    stipend: total,
    total,
    submittedBy: 'Test',
    submittedDate: submitted,
    ...changes,
  });
}
