import { describe, expect, it } from 'vitest';
import { allowanceTimeline, rejectionSummary } from './timeline';

/** A delegate's step (docs/product.md D21): "by X on behalf of Y" on the timeline and a rejection. */
describe('a step a delegate took', () => {
  const base = {
    approval_stage: 'pending_flmi',
    submitted_by: 'Bupe Tembo',
    submitted_date: '2026-03-15T09:00:00.000Z',
    flmi_comments: null,
    dpm_status: 'approved',
    dpm_approved_by: 'Temwani Nkhoma',
    dpm_approved_date: '2026-03-16',
    dpm_comments: 'Fine',
    dpm_on_behalf_of: 'Chipo Mwale',
    flmi_status: null,
    flmi_approved_by: null,
    flmi_approved_date: null,
    flmi_step_comments: null,
    pm_status: null,
    pm_approved_by: null,
    pm_approved_date: null,
    pm_comments: null,
    paid_by: null,
    paid_date: null,
  } as const;

  it('names the delegate as the approver and the delegator as whose decision it was', () => {
    const [, dpm, flmi] = allowanceTimeline(base);
    expect(dpm).toMatchObject({ key: 'dpm_review', actor: 'Temwani Nkhoma', onBehalfOf: 'Chipo Mwale' });
    expect(flmi!.onBehalfOf).toBeUndefined();
  });

  it('a step taken as oneself carries no one else', () => {
    const [, dpm] = allowanceTimeline({ ...base, dpm_on_behalf_of: null });
    expect(dpm!.onBehalfOf).toBeUndefined();
  });

  it('a rejection by a delegate says on whose behalf', () => {
    const rejected = {
      approval_stage: 'rejected',
      rejected_at_stage: 'dpm_review',
      rejection_reason: 'Over budget',
      rejected_by: 'Temwani Nkhoma',
      rejected_date: '2026-03-16',
      dpm_on_behalf_of: 'Chipo Mwale',
    } as const;
    expect(rejectionSummary(rejected)?.by).toBe('Temwani Nkhoma on behalf of Chipo Mwale');
    expect(rejectionSummary({ ...rejected, dpm_on_behalf_of: null })?.by).toBe('Temwani Nkhoma');
  });
});
