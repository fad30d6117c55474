import { describe, expect, it } from 'vitest';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { allowedActions } from '../../../domain/allowances';
import { parseListState, serialiseListState } from '../../lib/list-state';
import {
  AllowanceListParamsSchema,
  allowanceQueryString,
  periodLabel,
  STAGE_FILTER_OPTIONS,
} from './allowance-view';

describe('list helpers', () => {
  it('writes the period', () => {
    expect(periodLabel({ month: 'March', year: 2026 })).toBe('March 2026');
  });

  it('keeps the search, stage and page in the URL, and refuses an unknown stage', () => {
    const params = parseListState(
      AllowanceListParamsSchema,
      new URLSearchParams('q=Mwila&stage=paid&page=2'),
    );
    expect(params).toEqual({ q: 'Mwila', stage: 'paid', page: 2 });
    expect(serialiseListState(AllowanceListParamsSchema, params).toString()).toBe(
      'q=Mwila&stage=paid&page=2',
    );
    expect(parseListState(AllowanceListParamsSchema, new URLSearchParams('stage=lost')).stage).toBe('');
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
