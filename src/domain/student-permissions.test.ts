import { describe, expect, it } from 'vitest';
import {
  canAssignStudentTo,
  canDeleteFromProfiles,
  canStudent,
  isAssignableOfficerRole,
  isInStudentScope,
  studentScope,
} from './student-permissions';

const admin = { id: 'a', role: 'admin' };
const dpm = { id: 'd', role: 'deputy_manager' };
const po1 = { id: 'p1', role: 'program_officer' };
const po2 = { id: 'p2', role: 'program_officer' };
const user = { id: 'u', role: 'user' };
const student = { id: 's', role: 'student' };
const ownedByPo1 = { assignedOfficerId: 'p1' };
const unassigned = { assignedOfficerId: null };

describe('student permissions', () => {
  it('scopes program officers to their own students, managers to all, others to none', () => {
    expect(studentScope(admin)).toEqual({ kind: 'all' });
    expect(studentScope(dpm)).toEqual({ kind: 'all' });
    expect(studentScope(po1)).toEqual({ kind: 'officer', officerId: 'p1' });
    expect(studentScope(user)).toEqual({ kind: 'none' });
    expect(studentScope(student)).toEqual({ kind: 'none' });
    expect(studentScope({ id: 'x', role: 'unknown' })).toEqual({ kind: 'none' });
  });

  it('lets staff list and create, and nobody else', () => {
    for (const actor of [admin, dpm, po1])
      for (const action of ['list', 'create'] as const) expect(canStudent(actor, action)).toBe(true);
    for (const actor of [user, student])
      for (const action of ['list', 'create', 'view', 'update', 'delete'] as const)
        expect(canStudent(actor, action, ownedByPo1)).toBe(false);
  });

  it('lets an officer view, update and delete only their own students', () => {
    for (const action of ['view', 'update', 'delete'] as const) {
      expect(canStudent(po1, action, ownedByPo1)).toBe(true);
      expect(canStudent(po2, action, ownedByPo1)).toBe(false);
      expect(canStudent(po1, action, unassigned)).toBe(false);
      expect(canStudent(admin, action, ownedByPo1)).toBe(true);
      expect(canStudent(dpm, action, unassigned)).toBe(true);
      // Without the record there is nothing to decide on.
      expect(canStudent(admin, action)).toBe(false);
    }
    expect(isInStudentScope(po1, ownedByPo1)).toBe(true);
    expect(isInStudentScope(po2, ownedByPo1)).toBe(false);
  });

  it('lets an officer assign only to themselves; managers to anyone or nobody', () => {
    expect(canAssignStudentTo(po1, 'p1')).toBe(true);
    expect(canAssignStudentTo(po1, 'p2')).toBe(false);
    expect(canAssignStudentTo(po1, null)).toBe(false);
    expect(canAssignStudentTo(admin, 'p2')).toBe(true);
    expect(canAssignStudentTo(dpm, null)).toBe(true);
    expect(canAssignStudentTo(user, 'u')).toBe(false);
  });

  it('knows who can be assigned and who deletes from Student Profiles', () => {
    expect(['program_officer', 'deputy_manager', 'admin'].every(isAssignableOfficerRole)).toBe(true);
    expect(['user', 'student'].some(isAssignableOfficerRole)).toBe(false);
    expect(canDeleteFromProfiles(admin)).toBe(true);
    expect(canDeleteFromProfiles(dpm)).toBe(false);
    expect(canDeleteFromProfiles(po1)).toBe(false);
  });
});
