import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import type { DirectoryUser, UserListResponse } from '../../../contracts/users';
import { permissionsOf } from '../../../domain/role-permissions';
import { USER_MESSAGES as M } from '../../../domain/users';
import { sessions, users } from '../../db/schema';
import { accessMatrix, expectAccess, fromRole } from '../../testing/access-matrix';
import { errorOf, json, UNKNOWN_ID } from '../../testing/factories';
import { tokenInMail } from '../../testing/test-app';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001', 'USR001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const send = (as: string, method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: tokens[as] ?? as, body });
let serial = 0;
/** A staff account of its own for a test that changes it, signed in. */
async function account(role: DirectoryUser['role'] = 'program_officer') {
  const staffId = `ACC${++serial}`;
  const row = await t.createUser({ staffId, role, name: `Account ${serial}` });
  return { id: row.id, staffId, token: await t.signIn(staffId) };
}

describe('who reaches User Management', () => {
  it('deputy managers and admins read; only admins change; role requests are admin-only', async () => {
    const id = await t.userId('USR001');
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/users', statuses: fromRole('deputy_manager', 200) },
        { route: 'GET /api/users/roles', statuses: fromRole('deputy_manager', 200) },
        { route: `GET /api/users/${id}`, statuses: fromRole('deputy_manager', 200) },
        { route: `GET /api/users/${UNKNOWN_ID}`, statuses: fromRole('deputy_manager', 404) },
        { route: 'POST /api/users', body: {}, statuses: fromRole('admin', 400) },
        { route: `GET /api/users/${id}/history`, statuses: fromRole('admin', 200) },
        { route: `GET /api/users/${UNKNOWN_ID}/history`, statuses: fromRole('admin', 404) },
        {
          route: `PUT /api/users/${UNKNOWN_ID}`,
          body: { name: 'X', email: 'x@example.org' },
          statuses: fromRole('admin', 404),
        },
        {
          route: `POST /api/users/${UNKNOWN_ID}/role`,
          body: { role: 'user' },
          statuses: fromRole('admin', 404),
        },
        { route: `POST /api/users/${UNKNOWN_ID}/activate`, statuses: fromRole('admin', 404) },
        { route: `POST /api/users/${UNKNOWN_ID}/deactivate`, statuses: fromRole('admin', 404) },
        { route: `POST /api/users/${UNKNOWN_ID}/password-reset`, statuses: fromRole('admin', 404) },
        { route: 'GET /api/role-requests', statuses: fromRole('admin', 200) },
        { route: `POST /api/role-requests/${UNKNOWN_ID}/grant`, body: {}, statuses: fromRole('admin', 404) },
        {
          route: `POST /api/role-requests/${UNKNOWN_ID}/decline`,
          body: {},
          statuses: fromRole('admin', 404),
        },
      ]),
    );
  });

  it('refuses a deputy manager and a program officer who try the admin routes by hand, changing nothing', async () => {
    const usr = await t.userId('USR001');
    for (const as of ['DPM001', 'PO001', 'USR001']) {
      expect((await send(as, 'POST', `/api/users/${usr}/role`, { role: 'admin' })).status).toBe(403);
      expect((await send(as, 'POST', `/api/users/${usr}/deactivate`)).status).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, usr));
    expect(row).toMatchObject({ role: 'user', isActive: true });
  });
});

