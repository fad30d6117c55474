// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../../domain/users';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import { EditUserDialog } from './edit-user-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { ManageRolesDialog } from './manage-roles-dialog';
import { RoleDialog } from './role-dialog';
import {
  json,
  listOf,
  makeRequest,
  makeUser,
  REQUEST_ID,
  ROLE_SUMMARY,
  renderWithClient,
  requestsOf,
  stubApi,
  USER_ID,
} from './test-support';
import { UsersPage } from './users-page';

vi.mock('../../lib/session', () => ({
  useCurrentUser: () => ({ id: 'me', role: 'admin' }),
  useAuth: () => ({ refresh: async () => {} }),
}));

cleanAfterEach();

const MARY = makeUser();
const show = (ui: ReactNode) =>
  renderWithClient(
    <>
      {ui}
      <Toaster />
    </>,
  );

describe('RoleDialog', () => {
  it('posts the chosen role and says so', async () => {
    const seen = stubApi(() => json({ ...MARY, role: 'deputy_manager' }));
    const onClose = vi.fn();
    show(<RoleDialog user={MARY} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Change Role' });
    const select = within(dialog).getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
    expect(select.value).toBe('program_officer');
    await userEvent.selectOptions(select, 'deputy_manager');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen).toEqual([
      { method: 'POST', url: `/api/users/${USER_ID}/role`, body: { role: 'deputy_manager' } },
    ]);
    expect(await screen.findByText('Mary Phiri is now Deputy Manager.')).toBeTruthy();
  });

  it("toasts the server's refusal of the last admin and stays open", async () => {
    stubApi(() => json({ error: USER_MESSAGES.lastAdmin }, 409));
    const onClose = vi.fn();
    show(<RoleDialog user={makeUser({ role: 'admin' })} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Change Role' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'user');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MESSAGES.lastAdmin)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('InviteUserDialog', () => {
  it('refuses an empty form with the contract messages, then posts the invitation', async () => {
    const seen = stubApi(() => json(MARY, 201));
    const onClose = vi.fn();
    show(<InviteUserDialog onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    expect(within(dialog).getByText(/choose their own password/)).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe(
      'program_officer',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Staff ID is required')).toBeTruthy();
    expect(within(dialog).getByText('Full name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(seen).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Staff ID/), 'PO009');
    await userEvent.type(within(dialog).getByLabelText(/^Full name/), 'Mary Phiri');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'mary.phiri@example.org');
    await userEvent.type(within(dialog).getByLabelText(/^Department/), 'Programmes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/users',
        body: {
          staff_id: 'PO009',
          name: 'Mary Phiri',
          email: 'mary.phiri@example.org',
          role: 'program_officer',
          department: 'Programmes',
        },
      },
    ]);
    expect(await screen.findByText(USER_MESSAGES.invited)).toBeTruthy();
  });

  it('puts a taken staff ID on its field', async () => {
    stubApi(() => json({ error: USER_MESSAGES.staffIdTaken }, 409));
    show(<InviteUserDialog onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await userEvent.type(within(dialog).getByLabelText(/^Staff ID/), 'PO001');
    await userEvent.type(within(dialog).getByLabelText(/^Full name/), 'Mary Phiri');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'mary@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const staffId = within(dialog).getByLabelText(/^Staff ID/);
    await waitFor(() => expect(staffId.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(USER_MESSAGES.staffIdTaken)).toBeTruthy();
  });
});

describe('EditUserDialog', () => {
  it('puts the name, email and profile, and shows a field the server refused on it', async () => {
    let calls = 0;
    const seen = stubApi(() =>
      ++calls === 1
        ? json({ error: 'Invalid input', fields: { emergency_contact_phone: 'Bad phone' } }, 400)
        : json(MARY),
    );
    const onClose = vi.fn();
    show(<EditUserDialog user={MARY} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Mary Phiri' });
    expect((within(dialog).getByLabelText(/^Date of birth/) as HTMLInputElement).placeholder).toBe(
      'DD/MM/YYYY',
    );
    await userEvent.type(within(dialog).getByLabelText('Contact name'), 'John Phiri');
    await userEvent.type(within(dialog).getByLabelText('Contact phone'), '0971234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Bad phone')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen[1]).toMatchObject({
      method: 'PUT',
      url: `/api/users/${USER_ID}`,
      body: {
        name: 'Mary Phiri',
        email: 'mary.phiri@example.org',
        date_of_birth: '1990-04-12',
        emergency_contact_name: 'John Phiri',
        emergency_contact_phone: '0971234567',
      },
    });
  });
});

describe('ManageRolesDialog', () => {
  it('lists each role and grants a request with its note, naming the linked student record', async () => {
    const seen = stubApi((method, url) => {
      if (method === 'POST')
        return json({
          request: makeRequest({ status: 'granted' }),
          linked_student: { id: 's1', full_name: 'Chanda Mulenga' },
        });
      return url === '/api/users/roles' ? json(ROLE_SUMMARY) : json(requestsOf([makeRequest()]));
    });
    show(<ManageRolesDialog canManage onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Manage Roles' });
    expect(await within(dialog).findByText('Deputy Manager')).toBeTruthy();
    expect(within(dialog).getByText('1 account (1 active)')).toBeTruthy();
    const request = await within(dialog).findByRole('article', { name: 'Chanda Mulenga' });
    expect(within(request).getByText('chanda@example.org')).toBeTruthy();
    expect(within(request).getByText('Student')).toBeTruthy();
    expect(within(request).getByText('Asked on 02/03/2026')).toBeTruthy();
    await userEvent.type(within(request).getByLabelText('Note (optional)'), 'Matches her student record');
    await userEvent.click(within(request).getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Linked to student record Chanda Mulenga')).toBeTruthy();
    expect(seen.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: `/api/role-requests/${REQUEST_ID}/grant`,
      body: { note: 'Matches her student record' },
    });
  });

  it("says 'No pending role requests.' when none wait", async () => {
    stubApi((_method, url) => (url === '/api/users/roles' ? json(ROLE_SUMMARY) : json(requestsOf([]))));
    show(<ManageRolesDialog canManage onClose={vi.fn()} />);
    expect(await screen.findByText('No pending role requests.')).toBeTruthy();
  });
});

describe('Send password reset', () => {
  it("asks first, posts, and toasts the server's message", async () => {
    const seen = stubApi((method, url) => {
      if (method === 'POST') return json({ message: 'A password reset email has been sent to Mary.' });
      return url.startsWith('/api/role-requests') ? json(requestsOf([])) : json(listOf([MARY]));
    });
    renderWithClient(
      <>
        <UsersPage />
        <Toaster />
      </>,
      '/users',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send password reset to Mary Phiri' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Send password reset' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('A password reset email has been sent to Mary.')).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/users/${USER_ID}/password-reset`,
    ]);
  });
});
