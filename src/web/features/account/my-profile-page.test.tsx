// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyProfile } from '../../../contracts/users';
import { USER_MESSAGES } from '../../../domain/users';
import { Toaster } from '../../components/ui';
import { json, renderWithClient, stubApi } from '../../testing/api-stub';
import { MyProfilePage } from './my-profile-page';

const session = vi.hoisted(() => ({ refresh: vi.fn(() => Promise.resolve()) }));
vi.mock('../../lib/session', () => ({ useAuth: () => ({ user: null, refresh: session.refresh }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.refresh.mockClear();
});

const makeProfile = (overrides: Partial<MyProfile> = {}): MyProfile => ({
  id: 'u1',
  name: 'Chanda Mwale',
  staff_id: 'CHL-014',
  email: 'chanda@example.org',
  role: 'user',
  department: 'Outreach',
  phone_number: '+260971234567',
  address: 'Plot 12, Kabulonga, Lusaka',
  date_of_birth: '1994-05-17',
  emergency_contact_name: 'Mary Mwale',
  emergency_contact_phone: '+260961112233',
  emergency_contact_relationship: 'Mother',
  is_active: true,
  sign_in: 'staff',
  invitation_pending: false,
  email_verified: true,
  last_login: null,
  created_at: '2026-01-05T08:00:00Z',
  updated_at: '2026-01-05T08:00:00Z',
  created_by_name: null,
  permissions: ['Read the dashboard, announcements, events and the library', 'Post memories'],
  latest_role_request: null,
  ...overrides,
});

const TWO_FACTOR_OFF = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
const NO_TEXTS = { items: [], total: 0, page: 1, pageSize: 20 };

/**
 * Answers GET with `profile` (the two-factor card's status with it off, `texts` for the texts sent
 * to them), and each change with `changes[method url]` (or the profile).
 */
function serve(profile: MyProfile, changes: Record<string, () => Promise<Response>> = {}, texts = NO_TEXTS) {
  return stubApi(
    (method, url) =>
      changes[`${method} ${url}`]?.() ??
      json(
        url === '/api/me/two-factor'
          ? TWO_FACTOR_OFF
          : url.startsWith('/api/sms/messages?')
            ? texts
            : profile,
      ),
  );
}

const showPage = async () => {
  renderWithClient(
    <>
      <MyProfilePage />
      <Toaster />
    </>,
    '/account',
  );
  return screen.findByRole('form', { name: 'Personal Information' });
};

const typedIn = (form: HTMLElement, label: string) =>
  (within(form).getByLabelText(label) as HTMLInputElement).value;

describe('MyProfilePage', () => {
  it('shows the summary and prefills the form from GET /api/me/profile', async () => {
    const seen = serve(makeProfile());
    const form = await showPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Account summary' });
    expect(within(summary).getByRole('heading', { name: 'Chanda Mwale' })).toBeTruthy();
    expect(within(summary).getByText('CM')).toBeTruthy();
    expect(within(summary).getByText('CHL-014')).toBeTruthy();
    expect(within(summary).getByText('Never')).toBeTruthy();
    expect(within(summary).getByText('Permissions (2)')).toBeTruthy();
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    expect(typedIn(form, 'Phone Number')).toBe('+260971234567');
    expect(typedIn(form, 'Address')).toBe('Plot 12, Kabulonga, Lusaka');
    expect(typedIn(form, 'Date of Birth')).toBe('17/05/1994');
    expect(within(form).getByLabelText('Date of Birth').getAttribute('placeholder')).toBe('DD/MM/YYYY');
    expect(typedIn(form, 'Department')).toBe('Outreach');
    expect(within(form).getByRole('group', { name: 'Emergency Contact' })).toBeTruthy();
    expect(typedIn(form, 'Contact Name')).toBe('Mary Mwale');
    expect(typedIn(form, 'Relationship')).toBe('Mother');
    expect(seen.filter((c) => c.url !== '/api/settings/public')).toEqual([
      { method: 'GET', url: '/api/me/profile', body: undefined },
      { method: 'GET', url: '/api/sms/messages?user_id=u1&page=1&pageSize=20', body: undefined },
      { method: 'GET', url: '/api/me/two-factor', body: undefined },
    ]);
    const twoFactor = screen.getByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(twoFactor).findByRole('button', { name: 'Set Up' })).toBeTruthy();
  });

  it('says when the profile could not be loaded, and retries', async () => {
    let fail = true;
    stubApi((_method, url) =>
      fail
        ? json({ error: 'Database unavailable' }, 503)
        : json(url.startsWith('/api/sms/messages?') ? NO_TEXTS : makeProfile()),
    );
    renderWithClient(<MyProfilePage />);
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Personal Information' })).toBeTruthy();
  });

  it('saves the profile with PUT, blanks as null, and says so', async () => {
    const seen = serve(makeProfile());
    const form = await showPage();
    await userEvent.clear(within(form).getByLabelText('Department'));
    await userEvent.clear(within(form).getByLabelText('Relationship'));
    await userEvent.type(within(form).getByLabelText('Relationship'), 'Sister');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(USER_MESSAGES.profileSaved)).toBeTruthy();
    expect(seen.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/me/profile',
        body: {
          phone_number: '+260971234567',
          address: 'Plot 12, Kabulonga, Lusaka',
          date_of_birth: '1994-05-17',
          department: null,
          emergency_contact_name: 'Mary Mwale',
          emergency_contact_phone: '+260961112233',
          emergency_contact_relationship: 'Sister',
        },
      },
    ]);
    expect(session.refresh).toHaveBeenCalled();
  });

  it("shows the server's field message on its field", async () => {
    serve(makeProfile(), {
      'PUT /api/me/profile': () =>
        json({ error: 'Invalid input', fields: { address: 'Address is not accepted' } }, 400),
    });
    const form = await showPage();
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const address = within(form).getByLabelText('Address');
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Address is not accepted')).toBeTruthy();
  });

  it('refuses a bad phone number before sending anything', async () => {
    const seen = serve(makeProfile());
    const form = await showPage();
    await userEvent.clear(within(form).getByLabelText('Phone Number'));
    await userEvent.type(within(form).getByLabelText('Phone Number'), 'call me');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText(/Phone number must be a valid phone number/)).toBeTruthy();
    expect(seen.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('Change Password', () => {
  const passwordForm = () => screen.getByRole('form', { name: 'Change Password' });

  it('blocks passwords that do not match without calling the server', async () => {
    const seen = serve(makeProfile());
    await showPage();
    const form = passwordForm();
    await userEvent.type(within(form).getByLabelText('Current Password'), 'Old#Secret1');
    await userEvent.type(within(form).getByLabelText('New Password'), 'New#Secret1');
    await userEvent.type(within(form).getByLabelText('Confirm New Password'), 'new-secrex');
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('posts the change, says so and clears the fields', async () => {
    const seen = serve(makeProfile(), {
      'POST /api/me/password': () => json({ message: USER_MESSAGES.passwordChanged }),
    });
    await showPage();
    const form = passwordForm();
    await userEvent.type(within(form).getByLabelText('Current Password'), 'Old#Secret1');
    await userEvent.type(within(form).getByLabelText('New Password'), 'New#Secret1');
    await userEvent.type(within(form).getByLabelText('Confirm New Password'), 'New#Secret1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(USER_MESSAGES.passwordChanged)).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/me/password',
        body: { current_password: 'Old#Secret1', new_password: 'New#Secret1' },
      },
    ]);
    await waitFor(() => expect(typedIn(form, 'Current Password')).toBe(''));
    expect(typedIn(form, 'New Password')).toBe('');
    expect(typedIn(form, 'Confirm New Password')).toBe('');
  });

  it('shows a wrong current password on its field', async () => {
    serve(makeProfile(), {
      'POST /api/me/password': () =>
        json({ error: 'Invalid input', fields: { current_password: USER_MESSAGES.wrongPassword } }, 400),
    });
    await showPage();
    const form = passwordForm();
    await userEvent.type(within(form).getByLabelText('Current Password'), 'guess');
    await userEvent.type(within(form).getByLabelText('New Password'), 'New#Secret1');
    await userEvent.type(within(form).getByLabelText('Confirm New Password'), 'New#Secret1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText(USER_MESSAGES.wrongPassword)).toBeTruthy();
  });

  it('is not offered to an account that signs in with Google', async () => {
    serve(makeProfile({ sign_in: 'google', staff_id: null }));
    await showPage();
    expect(screen.queryByRole('form', { name: 'Change Password' })).toBeNull();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in' })).toBeNull();
  });
});

describe('Role', () => {
  it('requests a role other than the current one and shows the pending request', async () => {
    const pending = makeProfile({
      latest_role_request: {
        id: 'r1',
        role: 'program_officer',
        status: 'pending',
        note: null,
        decided_by_name: null,
        decided_at: null,
        created_at: '2026-03-03T09:00:00Z',
      },
    });
    const seen = serve(makeProfile(), { 'POST /api/me/role-request': () => json(pending) });
    await showPage();
    const form = screen.getByRole('form', { name: 'Role' });
    const select = within(form).getByLabelText('Request a Role');
    const offered = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual(['Choose a role', 'Student', 'Program Officer', 'Deputy Manager', 'Admin']);
    await userEvent.selectOptions(select, 'program_officer');
    await userEvent.click(within(form).getByRole('button', { name: 'Request Role' }));
    expect(await screen.findByText(USER_MESSAGES.requestSent)).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/me/role-request', body: { role: 'program_officer' } },
    ]);
    expect(await screen.findByText('You asked for Program Officer on 03/03/2026')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('asks for a choice before sending, and shows a refusal on the select', async () => {
    const seen = serve(makeProfile(), {
      'POST /api/me/role-request': () => json({ error: USER_MESSAGES.sameRole }, 409),
    });
    await showPage();
    const form = screen.getByRole('form', { name: 'Role' });
    await userEvent.click(within(form).getByRole('button', { name: 'Request Role' }));
    expect(await within(form).findByText('Choose the role you are asking for')).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.selectOptions(within(form).getByLabelText('Request a Role'), 'admin');
    await userEvent.click(within(form).getByRole('button', { name: 'Request Role' }));
    expect(await within(form).findByText(USER_MESSAGES.sameRole)).toBeTruthy();
  });

  it('tells who declined the latest request, when, and why', async () => {
    serve(
      makeProfile({
        latest_role_request: {
          id: 'r1',
          role: 'admin',
          status: 'declined',
          note: 'Ask your manager first.',
          decided_by_name: 'Mutale Bwalya',
          decided_at: '2026-03-05T10:00:00Z',
          created_at: '2026-03-03T09:00:00Z',
        },
      }),
    );
    await showPage();
    expect(screen.getByText('You asked for Admin on 03/03/2026')).toBeTruthy();
    expect(screen.getByText('Declined by Mutale Bwalya on 05/03/2026: Ask your manager first.')).toBeTruthy();
  });
});

describe('the texts sent to them', () => {
  it('are listed on their profile once there is one, with how to stop them', async () => {
    const seen = serve(makeProfile(), {}, {
      items: [
        {
          id: 'm1',
          kind: 'allowance_paid',
          to_number: '+260971234567',
          body: 'Your allowance of ZMW 1,000.00 for February 2026 was paid by bank transfer.',
          status: 'delivered',
          failure_reason: null,
          cost: 'ZMW 0.4000',
          created_at: '2026-03-16T08:00:00Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    } as never);
    await showPage();
    const card = await screen.findByRole('region', { name: 'Text messages' });
    expect(within(card).getByText(/Reply STOP to any of them/)).toBeTruthy();
    expect(within(card).getByText(/Your allowance of ZMW 1,000.00/)).toBeTruthy();
    expect(seen.some((r) => r.url === '/api/sms/messages?user_id=u1&page=1&pageSize=20')).toBe(true);
  });

  it('leave the profile as it was when there are none', async () => {
    const seen = serve(makeProfile());
    await showPage();
    await waitFor(() =>
      expect(seen.some((r) => r.url.startsWith('/api/sms/messages?user_id=u1'))).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Text messages' })).toBeNull();
  });
});
