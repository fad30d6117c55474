import { describe, expect, it } from 'vitest';
import type { Allowance } from '../../../contracts/allowances';
import { allowanceTimeline, rejectionSummary } from './timeline';

function allowance(overrides: Partial<Allowance> = {}): Allowance {
  return {
    id: 'a1',
    student_id: 's1',
    student_name: 'Mwila Chanda',
    month: 'March',
    month_number: 3,
    year: 2026,
    program_level: 'university',
    stipend: '1500.00',
    medical: '200.00',
    transportation: '150.00',
    school_supplies: '100.00',
    accommodation: '800.00',
    total: '2750.00',
    approval_stage: 'pending_dpm',
    submitted_by: 'Chanda Mulenga',
    submitted_by_id: 'u-po',
    // 23:30 UTC is already the next day in Lusaka (UTC+2).
    submitted_date: '2026-02-24T23:30:00.000Z',
    dpm_approved_by: null,
    dpm_approved_by_id: null,
    dpm_approved_date: null,
    dpm_status: null,
    dpm_comments: null,
    flmi_approved_by: null,
    flmi_approved_by_id: null,
    flmi_approved_date: null,
    flmi_status: null,
    flmi_step_comments: null,
    pm_approved_by: null,
    pm_approved_by_id: null,
    pm_approved_date: null,
    pm_status: null,
    pm_comments: null,
    rejection_reason: null,
    rejected_at_stage: null,
    rejected_by: null,
    rejected_date: null,
    flmi_comments: 'Term fees confirmed',
    flmz_comments: null,
    paid_by: null,
    paid_by_id: null,
    paid_date: null,
    created_at: '2026-02-24T23:30:00.000Z',
    updated_at: '2026-02-24T23:30:00.000Z',
    ...overrides,
  };
}

const dpmApproved = {
  dpm_status: 'approved',
  dpm_approved_by: 'Thandiwe Phiri',
  dpm_approved_date: '2026-02-26',
  dpm_comments: 'Within budget.',
} as const;
const flmiApproved = {
  flmi_status: 'approved',
  flmi_approved_by: 'Chanda Mulenga',
  flmi_approved_date: '2026-02-27',
  flmi_step_comments: 'Receipts verified.',
} as const;
const pmApproved = {
  pm_status: 'approved',
  pm_approved_by: 'Mutale Bwalya',
  pm_approved_date: '2026-02-28',
  pm_comments: 'Approved for payment.',
} as const;

const keys = (a: Allowance) => allowanceTimeline(a).map((s) => `${s.key}:${s.status}`);

