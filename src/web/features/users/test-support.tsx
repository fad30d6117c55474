import type { DirectoryUser, RoleRequest, UserListResponse } from '../../../contracts/users';

/** Test helpers of this feature's component tests (not shipped: only the tests import it). */

export const USER_ID = 'a1b2c3d4-0000-4000-8000-0000000000u1';
export const ADMIN_ID = 'a1b2c3d4-0000-4000-8000-0000000000ad';
export const REQUEST_ID = 'a1b2c3d4-0000-4000-8000-0000000000r1';

export function makeUser(overrides: Partial<DirectoryUser> = {}): DirectoryUser {
  return {
    id: USER_ID,
    name: 'Mary Phiri',
    staff_id: 'PO001',
    email: 'mary.phiri@example.org',
    role: 'program_officer',
    department: 'Programmes',
    phone_number: '+260971234567',
    address: 'Plot 12, Kabulonga, Lusaka',
    date_of_birth: '1990-04-12',
    emergency_contact_name: null,
    emergency_contact_phone: null,
    emergency_contact_relationship: null,
    is_active: true,
    sign_in: 'staff',
    invitation_pending: false,
    email_verified: true,
    last_login: null,
    created_at: '2026-01-10T08:00:00.000Z',
    updated_at: '2026-02-01T08:00:00.000Z',
    created_by_name: 'Grace Mwale',
    permissions: ['Read the dashboard, announcements, events and the library', 'Corporate collaborations'],
    pending_role_request: null,
    ...overrides,
  };
}

export const ME = makeUser({ id: ADMIN_ID, name: 'Grace Mwale', staff_id: 'ADM001', role: 'admin' });

export const listOf = (items: DirectoryUser[], total = items.length): UserListResponse => ({
  items,
  total,
  page: 1,
  pageSize: 24,
  counts: { admins: 2, officers: 5, managers: 1, students: 9, active: 15, inactive: 2 },
});

export function makeRequest(overrides: Partial<RoleRequest> = {}): RoleRequest {
  return {
    id: REQUEST_ID,
    role: 'student',
    status: 'pending',
    note: null,
    decided_by_name: null,
    decided_at: null,
    created_at: '2026-03-02T09:00:00.000Z',
    user_id: 'a1b2c3d4-0000-4000-8000-0000000000u9',
    user_name: 'Chanda Mulenga',
    user_staff_id: null,
    user_email: 'chanda@example.org',
    current_role: 'user',
    ...overrides,
  };
}

export const requestsOf = (items: RoleRequest[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

export const ROLE_SUMMARY = {
  roles: [
    {
      role: 'admin',
      permissions: ['Manage users: roles, role requests, activation, invitations'],
      accounts: 2,
      active_accounts: 2,
    },
    { role: 'deputy_manager', permissions: ['Read the user directory'], accounts: 1, active_accounts: 1 },
  ],
};

export { json, renderWithClient, stubApi } from '../../testing/api-stub';
