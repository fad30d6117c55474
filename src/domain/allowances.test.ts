import { describe, expect, it } from 'vitest';
import { APPROVAL_STAGES, type ApprovalStage } from './allowance-stages';
import {
  ALLOWANCE_MESSAGES,
  allowedActions,
  allowedDecisions,
  approvalRole,
  canDecide,
  canPay,
  type Decision,
  decideAllowance,
  decisionBarredReason,
  payAllowance,
  stagesAwaitingRole,
  submissionComment,
  visibleReviewSteps,
} from './allowances';

// 22:30 UTC on 31 March is already 1 April in Lusaka (UTC+2).
const NOW = new Date('2026-03-31T22:30:00Z');
const LUSAKA_TODAY = '2026-04-01';
const ROLES = ['admin', 'deputy_manager', 'program_officer', 'user', 'student', 'treasurer', ''] as const;
const actor = (role: string) => ({ id: `id-${role || 'none'}`, name: `Name ${role}`, role });

/** The whole rule table of docs/product.md §4 and §6, written out by hand. */
const DECIDERS: Partial<Record<ApprovalStage, string[]>> = {
  // Unknown roles ('treasurer', '') count as program_officer.
  pending_dpm: ['deputy_manager'],
  pending_flmi: ['admin', 'program_officer', 'treasurer', ''],
  pending_pm: ['admin', 'program_officer', 'treasurer', ''],
};
const NEXT: Partial<Record<ApprovalStage, ApprovalStage>> = {
  pending_dpm: 'pending_flmi',
  pending_flmi: 'pending_pm',
  pending_pm: 'approved',
};
const STEP = { pending_dpm: 'dpm', pending_flmi: 'flmi', pending_pm: 'pm' } as const;
const REVIEW = { pending_dpm: 'dpm_review', pending_flmi: 'flmi_review', pending_pm: 'pm_review' } as const;
const LOG_ROLE = { pending_flmi: 'flmi_advisor', pending_pm: 'program_manager' } as const;

describe('approvalRole', () => {
  it('keeps known roles and treats unknown ones as program_officer', () => {
    expect(approvalRole('admin')).toBe('admin');
    expect(approvalRole('user')).toBe('user');
    expect(approvalRole('student')).toBe('student');
    expect(approvalRole('treasurer')).toBe('program_officer');
    expect(approvalRole('')).toBe('program_officer');
    expect(approvalRole(undefined)).toBe('program_officer');
  });
});

describe('decisions: every stage x role x decision', () => {
  for (const stage of APPROVAL_STAGES) {
    for (const role of ROLES) {
      for (const decision of ['approve', 'deny'] as Decision[]) {
        const mayDecide = DECIDERS[stage]?.includes(role) ?? false;
        it(`${stage} / ${role || '(no role)'} / ${decision} -> ${mayDecide ? 'allowed' : 'refused'}`, () => {
          const user = actor(role);
          const allowance = { approval_stage: stage };
          expect(canDecide(allowance, user)).toBe(mayDecide);
          expect(allowedDecisions(allowance, user)).toEqual(mayDecide ? ['approve', 'deny'] : []);
          const result = decideAllowance(allowance, user, decision, '  Looks right  ', NOW);
          if (!mayDecide) {
            expect(result.ok).toBe(false);
            if (result.ok) return;
            if (DECIDERS[stage]) {
              expect(result).toMatchObject({ reason: 'forbidden', message: ALLOWANCE_MESSAGES.noPermission });
              expect(result.message).toBe('You do not have permission to approve at this stage.');
            } else {
              expect(result.reason).toBe('not_awaiting_decision');
            }
            return;
          }
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const s = stage as keyof typeof STEP;
          const p = STEP[s];
          const to = decision === 'approve' ? NEXT[stage] : 'rejected';
          const expected: Record<string, string> = {
            approvalStage: to!,
            [`${p}Status`]: decision === 'approve' ? 'approved' : 'denied',
            [`${p}Comments`]: 'Looks right',
            [`${p}ApprovedBy`]: user.name,
            [`${p}ApprovedById`]: user.id,
            [`${p}ApprovedDate`]: LUSAKA_TODAY,
          };
          if (decision === 'deny') {
            Object.assign(expected, {
              rejectionReason: 'Looks right',
              rejectedAtStage: REVIEW[s],
              rejectedBy: user.name,
              rejectedDate: LUSAKA_TODAY,
            });
          }
          expect(result.changes).toEqual(expected);
          expect(result.from).toBe(stage);
          expect(result.to).toBe(to);
          expect(result.comment).toEqual({
            userId: user.id,
            userName: user.name,
            userRole: s === 'pending_dpm' ? 'deputy_manager' : LOG_ROLE[s],
            action: decision === 'approve' ? 'approved' : 'denied',
            commentText: 'Looks right',
            stage: REVIEW[s],
          });
        });
      }
    }
  }

  it('asks for a comment when it is blank', () => {
    for (const comment of ['', '   ', '\n\t']) {
      const result = decideAllowance(
        { approvalStage: 'pending_dpm' },
        actor('deputy_manager'),
        'approve',
        comment,
        NOW,
      );
      expect(result).toEqual({
        ok: false,
        reason: 'comment_required',
        message: 'Please provide a comment for your decision.',
      });
    }
  });

  it('checks the role before the comment', () => {
    const result = decideAllowance({ approvalStage: 'pending_dpm' }, actor('admin'), 'approve', '', NOW);
    expect(result).toMatchObject({ ok: false, reason: 'forbidden' });
  });

  it('walks the whole chain to approved', () => {
    let stage: ApprovalStage = 'pending_dpm';
    for (const role of ['deputy_manager', 'program_officer', 'admin']) {
      const result = decideAllowance({ approvalStage: stage }, actor(role), 'approve', 'ok', NOW);
      if (!result.ok) throw new Error(result.message);
      stage = result.to;
    }
    expect(stage).toBe('approved');
  });
});

