import { describe, expect, it } from 'vitest';
import { permissionsOf, ROLE_PERMISSIONS } from './role-permissions';

describe('permissionsOf', () => {
  it('gives user and student accounts only what every signed-in user reads', () => {
    expect(permissionsOf('user')).toEqual([
      'Read the dashboard, announcements, events and the library',
      'Read published yearbooks and approved impact stories, post memories',
    ]);
    expect(permissionsOf('student')).toEqual(permissionsOf('user'));
  });

  it('scopes a program officer to their own students and the FLMI and programme manager steps', () => {
    const po = permissionsOf('program_officer');
    expect(po).toContain('Students, profiles and allowances of the students assigned to them');
    expect(po).not.toContain('Students, profiles and allowances of every student');
    expect(po).toContain('Approve or deny allowances at FLMI Advisor Review');
    expect(po).toContain('Approve or deny allowances at Program Manager Review');
    expect(po).not.toContain('Approve or deny allowances at Deputy Manager Review');
    expect(po).not.toContain('Manage yearbooks and impact stories');
  });

  it('lets a deputy manager read the directory but not manage users, and decide at the first step', () => {
    const dpm = permissionsOf('deputy_manager');
    expect(dpm).toContain('Read the user directory');
    expect(dpm).not.toContain('Manage users: roles, role requests, activation, invitations');
    expect(dpm).toEqual(
      expect.arrayContaining([
        'Approve or deny allowances at Deputy Manager Review',
        'Review forms and delete issues',
      ]),
    );
    expect(dpm).not.toContain(
      'Mark approved allowances as paid, in payment batches reconciled with the bank statement',
    );
  });

  it('gives admins user management, settings, payment and profile deletion', () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(
      expect.arrayContaining([
        'Manage users: roles, role requests, activation, invitations',
        'System settings and the activity log',
        'Mark approved allowances as paid, in payment batches reconciled with the bank statement',
        'Delete student profiles',
      ]),
    );
    expect(ROLE_PERMISSIONS.admin).not.toContain('Read the user directory');
  });
});
