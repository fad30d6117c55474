import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type { MyProfile, RoleDecisionResponse, RoleRequestListResponse } from '../../../contracts/users';
import { USER_MESSAGES as M } from '../../../domain/users';
import { roleRequests, sessions, students, users } from '../../db/schema';
import { errorOf, json } from '../../testing/factories';
import { tokenInMail } from '../../testing/test-app';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'USR001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const send = (token: string, method: string, path: string, body?: unknown) =>
  t.request(method, path, { token, body });

/** Registers a newcomer asking for `role`, verifies the email from the mail, signs in. */
async function newcomer(staffId: string, role: string, email = `${staffId.toLowerCase()}@example.org`) {
  const res = await t.request('POST', '/api/staff-auth/register', {
    body: { staffId, email, password: 'Newcomer#1', name: `Newcomer ${staffId}`, role },
  });
  expect(res.status).toBe(201);
  const token = tokenInMail(await t.mailTo(email.toLowerCase()), '/verify-email');
  expect((await t.request('POST', '/api/staff-auth/verify-email', { body: { token } })).status).toBe(200);
  return {
    email: email.toLowerCase(),
    token: await t.signIn(staffId, 'Newcomer#1'),
    id: await t.userId(staffId),
  };
}

const pendingOf = async (userId: string) => {
  const list = await json<RoleRequestListResponse>(await send(tokens.ADM001!, 'GET', '/api/role-requests'));
  return list.items.find((r) => r.user_id === userId);
};

describe('role requests', () => {
  it("a registration asking for program_officer waits in the admins' bell; granted, the newcomer reaches /students", async () => {
    const n = await newcomer('NEWPO1', 'program_officer');
    expect((await send(n.token, 'GET', '/api/students')).status).toBe(403);
    const request = await pendingOf(n.id);
    expect(request).toMatchObject({
      role: 'program_officer',
      status: 'pending',
      current_role: 'user',
      user_staff_id: 'NEWPO1',
    });

    const bell = await json<NotificationsResponse>(await send(tokens.ADM001!, 'GET', '/api/notifications'));
    expect(JSON.stringify(bell)).toContain('Newcomer NEWPO1 asks to be Program Officer');
    const dpmBell = await json<NotificationsResponse>(
      await send(tokens.DPM001!, 'GET', '/api/notifications'),
    );
    expect(JSON.stringify(dpmBell)).not.toContain('asks to be');

    const res = await send(tokens.ADM001!, 'POST', `/api/role-requests/${request!.id}/grant`, {
      note: 'Welcome aboard',
    });
    expect(res.status).toBe(200);
    const decided = await json<RoleDecisionResponse>(res);
    expect(decided.request).toMatchObject({
      status: 'granted',
      note: 'Welcome aboard',
      decided_by_name: 'Mutale Bwalya',
    });
    expect(decided.linked_student).toBeNull();
    expect((await send(n.token, 'GET', '/api/students')).status).toBe(200);

    const mail = await t.mailTo(n.email, 2);
    expect(mail.subject).toBe('Your role request was granted');
    expect(mail.text).toContain('Welcome aboard');
    const profile = await json<MyProfile>(await send(n.token, 'GET', '/api/me/profile'));
    expect(profile.role).toBe('program_officer');
    expect(profile.latest_role_request).toMatchObject({ role: 'program_officer', status: 'granted' });

    const twice = await send(tokens.ADM001!, 'POST', `/api/role-requests/${request!.id}/decline`, {});
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).error).toBe(M.requestDecided);
  });

  it('declines with a note: the role stays, the requester is emailed and sees the outcome', async () => {
    const n = await newcomer('NEWADM', 'admin');
    const request = await pendingOf(n.id);
    const res = await send(tokens.ADM001!, 'POST', `/api/role-requests/${request!.id}/decline`, {
      note: 'Ask your manager first',
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, n.id));
    expect(row!.role).toBe('user');
    const mail = await t.mailTo(n.email, 2);
    expect(mail.subject).toBe('Your role request was declined');
    expect(mail.text).toContain('Ask your manager first');
    const profile = await json<MyProfile>(await send(n.token, 'GET', '/api/me/profile'));
    expect(profile.latest_role_request).toMatchObject({ status: 'declined', note: 'Ask your manager first' });
  });

  it('granting student links the account to the student record with its email', async () => {
    await t.database.db.insert(students).values({
      firstName: 'Mwila',
      lastName: 'Chanda',
      fullName: 'Mwila Chanda',
      email: 'mwila.chanda@students.example',
    });
    const n = await newcomer('STU777', 'student', 'Mwila.Chanda@students.example');
    const request = await pendingOf(n.id);
    const decided = await json<RoleDecisionResponse>(
      await send(tokens.ADM001!, 'POST', `/api/role-requests/${request!.id}/grant`, {}),
    );
    expect(decided.linked_student).toMatchObject({ full_name: 'Mwila Chanda' });
    const mine = await json<{ student: { full_name: string } | null }>(
      await send(n.token, 'GET', '/api/dashboard/mine'),
    );
    expect(mine.student?.full_name).toBe('Mwila Chanda');
  });

  it('a new request from the profile replaces a pending one; asking for the role held is refused', async () => {
    const usr = await t.userId('USR001');
    const first = await send(tokens.USR001!, 'POST', '/api/me/role-request', { role: 'deputy_manager' });
    expect(first.status).toBe(201);
    const second = await send(tokens.USR001!, 'POST', '/api/me/role-request', { role: 'program_officer' });
    expect(second.status).toBe(201);
    expect((await json<MyProfile>(second)).latest_role_request).toMatchObject({
      role: 'program_officer',
      status: 'pending',
    });
    const rows = await t.database.db.select().from(roleRequests).where(eq(roleRequests.userId, usr));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'replaced']);
    const same = await send(tokens.USR001!, 'POST', '/api/me/role-request', { role: 'user' });
    expect(same.status).toBe(409);
    expect((await errorOf(same)).error).toBe(M.sameRole);
    const bad = await send(tokens.USR001!, 'POST', '/api/me/role-request', { role: 'emperor' });
    expect(bad.status).toBe(400);
  });

  it('an admin setting the role directly answers the pending request', async () => {
    const n = await newcomer('NEWDM', 'deputy_manager');
    await send(tokens.ADM001!, 'POST', `/api/users/${n.id}/role`, { role: 'program_officer' });
    const [row] = await t.database.db.select().from(roleRequests).where(eq(roleRequests.userId, n.id));
    expect(row).toMatchObject({ status: 'declined', decidedByName: 'Mutale Bwalya' });
    expect(await pendingOf(n.id)).toBeUndefined();
  });
});