describe('the directory', () => {
  it('lists every account with its profile, permissions and the six tile counts', async () => {
    const res = await send('DPM001', 'GET', '/api/users?pageSize=50');
    expect(res.status).toBe(200);
    const body = await json<UserListResponse>(res);
    const adm = body.items.find((u) => u.staff_id === 'ADM001')!;
    expect(adm).toMatchObject({
      name: 'Mutale Bwalya',
      role: 'admin',
      is_active: true,
      sign_in: 'staff',
      phone_number: '+260971100201',
      address: 'Plot 14, Kabulonga Road, Lusaka',
      date_of_birth: '1984-05-12',
      emergency_contact_name: 'Chanda Bwalya',
      emergency_contact_relationship: 'Spouse',
      invitation_pending: false,
      pending_role_request: null,
    });
    expect(adm.permissions).toEqual(permissionsOf('admin'));
    expect(adm.last_login).not.toBeNull();
    const all = await t.database.db.select().from(users);
    const countOf = (f: (u: (typeof all)[number]) => boolean) => all.filter(f).length;
    expect(body.counts).toEqual({
      admins: countOf((u) => u.role === 'admin'),
      officers: countOf((u) => u.role === 'program_officer'),
      managers: countOf((u) => u.role === 'deputy_manager'),
      students: countOf((u) => u.role === 'student'),
      active: countOf((u) => u.isActive),
      inactive: countOf((u) => !u.isActive),
    });
    expect(body.total).toBe(all.length);
    expect(body.items.map((u) => u.name)).toEqual(
      [...body.items.map((u) => u.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it('searches names, staff IDs, emails and departments, and filters by role and status', async () => {
    const ids = async (query: string) =>
      (await json<UserListResponse>(await send('ADM001', 'GET', `/api/users?${query}`))).items.map(
        (u) => u.staff_id,
      );
    expect(await ids('q=Tembo')).toEqual(['PO001']);
    expect(await ids('q=dpm001%40demo')).toEqual(['DPM001']);
    expect(await ids('q=po')).toEqual(expect.arrayContaining(['PO001', 'PO002']));
    expect(await ids('role=program_officer&q=Zulu')).toEqual(['PO002']);
    expect(await ids('role=student')).toEqual(['STU001']);
    const inactive = await account('user');
    await send('ADM001', 'POST', `/api/users/${inactive.id}/deactivate`);
    expect(await ids('status=inactive')).toEqual([inactive.staffId]);
    expect(await ids('status=active')).not.toContain(inactive.staffId);
    const bad = await send('ADM001', 'GET', '/api/users?role=wizard&status=gone');
    expect(bad.status).toBe(400);
  });
});

describe('admin actions', () => {
  it("changes a role, which the account's live session follows at its next request", async () => {
    const officer = await account('user');
    expect((await t.request('GET', '/api/students', { token: officer.token })).status).toBe(403);
    const res = await send('ADM001', 'POST', `/api/users/${officer.id}/role`, { role: 'program_officer' });
    expect(res.status).toBe(200);
    expect((await json<DirectoryUser>(res)).permissions).toEqual(permissionsOf('program_officer'));
    expect((await t.request('GET', '/api/students', { token: officer.token })).status).toBe(200);
    const back = await send('ADM001', 'POST', `/api/users/${officer.id}/role`, { role: 'user' });
    expect(back.status).toBe(200);
    expect((await t.request('GET', '/api/students', { token: officer.token })).status).toBe(403);
  });

  it('refuses an admin changing their own role or deactivating themselves (409)', async () => {
    const me = await t.userId('ADM001');
    const demote = await send('ADM001', 'POST', `/api/users/${me}/role`, { role: 'deputy_manager' });
    expect(demote.status).toBe(409);
    expect((await errorOf(demote)).error).toBe(M.ownRole);
    const off = await send('ADM001', 'POST', `/api/users/${me}/deactivate`);
    expect(off.status).toBe(409);
    expect((await errorOf(off)).error).toBe(M.ownDeactivation);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
  });

  it('keeps the last active admin: of two admins demoting each other at once, one stays admin', async () => {
    const a = await account('admin');
    const b = await account('admin');
    // ADM001 leaves the stage so that a and b are the only active admins.
    const adm = await t.userId('ADM001');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, adm));
    try {
      const answers = await Promise.all([
        t.request('POST', `/api/users/${b.id}/role`, { token: a.token, body: { role: 'user' } }),
        t.request('POST', `/api/users/${a.id}/deactivate`, { token: b.token }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      // The other is refused: by the last-admin rule, or, when the first change ended its sender's
      // sessions before its own session was looked up, as signed out.
      expect([401, 403, 409]).toContain(statuses[1]);
      const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins.filter((u) => u.isActive)).toHaveLength(1);
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, adm));
    }
  });

  it('the last active admin cannot demote themselves', async () => {
    const other = await account('admin');
    const adm = await t.userId('ADM001');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, adm));
    try {
      // The only active admin is `other`: nobody else may act, and it may not demote itself.
      const res = await t.request('POST', `/api/users/${other.id}/role`, {
        token: other.token,
        body: { role: 'user' },
      });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).error).toBe(M.ownRole);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
      expect(row!.role).toBe('admin');
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, adm));
      await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, other.id));
    }
  });

  it('deactivates: live sessions end at once, and the next sign-in says Account Inactive; activating lets them back', async () => {
    const po = await account('program_officer');
    const res = await send('ADM001', 'POST', `/api/users/${po.id}/deactivate`);
    expect(res.status).toBe(200);
    expect((await json<DirectoryUser>(res)).is_active).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, po.id))).toEqual([]);
    expect((await t.request('GET', '/api/me', { token: po.token })).status).toBe(401);
    const login = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: po.staffId, password: 'Demo#2026' },
    });
    expect(login.status).toBe(403);
    expect(await json(login)).toMatchObject({ error: AUTH_MESSAGES.inactive, code: 'account_inactive' });
    expect((await send('ADM001', 'POST', `/api/users/${po.id}/activate`)).status).toBe(200);
    expect(
      (
        await t.request('POST', '/api/staff-auth/login', {
          body: { staffId: po.staffId, password: 'Demo#2026' },
        })
      ).status,
    ).toBe(200);
  });

  it('edits the profile fields, refusing bad input and a taken email without changing anything', async () => {
    const po = await account();
    const body = {
      name: 'Renamed Officer',
      email: `${po.staffId.toLowerCase()}@test.example`,
      phone_number: '0977 123 456',
      address: 'Plot 2, Cairo Road',
      date_of_birth: '1991-04-01',
      department: 'Student Support',
      emergency_contact_name: 'Ruth',
      emergency_contact_phone: '+260966000111',
      emergency_contact_relationship: 'Sister',
    };
    const res = await send('ADM001', 'PUT', `/api/users/${po.id}`, body);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ...body, phone_number: '+260977123456' });
    const bad = await send('ADM001', 'PUT', `/api/users/${po.id}`, {
      ...body,
      date_of_birth: '1991-02-30',
      phone_number: 'call me',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual(['date_of_birth', 'phone_number']);
    const taken = await send('ADM001', 'PUT', `/api/users/${po.id}`, {
      ...body,
      email: 'adm001@demo.chl.org.zm',
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).error).toBe(M.emailTaken);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, po.id));
    expect(row).toMatchObject({ name: 'Renamed Officer', phoneNumber: '+260977123456' });
    const history = await json<{ items: Array<{ action: string; changes: unknown }> }>(
      await send('ADM001', 'GET', `/api/users/${po.id}/history`),
    );
    const edit = history.items.find((e) => e.action === 'account.updated');
    expect(JSON.stringify(edit?.changes)).toContain('Renamed Officer');
  });

  it('refuses a birth date after today, on the admin edit and on My Profile, changing nothing', async () => {
    const po = await account();
    const profile = { date_of_birth: '2026-03-17' };
    const admin = await send('ADM001', 'PUT', `/api/users/${po.id}`, {
      ...profile,
      name: 'Account',
      email: `${po.staffId.toLowerCase()}@test.example`,
    });
    const own = await t.request('PUT', '/api/me/profile', { token: po.token, body: profile });
    for (const res of [admin, own]) {
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        error: 'Date of birth cannot be in the future',
        fields: { date_of_birth: 'Date of birth cannot be in the future' },
      });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, po.id));
    expect(row?.dateOfBirth).toBeNull();
    // Today itself (16 March in Lusaka) is a birth date that can be.
    const today = await t.request('PUT', '/api/me/profile', {
      token: po.token,
      body: { date_of_birth: '2026-03-16' },
    });
    expect(today.status).toBe(200);
  });

  it('sends a password reset email whose link sets a new password', async () => {
    const po = await account();
    const res = await send('ADM001', 'POST', `/api/users/${po.id}/password-reset`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: M.resetSent });
    const mail = await t.mailTo(`${po.staffId.toLowerCase()}@test.example`);
    const token = tokenInMail(mail, '/reset-password');
    const reset = await t.request('POST', '/api/staff-auth/reset-password', {
      body: { token, newPassword: 'Fresh#Start9' },
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await t.request('POST', '/api/staff-auth/login', {
          body: { staffId: po.staffId, password: 'Fresh#Start9' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('Add User', () => {
  it('makes the account without a password and emails an invitation that sets one, once', async () => {
    const res = await send('ADM001', 'POST', '/api/users', {
      staff_id: 'new007',
      email: 'New.Officer@Example.org',
      name: 'New Officer',
      role: 'program_officer',
      department: 'Student Support',
    });
    expect(res.status).toBe(201);
    const created = await json<DirectoryUser & Record<string, unknown>>(res);
    expect(created).toMatchObject({
      staff_id: 'NEW007',
      email: 'new.officer@example.org',
      invitation_pending: true,
      created_by_name: 'Mutale Bwalya',
    });
    // D18: no secret in any answer.
    expect(JSON.stringify(created)).not.toMatch(/token/i);
    const early = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'NEW007', password: 'anything' },
    });
    expect(early.status).toBe(401);
    const token = tokenInMail(await t.mailTo('new.officer@example.org'), '/accept-invitation');
    const short = await t.request('POST', '/api/staff-auth/accept-invitation', {
      body: { token, newPassword: 'abc' },
    });
    expect(short.status).toBe(400);
    const accepted = await t.request('POST', '/api/staff-auth/accept-invitation', {
      body: { token, newPassword: 'Chosen#Pass1' },
    });
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toEqual({ message: M.invitationAccepted });
    const again = await t.request('POST', '/api/staff-auth/accept-invitation', {
      body: { token, newPassword: 'Other#Pass2' },
    });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).error).toBe(M.badInvitation);
    const login = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'NEW007', password: 'Chosen#Pass1' },
    });
    expect(login.status).toBe(200);
    const session = (await json<{ session_token: string }>(login)).session_token;
    expect((await t.request('GET', '/api/students', { token: session })).status).toBe(200);
  });

  it('refuses a taken staff ID or email with its words, and bad input field by field', async () => {
    const taken = await send('ADM001', 'POST', '/api/users', {
      staff_id: 'po001',
      email: 'x@example.org',
      name: 'X',
      role: 'user',
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).error).toBe(M.staffIdTaken);
    const email = await send('ADM001', 'POST', '/api/users', {
      staff_id: 'ZZ9',
      email: 'PO001@demo.chl.org.zm',
      name: 'X',
      role: 'user',
    });
    expect(email.status).toBe(409);
    expect((await errorOf(email)).error).toBe(M.emailTaken);
    const bad = await send('ADM001', 'POST', '/api/users', {
      staff_id: 'a b',
      email: 'nope',
      name: ' ',
      role: 'king',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual([
      'email',
      'name',
      'role',
      'staff_id',
    ]);
    expect(await t.database.db.select().from(users).where(eq(users.staffId, 'ZZ9'))).toEqual([]);
  });

  it('answers a forged or expired invitation the same way', async () => {
    const res = await t.request('POST', '/api/staff-auth/accept-invitation', {
      body: { token: 'forged', newPassword: 'Chosen#Pass1' },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error).toBe(M.badInvitation);
  });
});
