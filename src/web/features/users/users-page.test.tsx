// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DirectoryUser } from '../../../contracts/users';
import { USER_MESSAGES } from '../../../domain/users';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import {
  json,
  listOf,
  ME,
  makeRequest,
  makeUser,
  ROLE_SUMMARY,
  renderWithClient,
  requestsOf,
  stubApi,
  USER_ID,
} from './test-support';
import { UsersPage } from './users-page';

const session = vi.hoisted(() => ({ user: { id: 'me', role: 'admin' } }));
vi.mock('../../lib/session', () => ({
  useCurrentUser: () => session.user,
  useAuth: () => ({ refresh: async () => {} }),
}));

cleanAfterEach();

const MARY = makeUser();

/** The API as the page meets it: the list, the pending requests, the roles; changes answer the account. */
function stubUsers(users: DirectoryUser[] = [MARY, ME], changed: DirectoryUser = MARY) {
  return stubApi((method, url) => {
    if (method !== 'GET') return json(changed);
    if (url.startsWith('/api/role-requests')) return json(requestsOf([makeRequest()]));
    if (url === '/api/users/roles') return json(ROLE_SUMMARY);
    return json(listOf(users));
  });
}

async function showPage(path = '/users') {
  renderWithClient(
    <>
      <UsersPage />
      <Toaster />
    </>,
    path,
  );
  return screen.findByRole('list', { name: 'User list' });
}

const cardOf = (list: HTMLElement, name = MARY.name) => within(list).getByRole('article', { name });

