import { describe, expect, it } from 'vitest';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { allowedActions } from '../../../domain/allowances';
import {
  allowanceQueryString,
  pageCount,
  periodLabel,
  STAGE_FILTER_OPTIONS,
  showingRange,
} from './allowance-view';

describe('list helpers', () => {
  it('writes the period and the range shown', () => {
    expect(periodLabel({ month: 'March', year: 2026 })).toBe('March 2026');
    expect(showingRange(1, 25, 140)).toBe('Showing 1–25 of 140');
    expect(showingRange(6, 25, 140)).toBe('Showing 126–140 of 140');
    expect(showingRange(1, 25, 0)).toBeNull();
    expect(pageCount(25, 140)).toBe(6);
    expect(pageCount(25, 0)).toBe(1);
  });

  it('offers All Stages and the six stages with their labels', () => {
    expect(STAGE_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All Stages',
      'Pending Deputy Manager',
      'Pending FLMI Advisor',
      'Pending Program Manager',
      'Approved',
      'Rejected',
      'Paid',
    ]);
  });

  it('builds the list and export query', () => {
    expect(allowanceQueryString({ q: '  Mwila ', stage: 'pending_dpm', page: 2, pageSize: 25 })).toBe(
      '?q=Mwila&stage=pending_dpm&page=2&pageSize=25',
    );
    expect(allowanceQueryString({ q: '', stage: '' })).toBe('');
  });
});

describe('row actions follow the domain state machine', () => {
  const row = (stage: ApprovalStage) => ({ approval_stage: stage });
  it('shows each action only to the role that may take it', () => {
    expect(allowedActions(row('pending_dpm'), { role: 'deputy_manager' })).toEqual(['approve', 'deny']);
    expect(allowedActions(row('pending_dpm'), { role: 'program_officer' })).toEqual([]);
    expect(allowedActions(row('pending_flmi'), { role: 'deputy_manager' })).toEqual([]);
    expect(allowedActions(row('pending_pm'), { role: 'program_officer' })).toEqual(['approve', 'deny']);
    expect(allowedActions(row('approved'), { role: 'admin' })).toEqual(['pay']);
    expect(allowedActions(row('approved'), { role: 'program_officer' })).toEqual([]);
    expect(allowedActions(row('paid'), { role: 'admin' })).toEqual([]);
  });
});
