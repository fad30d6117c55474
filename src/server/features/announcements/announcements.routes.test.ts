import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementListResponse } from '../../../contracts/announcements';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type { SearchResponse } from '../../../contracts/search';
import { ANNOUNCEMENT_MESSAGES as M } from '../../../domain/announcements';
import { FILE_MESSAGES } from '../../../domain/student-files';
import { announcementAttachments } from '../../db/schema';
import { storedBytes } from '../../storage/postgres-file-store';
import { accessMatrix, expectAccess, fromRole, signedInOnly } from '../../testing/access-matrix';
import { errorOf, json, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';
import { sendNotificationDigests } from '../notifications/notification-digest';

const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'STU001', 'USR001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

let counter = 0;
const publish = async (as: string, fields: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/announcements', {
    title: `Notice ${++counter}`,
    content: 'The library opens at 08:00 during exams.',
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1000);
  return json<Announcement>(res);
};
const listed = async (as: string, query = '') =>
  (
    await json<AnnouncementListResponse>(await send(as, 'GET', `/api/announcements?pageSize=200${query}`))
  ).items.map((a) => a.id);
const attach = (as: string, id: string, bytes: Uint8Array<ArrayBuffer>, name: string) => {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  return t.app.request(`/api/announcements/${id}/attachments`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
};
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('who reaches Announcements', () => {
  it('every signed-in user reads; program officers and above publish (403 before the body is read)', async () => {
    const body = { title: 'x', content: 'y' };
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/announcements', statuses: signedInOnly(200) },
        { route: 'POST /api/announcements', body: {}, statuses: fromRole('program_officer', 400) },
        { route: `GET /api/announcements/${UNKNOWN_ID}`, statuses: signedInOnly(404) },
        { route: `PUT /api/announcements/${UNKNOWN_ID}`, body, statuses: signedInOnly(404) },
        { route: `DELETE /api/announcements/${UNKNOWN_ID}`, statuses: signedInOnly(404) },
        { route: `POST /api/announcements/${UNKNOWN_ID}/read`, statuses: signedInOnly(404) },
        {
          route: `GET /api/announcements/${UNKNOWN_ID}/attachments/${UNKNOWN_ID}`,
          statuses: signedInOnly(404),
        },
        {
          route: `DELETE /api/announcements/${UNKNOWN_ID}/attachments/${UNKNOWN_ID}`,
          statuses: signedInOnly(404),
        },
      ]),
    );
  });

  it('each audience sees its own: a student never an officers-only notice, by list, id, read or file', async () => {
    const officers = await publish('PO001', { target_audience: 'officers', title: 'Staff meeting' });
    const students = await publish('PO001', { target_audience: 'students' });
    const everyone = await publish('PO001', { target_audience: 'all' });
    const attached = await attach('PO001', officers.id, PDF, 'agenda.pdf');
    expect(attached.status, await attached.clone().text()).toBe(201);
    const fileId = (await json<Announcement>(await send('PO001', 'GET', `/api/announcements/${officers.id}`)))
      .attachments[0]!.id;
    for (const path of [
      `/api/announcements/${officers.id}`,
      `/api/announcements/${officers.id}/attachments/${fileId}`,
    ]) {
      const res = await send('STU001', 'GET', path);
      expect(res.status, path).toBe(404);
    }
    expect((await send('STU001', 'POST', `/api/announcements/${officers.id}/read`)).status).toBe(404);
    expect((await errorOf(await send('STU001', 'GET', `/api/announcements/${officers.id}`))).error).toBe(
      M.notFound,
    );
    expect(await listed('STU001')).toEqual(expect.arrayContaining([students.id, everyone.id]));
    expect(await listed('STU001')).not.toContain(officers.id);
    expect(await listed('USR001')).toContain(everyone.id);
    expect(await listed('USR001')).not.toContain(students.id);
    for (const staff of ['PO002', 'DPM001', 'ADM001'])
      expect(await listed(staff)).toEqual(expect.arrayContaining([officers.id, students.id, everyone.id]));
    const found = await json<SearchResponse>(await send('STU001', 'GET', '/api/search?q=Staff%20meeting'));
    expect(found.groups.find((g) => g.area === 'announcements')).toBeUndefined();
  });

  it('shows only active ones not past their expiry; the author still opens the rest', async () => {
    const hidden = await publish('PO001', { is_active: false });
    const expiring = await publish('PO001', { expiry_date: '2026-03-16' });
    expect(await listed('STU001')).toContain(expiring.id);
    t.clock.advance(24 * 3600 * 1000);
    // A day on, the sessions have lapsed (30 minutes idle): sign in again.
    for (const staffId of Object.keys(tokens)) tokens[staffId] = await t.signIn(staffId);
    for (const id of [hidden.id, expiring.id]) {
      expect(await listed('STU001')).not.toContain(id);
      expect((await send('STU001', 'GET', `/api/announcements/${id}`)).status).toBe(404);
      expect((await send('PO001', 'GET', `/api/announcements/${id}`)).status).toBe(200);
    }
    const past = await send('PO001', 'POST', '/api/announcements', {
      title: 'x',
      content: 'y',
      expiry_date: '2026-03-01',
    });
    expect((await errorOf(past)).fields).toEqual({ expiry_date: M.expiryPast });
  });
});