describe('UsersPage', () => {
  it('shows the title, the six tiles with their counts and a card as the spec says', async () => {
    session.user = { id: ME.id, role: 'admin' };
    stubUsers([
      makeUser({
        invitation_pending: true,
        pending_role_request: { ...makeRequest(), role: 'deputy_manager' },
      }),
    ]);
    const card = cardOf(await showPage());
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeTruthy();
    expect(screen.getByText('Manage system users and permissions')).toBeTruthy();
    const tiles = screen.getByRole('region', { name: 'Users by role and status' });
    const figures = within(tiles)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(figures).toEqual(['Admins2', 'Officers5', 'Managers1', 'Students9', 'Active15', 'Inactive2']);
    for (const text of [
      'MP',
      'Programmes',
      'program officer',
      'Active',
      'Invitation pending',
      'Requested: deputy manager',
      'mary.phiri@example.org',
      '+260971234567',
      'Plot 12, Kabulonga, Lusaka',
      'Last login: Never',
      '2 permissions',
      'Created 10/01/2026',
      'ID: PO001',
    ])
      expect(within(card).getByText(text)).toBeTruthy();
  });

  it('sends the search and filters from the address, and a changed filter or a tile asks again', async () => {
    session.user = { id: ME.id, role: 'admin' };
    const seen = stubUsers();
    await showPage('/users?q=mary&role=program_officer&status=active');
    const lists = () => seen.filter((c) => c.url.startsWith('/api/users?')).map((c) => c.url);
    expect(lists()[0]).toBe('/api/users?q=mary&role=program_officer&status=active&page=1&pageSize=24');
    expect(screen.getByPlaceholderText('Search users...')).toBeTruthy();
    const roleFilter = screen.getByRole('combobox', { name: 'Role' });
    expect(
      within(roleFilter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Roles', 'Admin', 'Program Officer', 'Deputy Manager', 'Student', 'User']);
    await userEvent.selectOptions(roleFilter, 'user');
    await waitFor(() =>
      expect(lists()).toContain('/api/users?q=mary&role=user&status=active&page=1&pageSize=24'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await userEvent.click(screen.getByRole('button', { name: /^Admins/ }));
    await waitFor(() => expect(lists()).toContain('/api/users?q=mary&role=admin&page=1&pageSize=24'));
    expect(screen.getByRole('button', { name: /^Admins/, pressed: true })).toBeTruthy();
  });

  it("opens Manage Roles at the pending requests from the bell's link (?requests=open)", async () => {
    session.user = { id: ME.id, role: 'admin' };
    stubUsers();
    // The dialog is modal: the page behind it is hidden from the accessibility tree.
    renderWithClient(<UsersPage />, '/users?requests=open');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Roles' });
    expect(await within(dialog).findByText('Pending role requests')).toBeTruthy();
  });

  it('shows a deputy manager no admin actions and Manage Roles read-only, asking for no requests', async () => {
    session.user = { id: 'dpm', role: 'deputy_manager' };
    const seen = stubUsers();
    const card = cardOf(await showPage());
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(within(card).getByRole('button', { name: `View details of ${MARY.name}` })).toBeTruthy();
    for (const name of ['Change role of', 'Deactivate', 'Edit', 'Send password reset to'])
      expect(within(card).queryByRole('button', { name: new RegExp(`^${name}`) })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Roles' });
    expect(await within(dialog).findByText('Admin')).toBeTruthy();
    expect(within(dialog).getByText('2 accounts (2 active)')).toBeTruthy();
    expect(within(dialog).queryByText('Pending role requests')).toBeNull();
    expect(seen.some((c) => c.url.startsWith('/api/role-requests'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(card).getByRole('button', { name: `View details of ${MARY.name}` }));
    const details = await screen.findByRole('dialog', { name: 'User Details' });
    expect(within(details).queryByRole('button', { name: 'Edit' })).toBeNull();
    // The account's history (sign-ins included) is the admins'.
    expect(within(details).queryByRole('tab', { name: 'History' })).toBeNull();
  });

  it("gives an admin every action, the pending count on Manage Roles, and hides role and deactivation on the admin's own card", async () => {
    session.user = { id: ME.id, role: 'admin' };
    stubUsers();
    const list = await showPage();
    const mary = cardOf(list);
    for (const name of [
      `Change role of ${MARY.name}`,
      `Deactivate ${MARY.name}`,
      `Edit ${MARY.name}`,
      `Send password reset to ${MARY.name}`,
    ]) {
      const button = within(mary).getByRole('button', { name });
      expect(button.getAttribute('title')).toBe(name);
    }
    const mine = cardOf(list, ME.name);
    expect(within(mine).queryByRole('button', { name: /^Change role/ })).toBeNull();
    expect(within(mine).queryByRole('button', { name: /^Deactivate/ })).toBeNull();
    expect(within(mine).getByRole('button', { name: `Edit ${ME.name}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Manage Roles 1 pending role request' })).toBeTruthy();
  });

  it('deactivates only after confirming, and says so', async () => {
    session.user = { id: ME.id, role: 'admin' };
    const seen = stubUsers(undefined, { ...MARY, is_active: false });
    const card = cardOf(await showPage());
    await userEvent.click(within(card).getByRole('button', { name: `Deactivate ${MARY.name}` }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate user' });
    expect(
      within(confirm).getByText(
        'Deactivate Mary Phiri? They are signed out at once and cannot sign in until an admin activates the account again.',
      ),
    ).toBeTruthy();
    expect(seen.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(seen.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        `/api/users/${USER_ID}/deactivate`,
      ]),
    );
    expect(await screen.findByText('Mary Phiri has been deactivated.')).toBeTruthy();
  });

  it("activates at once, and toasts the server's refusal of a deactivation", async () => {
    session.user = { id: ME.id, role: 'admin' };
    const admin = makeUser({ id: 'other-admin', name: 'Last Admin', role: 'admin' });
    const seen = stubApi((method, url) => {
      if (url.endsWith('/deactivate')) return json({ error: USER_MESSAGES.lastAdmin }, 409);
      if (method === 'POST') return json(MARY);
      return json(listOf([{ ...MARY, is_active: false }, admin]));
    });
    const list = await showPage();
    await userEvent.click(within(cardOf(list)).getByRole('button', { name: `Activate ${MARY.name}` }));
    expect(await screen.findByText('Mary Phiri has been activated.')).toBeTruthy();
    expect(seen.some((c) => c.method === 'POST' && c.url === `/api/users/${USER_ID}/activate`)).toBe(true);
    await userEvent.click(
      within(cardOf(list, 'Last Admin')).getByRole('button', { name: 'Deactivate Last Admin' }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await screen.findByText(USER_MESSAGES.lastAdmin)).toBeTruthy();
  });

  it('shows User Details with its sections and fallbacks, and the admin actions at its foot', async () => {
    session.user = { id: ME.id, role: 'admin' };
    stubUsers([makeUser({ phone_number: null, address: null })]);
    const card = cardOf(await showPage());
    await userEvent.click(within(card).getByRole('button', { name: `View details of ${MARY.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    const personal = within(dialog).getByRole('region', { name: 'Personal Information' });
    expect(within(personal).getAllByText('Not provided')).toHaveLength(2);
    expect(within(personal).getByText('12/04/1990')).toBeTruthy();
    expect(within(dialog).getByText('No emergency contact provided')).toBeTruthy();
    const system = within(dialog).getByRole('region', { name: 'System Information' });
    expect(within(system).getByText(USER_ID)).toBeTruthy();
    expect(within(system).getByText('PO001')).toBeTruthy();
    expect(within(system).getByText('Never')).toBeTruthy();
    const permissions = within(dialog).getByRole('region', { name: 'Permissions (2)' });
    expect(within(permissions).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByRole('tab', { name: 'History' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    const role = await screen.findByRole('dialog', { name: 'Change Role' });
    expect(screen.queryByRole('dialog', { name: 'User Details' })).toBeNull();
    await userEvent.click(within(role).getByRole('button', { name: 'Cancel' }));
    // Back to the details, and from them back to the card's eye that opened them.
    await screen.findByRole('dialog', { name: 'User Details' });
    await userEvent.keyboard('{Escape}');
    const eye = within(card).getByRole('button', { name: `View details of ${MARY.name}` });
    await waitFor(() => expect(document.activeElement).toBe(eye));
  });

  it("says 'No users found matching your criteria.' when nothing matches", async () => {
    session.user = { id: ME.id, role: 'admin' };
    stubUsers([]);
    renderWithClient(<UsersPage />, '/users?q=nobody');
    expect(await screen.findByText('No users found matching your criteria.')).toBeTruthy();
  });

  it('shows the error with Retry when the list cannot be loaded', async () => {
    session.user = { id: ME.id, role: 'admin' };
    stubApi(() => json({ error: 'Database unavailable' }, 503));
    renderWithClient(<UsersPage />, '/users');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
