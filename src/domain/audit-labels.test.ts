import { describe, expect, it } from 'vitest';
import {
  AUDIT_RECORD_KIND_LABELS,
  auditFieldLabel,
  auditRecordKindLabel,
  auditValueText,
} from './audit-labels';
import { roleTitle } from './roles';

const ID = 'aafb7046-1b2c-4d3e-8f40-000000000001';

describe('the audit trail in the screens words', () => {
  it('names fields by their labels, settings as System Settings does', () => {
    expect(auditFieldLabel('allowance', 'student_id')).toBe('Student');
    expect(auditFieldLabel('allowance', 'dpm_approved_by_id')).toBe('Deputy manager approved by');
    expect(auditFieldLabel('settings', 'security.passwordPolicy.minLength')).toBe('Minimum password length');
    expect(auditFieldLabel('settings', 'notifications.taskDeadlines')).toBe('Task deadlines');
  });

  it('reads a field nobody labelled as words, never as its code', () => {
    expect(auditFieldLabel('allowance', 'flmi_checked_by_id')).toBe('FLMI advisor checked by');
    expect(auditFieldLabel('settings', 'security.newSwitch')).toBe('Security new switch');
    expect(auditFieldLabel('no_such_kind', 'id')).toBe('ID');
  });

  it('shows stages, statuses and roles in the screens words and people by name', () => {
    expect(auditValueText('allowance', 'approval_stage', 'pending_flmi')).toBe('Pending FLMI Advisor');
    expect(auditValueText('allowance', 'rejected_at_stage', 'dpm_review')).toBe('Pending Deputy Manager');
    expect(auditValueText('delegation', 'stages', '["pending_dpm","pending_pm"]')).toBe(
      'Pending Deputy Manager, Pending Program Manager',
    );
    expect(auditValueText('account', 'role', 'program_officer')).toBe('Program Officer');
    expect(auditValueText('allowance', 'student_id', ID, { [ID]: 'Mwila Chanda' })).toBe('Mwila Chanda');
    // An id whose record is gone stays as it was recorded.
    expect(auditValueText('allowance', 'student_id', ID)).toBe(ID);
    expect(auditValueText('settings', 'security.twoFactorAuth', true)).toBe('Yes');
    expect(auditValueText('allowance', 'dpm_comments', null)).toBe('—');
    expect(auditValueText('allowance', 'stipend', '1500.00')).toBe('1500.00');
  });

  it('names every kind of record for the filter, and the approval roles as the screens do', () => {
    expect(auditRecordKindLabel('library_resource')).toBe('Library resources');
    expect(auditRecordKindLabel('settings')).toBe('System settings');
    expect(Object.keys(AUDIT_RECORD_KIND_LABELS)).toEqual(
      expect.arrayContaining(['form', 'file', 'announcement', 'event', 'library_resource', 'settings']),
    );
    expect(roleTitle('flmi_advisor')).toBe('FLMI Advisor');
    expect(roleTitle('program_manager')).toBe('Program Manager');
    expect(roleTitle('deputy_manager')).toBe('Deputy Manager');
  });
});