describe('allowanceTimeline', () => {
  it('at pending_dpm shows Submitted and the waiting deputy manager step only', () => {
    const steps = allowanceTimeline(allowance());
    expect(steps.map((s) => `${s.key}:${s.status}`)).toEqual(['submitted:complete', 'dpm_review:current']);
    expect(steps[0]).toMatchObject({
      title: 'Submitted',
      actor: 'Chanda Mulenga',
      date: '2026-02-25',
      comment: 'Term fees confirmed',
    });
    expect(steps[1]).toMatchObject({
      title: 'Deputy Manager Review',
      actor: null,
      date: null,
      comment: null,
    });
    expect(steps[1]!.waitingFor).toMatch(/deputy manager/);
  });

  it('reveals the FLMI step only once the deputy manager approved', () => {
    const steps = allowanceTimeline(allowance({ approval_stage: 'pending_flmi', ...dpmApproved }));
    expect(steps.map((s) => `${s.key}:${s.status}`)).toEqual([
      'submitted:complete',
      'dpm_review:complete',
      'flmi_review:current',
    ]);
    expect(steps[1]).toMatchObject({
      actor: 'Thandiwe Phiri',
      date: '2026-02-26',
      comment: 'Within budget.',
    });
  });

  it('reveals the PM step only once FLMI approved, then Payment once PM approved', () => {
    expect(keys(allowance({ approval_stage: 'pending_pm', ...dpmApproved, ...flmiApproved }))).toEqual([
      'submitted:complete',
      'dpm_review:complete',
      'flmi_review:complete',
      'pm_review:current',
    ]);
    const approved = allowanceTimeline(
      allowance({ approval_stage: 'approved', ...dpmApproved, ...flmiApproved, ...pmApproved }),
    );
    expect(approved.map((s) => `${s.key}:${s.status}`)).toEqual([
      'submitted:complete',
      'dpm_review:complete',
      'flmi_review:complete',
      'pm_review:complete',
      'payment:current',
    ]);
    expect(approved[2]).toMatchObject({ title: 'FLMI Advisor Review', comment: 'Receipts verified.' });
    expect(approved[3]).toMatchObject({ title: 'Program Manager Review', actor: 'Mutale Bwalya' });
  });

  it('shows who paid and when once paid', () => {
    const steps = allowanceTimeline(
      allowance({
        approval_stage: 'paid',
        ...dpmApproved,
        ...flmiApproved,
        ...pmApproved,
        paid_by: 'Mutale Bwalya',
        paid_date: '2026-03-01',
      }),
    );
    expect(steps.at(-1)).toMatchObject({
      key: 'payment',
      title: 'Payment',
      status: 'complete',
      actor: 'Mutale Bwalya',
      date: '2026-03-01',
      waitingFor: null,
    });
  });

  it('ends at the step that denied, hiding the later ones', () => {
    const deniedAtDpm = allowance({
      approval_stage: 'rejected',
      dpm_status: 'denied',
      dpm_approved_by: 'Thandiwe Phiri',
      dpm_approved_date: '2026-02-26',
      dpm_comments: 'Over the rate.',
    });
    expect(keys(deniedAtDpm)).toEqual(['submitted:complete', 'dpm_review:rejected']);
    expect(allowanceTimeline(deniedAtDpm)[1]).toMatchObject({
      actor: 'Thandiwe Phiri',
      comment: 'Over the rate.',
    });

    const deniedAtFlmi = allowance({
      approval_stage: 'rejected',
      ...dpmApproved,
      flmi_status: 'denied',
      flmi_approved_by: 'Chanda Mulenga',
      flmi_approved_date: '2026-02-27',
      flmi_step_comments: 'No receipts.',
    });
    expect(keys(deniedAtFlmi)).toEqual(['submitted:complete', 'dpm_review:complete', 'flmi_review:rejected']);

    const deniedAtPm = allowance({
      approval_stage: 'rejected',
      ...dpmApproved,
      ...flmiApproved,
      pm_status: 'denied',
      pm_approved_by: 'Mutale Bwalya',
      pm_approved_date: '2026-02-28',
      pm_comments: 'Budget exhausted.',
    });
    expect(keys(deniedAtPm)).toEqual([
      'submitted:complete',
      'dpm_review:complete',
      'flmi_review:complete',
      'pm_review:rejected',
    ]);
  });

  it('leaves out blank submission notes', () => {
    expect(allowanceTimeline(allowance({ flmi_comments: '  ' }))[0]!.comment).toBeNull();
  });
});

describe('rejectionSummary', () => {
  it('says where, why, by whom and when', () => {
    expect(
      rejectionSummary(
        allowance({
          approval_stage: 'rejected',
          rejected_at_stage: 'flmi_review',
          rejection_reason: 'No receipts.',
          rejected_by: 'Chanda Mulenga',
          rejected_date: '2026-02-27',
        }),
      ),
    ).toEqual({
      step: 'FLMI Advisor Review',
      reason: 'No receipts.',
      by: 'Chanda Mulenga',
      date: '2026-02-27',
    });
  });

  it('is null unless rejected', () => {
    expect(rejectionSummary(allowance({ approval_stage: 'paid' }))).toBeNull();
  });
});