describe('my profile', () => {
  it('every user reads and edits their own contact details and emergency contact', async () => {
    const body = {
      phone_number: '+260 97 765 4321',
      address: 'Chilenje South, Lusaka',
      date_of_birth: '1995-08-14',
      department: 'Outreach',
      emergency_contact_name: 'Memory Phiri',
      emergency_contact_phone: '0966 112 233',
      emergency_contact_relationship: 'Mother',
    };
    const res = await send(tokens.USR001!, 'PUT', '/api/me/profile', body);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      ...body,
      phone_number: '+260977654321',
      emergency_contact_phone: '+260966112233',
    });
    const cleared = await send(tokens.USR001!, 'PUT', '/api/me/profile', { department: '' });
    expect(await json(cleared)).toMatchObject({
      department: null,
      phone_number: null,
      emergency_contact_name: null,
    });
    const bad = await send(tokens.USR001!, 'PUT', '/api/me/profile', { date_of_birth: 'yesterday' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toHaveProperty('date_of_birth');
    expect((await t.request('GET', '/api/me/profile')).status).toBe(401);
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const n = await newcomer('PWD001', 'user');
    const other = await t.signIn('PWD001', 'Newcomer#1');
    const wrong = await send(n.token, 'POST', '/api/me/password', {
      current_password: 'nope',
      new_password: 'Second#Pass2',
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ current_password: M.wrongPassword });
    const res = await send(n.token, 'POST', '/api/me/password', {
      current_password: 'Newcomer#1',
      new_password: 'Second#Pass2',
    });
    expect(res.status).toBe(200);
    expect((await send(n.token, 'GET', '/api/me')).status).toBe(200);
    expect((await send(other, 'GET', '/api/me')).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, n.id))).toHaveLength(1);
    expect(
      (
        await t.request('POST', '/api/staff-auth/login', {
          body: { staffId: 'PWD001', password: 'Second#Pass2' },
        })
      ).status,
    ).toBe(200);
  });
});
