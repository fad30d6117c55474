import { describe, expect, it } from 'vitest';
import {
  type Actor,
  ALLOWANCE_MESSAGES,
  allowedDecisions,
  approversOf,
  decideAllowance,
  delegatorApprovedEarlierMessage,
  type StageChange,
  twoStageRefusal,
} from './allowances';
import { lusakaDate } from './dates';
import {
  canRevoke,
  DELEGATION_MESSAGES,
  delegableStages,
  delegationState,
  ineligibleDelegateMessage,
  isActiveOn,
  mayReceive,
  periodProblem,
  periodsOverlap,
} from './delegations';

describe('delegationState: active from the first day to the last, both included', () => {
  const d = { startsOn: '2026-03-10', endsOn: '2026-03-12' };

  it('is upcoming before its first day, active on it and on its last, ended after', () => {
    expect(delegationState(d, '2026-03-09')).toBe('upcoming');
    expect(delegationState(d, '2026-03-10')).toBe('active');
    expect(delegationState(d, '2026-03-11')).toBe('active');
    expect(delegationState(d, '2026-03-12')).toBe('active');
    expect(delegationState(d, '2026-03-13')).toBe('ended');
  });

  it('is revoked, whatever the day, once revoked', () => {
    const revoked = { ...d, revokedAt: new Date('2026-03-11T08:00:00Z') };
    expect(delegationState(revoked, '2026-03-11')).toBe('revoked');
    expect(isActiveOn(revoked, '2026-03-11')).toBe(false);
  });

  it('counts days in the programme zone: 23:30 UTC on the last day is the next day in Lusaka', () => {
    const lastEvening = new Date('2026-03-12T21:59:00Z'); // 23:59 in Lusaka
    const nextMorning = new Date('2026-03-12T22:00:00Z'); // 00:00 on the 13th in Lusaka
    expect(isActiveOn(d, lusakaDate(lastEvening))).toBe(true);
    expect(isActiveOn(d, lusakaDate(nextMorning))).toBe(false);
    // The same instant is still the 12th in UTC.
    expect(isActiveOn(d, lusakaDate(nextMorning, 'UTC'))).toBe(true);
  });

  it('a one-day delegation is active on that day only', () => {
    const one = { startsOn: '2026-03-10', endsOn: '2026-03-10' };
    expect(['2026-03-09', '2026-03-10', '2026-03-11'].map((day) => isActiveOn(one, day))).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('periodsOverlap', () => {
  it('shares a day when either end touches the other', () => {
    const a = { startsOn: '2026-03-10', endsOn: '2026-03-12' };
    expect(periodsOverlap(a, { startsOn: '2026-03-12', endsOn: '2026-03-20' })).toBe(true);
    expect(periodsOverlap(a, { startsOn: '2026-03-01', endsOn: '2026-03-10' })).toBe(true);
    expect(periodsOverlap(a, { startsOn: '2026-03-13', endsOn: '2026-03-20' })).toBe(false);
    expect(periodsOverlap(a, { startsOn: '2026-03-01', endsOn: '2026-03-09' })).toBe(false);
  });
});

describe('periodProblem', () => {
  const today = '2026-03-15';
  it('accepts today to a later day, and a single day', () => {
    expect(periodProblem('2026-03-15', '2026-03-20', today)).toBeNull();
    expect(periodProblem('2026-03-16', '2026-03-16', today)).toBeNull();
  });
  it('refuses a start before today, an end before the start, unreal dates and over a year', () => {
    expect(periodProblem('2026-03-14', '2026-03-20', today)).toEqual({
      field: 'starts_on',
      message: DELEGATION_MESSAGES.startsInPast,
    });
    expect(periodProblem('2026-03-20', '2026-03-19', today)).toEqual({
      field: 'ends_on',
      message: DELEGATION_MESSAGES.endsBeforeStart,
    });
    expect(periodProblem('2026-02-30', '2026-03-20', today)?.field).toBe('starts_on');
    expect(periodProblem('2026-03-20', 'soon', today)?.field).toBe('ends_on');
    expect(periodProblem('2026-03-15', '2027-03-15', today)).toBeNull();
    expect(periodProblem('2026-03-15', '2027-03-16', today)?.message).toBe(DELEGATION_MESSAGES.tooLong);
  });
});

describe('who delegates what, to whom', () => {
  it('hands over the review stages the role decides, never paying', () => {
    expect(delegableStages('deputy_manager')).toEqual(['pending_dpm']);
    expect(delegableStages('program_officer')).toEqual(['pending_flmi', 'pending_pm']);
    expect(delegableStages('admin')).toEqual(['pending_flmi', 'pending_pm']);
    expect(delegableStages('user')).toEqual([]);
    expect(delegableStages('student')).toEqual([]);
  });

  it('a delegate must hold a role that decides at every stage handed over', () => {
    expect(mayReceive('deputy_manager', ['pending_dpm'])).toBe(true);
    expect(mayReceive('admin', ['pending_dpm'])).toBe(false);
    expect(mayReceive('program_officer', ['pending_flmi', 'pending_pm'])).toBe(true);
    expect(mayReceive('admin', ['pending_flmi', 'pending_pm'])).toBe(true);
    expect(mayReceive('deputy_manager', ['pending_flmi', 'pending_pm'])).toBe(false);
    expect(mayReceive('user', ['pending_dpm'])).toBe(false);
    expect(mayReceive('admin', [])).toBe(false);
    expect(ineligibleDelegateMessage('Mutale Bwalya', ['pending_dpm'])).toBe(
      'Mutale Bwalya cannot decide allowances at Pending Deputy Manager: choose a deputy manager account.',
    );
    expect(ineligibleDelegateMessage('Chipo Mwale', ['pending_flmi'])).toMatch(
      /: choose an admin or program officer account\.$/,
    );
  });

  it('the delegator or an admin revokes', () => {
    const d = { delegatorId: 'u1' };
    expect(canRevoke(d, { id: 'u1', role: 'deputy_manager' })).toBe(true);
    expect(canRevoke(d, { id: 'u9', role: 'admin' })).toBe(true);
    expect(canRevoke(d, { id: 'u2', role: 'deputy_manager' })).toBe(false);
  });
});

describe('the two-stage rule', () => {
  const now = new Date('2026-03-15T09:00:00Z');
  const dpm: Actor = {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    name: 'Chipo Mwale',
    role: 'deputy_manager',
  };
  const po: Actor = {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    name: 'Bupe Tembo',
    role: 'program_officer',
  };
  const po2: Actor = {
    id: 'aaaaaaaa-0000-4000-8000-000000000003',
    name: 'Mwansa Zulu',
    role: 'program_officer',
  };
  const admin: Actor = { id: 'aaaaaaaa-0000-4000-8000-000000000004', name: 'Mutale Bwalya', role: 'admin' };

  /** Takes the steps in turn, each by its decider, as the record the chain would hold. */
  function through(...deciders: Actor[]): StageChange {
    let record: StageChange = { approvalStage: 'pending_dpm' };
    for (const who of deciders) {
      const result = decideAllowance(record, who, 'approve', 'OK', now);
      if (!result.ok) throw new Error(result.message);
      record = { ...record, ...result.changes };
    }
    return record;
  }

  it('lists the approvers of the steps taken, and whom a delegate acted for', () => {
    const delegated = decideAllowance(
      { approvalStage: 'pending_dpm' },
      { ...po2, role: 'deputy_manager', onBehalfOf: dpm },
      'approve',
      'OK',
      now,
    );
    if (!delegated.ok) throw new Error(delegated.message);
    expect(approversOf(delegated.changes)).toEqual([po2.id, dpm.id]);
    expect(approversOf(through(dpm, po))).toEqual([dpm.id, po.id]);
    expect(
      approversOf({
        approval_stage: 'pending_flmi',
        dpm_status: 'approved',
        dpm_approved_by_id: dpm.id,
      } as never),
    ).toEqual([dpm.id]);
  });

  it('refuses the account that approved an earlier stage, as itself', () => {
    const atPm = through(dpm, po);
    const result = decideAllowance(atPm, po, 'approve', 'Again', now);
    expect(result).toMatchObject({
      ok: false,
      reason: 'forbidden',
      message: ALLOWANCE_MESSAGES.approvedEarlier,
    });
    // Denying is deciding too: the stage needs another account.
    expect(decideAllowance(atPm, po, 'deny', 'No', now)).toMatchObject({ ok: false });
    expect(allowedDecisions(atPm, po)).toEqual([]);
    // Another account of the same role decides it.
    expect(decideAllowance(atPm, po2, 'approve', 'OK', now).ok).toBe(true);
    expect(allowedDecisions(atPm, admin)).toEqual(['approve', 'deny']);
  });

  it('refuses a delegate who approved an earlier stage themselves', () => {
    const atPm = through(dpm, po);
    expect(twoStageRefusal(atPm, { ...po, onBehalfOf: { id: admin.id, name: admin.name } })).toBe(
      ALLOWANCE_MESSAGES.approvedEarlier,
    );
  });

  it('refuses a delegate acting for an account that approved an earlier stage', () => {
    const atPm = through(dpm, po);
    const onBehalf = { ...po2, onBehalfOf: { id: po.id, name: po.name } };
    expect(decideAllowance(atPm, onBehalf, 'approve', 'OK', now)).toMatchObject({
      ok: false,
      message: delegatorApprovedEarlierMessage('Bupe Tembo'),
    });
  });

  it('refuses the delegator at a later stage after their delegate approved an earlier one for them', () => {
    const atFlmi: StageChange = {
      approvalStage: 'pending_flmi',
      dpmStatus: 'approved',
      dpmApprovedById: dpm.id,
    };
    const delegated = decideAllowance(
      atFlmi,
      { ...po2, onBehalfOf: { id: po.id, name: po.name } },
      'approve',
      'OK',
      now,
    );
    if (!delegated.ok) throw new Error(delegated.message);
    const atPm = { dpmStatus: 'approved', dpmApprovedById: dpm.id, ...delegated.changes } as StageChange;
    expect(twoStageRefusal(atPm, po)).toBe(ALLOWANCE_MESSAGES.approvedEarlier);
    expect(twoStageRefusal(atPm, po2)).toBe(ALLOWANCE_MESSAGES.approvedEarlier);
    expect(twoStageRefusal(atPm, admin)).toBeNull();
  });

  it('records a delegate as the approver, on behalf of the delegator, on the step and the comment', () => {
    const dpm2: Actor = {
      id: 'aaaaaaaa-0000-4000-8000-000000000005',
      name: 'Temwani Nkhoma',
      role: 'deputy_manager',
    };
    const result = decideAllowance(
      { approvalStage: 'pending_dpm' },
      { ...dpm2, onBehalfOf: { id: dpm.id, name: dpm.name } },
      'approve',
      'Fine',
      now,
    );
    expect(result).toMatchObject({
      ok: true,
      changes: {
        dpmApprovedBy: 'Temwani Nkhoma',
        dpmApprovedById: dpm2.id,
        dpmOnBehalfOf: 'Chipo Mwale',
        dpmOnBehalfOfId: dpm.id,
      },
      comment: { userName: 'Temwani Nkhoma', onBehalfOf: 'Chipo Mwale' },
    });
    // Acting as themselves writes no on-behalf fields.
    const own = decideAllowance({ approvalStage: 'pending_dpm' }, dpm2, 'approve', 'Fine', now);
    expect(own.ok && 'dpmOnBehalfOf' in own.changes).toBe(false);
  });

  it('does not apply to a bare stage or a decider without an id (the screen before sign-in)', () => {
    expect(twoStageRefusal({ approvalStage: 'pending_pm' }, po)).toBeNull();
    expect(twoStageRefusal(through(dpm, po), { role: 'program_officer' })).toBeNull();
  });
});