describe('pay: every stage x role', () => {
  for (const stage of APPROVAL_STAGES) {
    for (const role of ROLES) {
      const allowed = stage === 'approved' && role === 'admin';
      it(`${stage} / ${role || '(no role)'} -> ${allowed ? 'allowed' : 'refused'}`, () => {
        const user = actor(role);
        expect(canPay({ approval_stage: stage }, user)).toBe(allowed);
        const result = payAllowance({ approvalStage: stage }, user, NOW);
        if (!allowed) {
          expect(result.ok).toBe(false);
          if (!result.ok)
            expect(result.reason).toBe(role === 'admin' ? 'not_awaiting_decision' : 'forbidden');
          return;
        }
        expect(result).toEqual({
          ok: true,
          from: 'approved',
          to: 'paid',
          changes: { approvalStage: 'paid', paidBy: user.name, paidById: user.id, paidDate: LUSAKA_TODAY },
          comment: {
            userId: user.id,
            userName: user.name,
            userRole: 'admin',
            action: 'paid',
            commentText: 'Payment processed',
            stage: 'payment',
          },
        });
      });
    }
  }
});

describe('helpers for the screens', () => {
  it('lists the actions per stage and role', () => {
    expect(allowedActions({ approval_stage: 'approved' }, { role: 'admin' })).toEqual(['pay']);
    expect(allowedActions({ approval_stage: 'pending_pm' }, { role: 'admin' })).toEqual(['approve', 'deny']);
    expect(allowedActions({ approval_stage: 'pending_dpm' }, { role: 'program_officer' })).toEqual([]);
    expect(allowedActions({ approval_stage: 'paid' }, { role: 'admin' })).toEqual([]);
  });

  it('says which stages await each role', () => {
    expect(stagesAwaitingRole('deputy_manager')).toEqual(['pending_dpm']);
    expect(stagesAwaitingRole('program_officer')).toEqual(['pending_flmi', 'pending_pm']);
    expect(stagesAwaitingRole('admin')).toEqual(['pending_flmi', 'pending_pm', 'approved']);
    expect(stagesAwaitingRole('user')).toEqual([]);
    expect(stagesAwaitingRole('student')).toEqual([]);
  });

  it('shows the FLMI and PM steps only once the step before approved', () => {
    expect(visibleReviewSteps({})).toEqual(['dpm_review']);
    expect(visibleReviewSteps({ dpm_status: 'denied' })).toEqual(['dpm_review']);
    expect(visibleReviewSteps({ dpm_status: 'approved' })).toEqual(['dpm_review', 'flmi_review']);
    expect(visibleReviewSteps({ dpm_status: 'approved', flmi_status: 'denied' })).toEqual([
      'dpm_review',
      'flmi_review',
    ]);
    expect(visibleReviewSteps({ dpm_status: 'approved', flmi_status: 'approved' })).toEqual([
      'dpm_review',
      'flmi_review',
      'pm_review',
    ]);
  });

  it('writes the submission comment with the notes, or a plain line', () => {
    expect(submissionComment(actor('program_officer'), ' January stipend ')).toMatchObject({
      action: 'submission',
      commentText: 'January stipend',
      stage: null,
      userRole: 'program_officer',
    });
    expect(submissionComment(actor('admin'), null).commentText).toBe('Allowance submitted');
  });

  it('says why a decider may not decide, by the two-stage rule the refusal uses', () => {
    const officer = { id: 'PO-1', role: 'program_officer' };
    const afterFlmi = {
      approval_stage: 'pending_pm' as const,
      dpm_status: 'approved',
      dpm_approved_by_id: 'dpm-1',
      flmi_status: 'approved',
      flmi_approved_by_id: 'po-1',
    };
    // Ids compare as the rule compares them, whatever their case.
    expect(decisionBarredReason(afterFlmi, officer)).toBe(ALLOWANCE_MESSAGES.barredApprovedEarlier);
    expect(canDecide(afterFlmi, officer)).toBe(false);
    // Another officer may decide: no reason.
    expect(decisionBarredReason(afterFlmi, { id: 'po-2', role: 'program_officer' })).toBeNull();
    // A role that decides nothing here is simply waiting, not barred.
    expect(decisionBarredReason(afterFlmi, { id: 'po-1', role: 'deputy_manager' })).toBeNull();
    expect(decisionBarredReason({ ...afterFlmi, approval_stage: 'approved' }, officer)).toBeNull();
    // Acting for an account that approved an earlier step.
    expect(
      decisionBarredReason(afterFlmi, {
        id: 'po-3',
        role: 'program_officer',
        onBehalfOf: { id: 'PO-1', name: 'Bupe Tembo' },
      }),
    ).toBe(
      'Bupe Tembo approved an earlier step, so you may not decide this one on their behalf; another program officer decides it.',
    );
  });
});
