/**
 * What the approval chain has written on an allowance by the time it reaches a stage, for tests
 * that put allowances straight into the table: the database refuses a stage without the
 * approvals, payment or rejection it implies (docs/product.md D5, migration 0021). Built by the
 * domain's own state machine, so the record is the one the API would have left.
 */
import type { ApprovalStage, ReviewStep } from '../../domain/allowance-stages';
import {
  type Actor,
  decideAllowance,
  payAllowance,
  REVIEW_STEP_RULES,
  type ReviewStage,
  type StageChange,
  type TransitionResult,
} from '../../domain/allowances';
import { parseMoney, sumMoney, toMoneyString } from '../../domain/money';

/** Who decides each step in a test record: not accounts (approvers are recorded, not referenced). */
export const TEST_DECIDERS: Record<ReviewStage | 'approved', Actor> = {
  pending_dpm: { id: '00000000-0000-4000-8000-00000000d001', name: 'Test Deputy', role: 'deputy_manager' },
  pending_flmi: { id: '00000000-0000-4000-8000-00000000f001', name: 'Test Advisor', role: 'program_officer' },
  pending_pm: { id: '00000000-0000-4000-8000-00000000a001', name: 'Test Manager', role: 'admin' },
  approved: { id: '00000000-0000-4000-8000-00000000a001', name: 'Test Manager', role: 'admin' },
};

const stageOfStep = (step: ReviewStep): ApprovalStage =>
  Object.values(REVIEW_STEP_RULES).find((rule) => rule.step === step)!.stage;

/**
 * The columns of an allowance at `stage`, decided on `at`: each step approved in turn, then paid,
 * or denied at `rejectedAt` (the deputy manager's step unless given).
 */
export function stageRecord(
  stage: ApprovalStage,
  at: Date,
  rejectedAt: ReviewStep = 'dpm_review',
): StageChange {
  const deniedAt = stage === 'rejected' ? stageOfStep(rejectedAt) : undefined;
  let changes: StageChange = { approvalStage: 'pending_dpm' };
  const take = (result: TransitionResult) => {
    if (!result.ok) throw new Error(`No record reaches ${stage}: ${result.message}`);
    changes = { ...changes, ...result.changes };
  };
  while (changes.approvalStage !== stage) {
    const current = changes.approvalStage;
    if (current === 'approved') take(payAllowance(changes, TEST_DECIDERS.approved, at));
    else if (current === 'rejected' || current === 'paid') throw new Error(`No record reaches ${stage}`);
    else {
      const decision = current === deniedAt ? 'deny' : 'approve';
      take(decideAllowance(changes, TEST_DECIDERS[current], decision, `Test ${decision}`, at));
    }
  }
  return changes;
}

const PARTS = ['stipend', 'medical', 'transportation', 'schoolSupplies', 'accommodation'] as const;
type Amounts = Partial<Record<(typeof PARTS)[number] | 'total', string>>;

/**
 * The five amounts and a total that is their sum: the parts given (a K1,000 stipend when none
 * is), or only a total, which is then all stipend.
 */
export function consistentAmounts(given: Amounts): Required<Amounts> {
  const anyPart = PARTS.some((p) => given[p] !== undefined);
  const stipend = given.stipend ?? (!anyPart && given.total !== undefined ? given.total : '1000.00');
  const parts = {
    stipend,
    medical: given.medical ?? '0.00',
    transportation: given.transportation ?? '0.00',
    schoolSupplies: given.schoolSupplies ?? '0.00',
    accommodation: given.accommodation ?? '0.00',
  };
  if (given.total !== undefined) return { ...parts, total: given.total };
  const ngwee = Object.values(parts).map((amount) => {
    const n = parseMoney(amount);
    if (n === null) throw new Error(`Give the total with an amount of ${amount}`);
    return n;
  });
  return { ...parts, total: toMoneyString(sumMoney(ngwee)) };
}