describe('writing and reading', () => {
  it('the author or an admin edits and deletes; nobody else, a deputy manager included', async () => {
    const mine = await publish('PO001', { type: 'academic', priority: 'high' });
    expect(mine).toMatchObject({
      author_id: await t.userId('PO001'),
      author_name: 'Bupe Tembo',
      read_count: 0,
    });
    const body = { title: 'Changed', content: 'New text', type: 'academic' };
    for (const as of ['PO002', 'DPM001']) {
      const res = await send(as, 'PUT', `/api/announcements/${mine.id}`, body);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).error).toBe(M.notYours);
      expect((await send(as, 'DELETE', `/api/announcements/${mine.id}`)).status).toBe(403);
    }
    expect((await send('STU001', 'PUT', `/api/announcements/${mine.id}`, body)).status).toBe(403);
    expect(
      (await json<Announcement>(await send('ADM001', 'PUT', `/api/announcements/${mine.id}`, body))).title,
    ).toBe('Changed');
    expect((await send('PO001', 'DELETE', `/api/announcements/${mine.id}`)).status).toBe(204);
    expect((await send('PO001', 'GET', `/api/announcements/${mine.id}`)).status).toBe(404);
  });

  it('Read More counts each reader once', async () => {
    const notice = await publish('DPM001', { target_audience: 'students' });
    const read = (as: string) => send(as, 'POST', `/api/announcements/${notice.id}/read`);
    expect(await json(await read('STU001'))).toEqual({ read_count: 1 });
    expect(await json(await read('STU001'))).toEqual({ read_count: 1 });
    expect(await json(await read('PO001'))).toEqual({ read_count: 2 });
    const seen = await json<Announcement>(await send('STU001', 'GET', `/api/announcements/${notice.id}`));
    expect(seen).toMatchObject({ read_count: 2, read_by_me: true });
    expect(
      (await json<Announcement>(await send('PO002', 'GET', `/api/announcements/${notice.id}`))).read_by_me,
    ).toBe(false);
  });

  it('filters and searches, with the count cards of what the caller sees', async () => {
    await publish('PO001', { type: 'financial', priority: 'urgent', title: 'Stipends paid on Friday' });
    const list = await json<AnnouncementListResponse>(
      await send('STU001', 'GET', '/api/announcements?type=financial&priority=urgent&q=stipends'),
    );
    expect(list.items.map((a) => a.title)).toEqual(['Stipends paid on Friday']);
    expect(list.counts.financial).toBeGreaterThanOrEqual(1);
    expect((await send('STU001', 'GET', '/api/announcements?type=news')).status).toBe(400);
  });

  it('urgent ones wait in their audience’s bell until read', async () => {
    const urgent = await publish('PO001', {
      type: 'urgent',
      target_audience: 'students',
      title: 'Exam venue moved',
    });
    const bell = async (as: string) =>
      (await json<NotificationsResponse>(await send(as, 'GET', '/api/notifications'))).groups
        .find((g) => g.area === 'announcements')
        ?.items.map((i) => i.id) ?? [];
    expect(await bell('STU001')).toContain(urgent.id);
    expect(await bell('USR001')).not.toContain(urgent.id);
    // The daily email (D16) carries what the bell holds, to those whose email switch is on.
    await sendNotificationDigests(t.deps);
    expect(t.mailer.lastTo('natasha.banda@students.chl.org.zm')?.text).toContain('Exam venue moved');
    await send('STU001', 'POST', `/api/announcements/${urgent.id}/read`);
    expect(await bell('STU001')).not.toContain(urgent.id);
  });
});

describe('attachments', () => {
  it('the author attaches files checked as student files; the audience downloads them; deleting removes the bytes', async () => {
    const notice = await publish('PO001');
    const added = await attach('PO001', notice.id, PDF, 'timetable.pdf');
    expect(added.status).toBe(201);
    const file = await json<{ id: string; name: string }>(added);
    expect((await attach('PO002', notice.id, PDF, 'x.pdf')).status).toBe(403);
    const html = await attach('PO001', notice.id, Buffer.from('<html><script>1</script>'), 'notes.pdf');
    expect(html.status).toBe(415);
    expect((await errorOf(html)).error).toBe(FILE_MESSAGES.refused);
    const res = await send('USR001', 'GET', `/api/announcements/${notice.id}/attachments/${file.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="timetable.pdf"');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const [row] = await t.deps.db
      .select()
      .from(announcementAttachments)
      .where(eq(announcementAttachments.id, file.id));
    expect((await send('PO001', 'DELETE', `/api/announcements/${notice.id}`)).status).toBe(204);
    expect(await storedBytes(t.deps.db, row!.storageKey)).toBe(0);
  });
});
