import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type { SearchResponse } from '../../../contracts/search';
import { users } from '../../db/schema';
import { json, makeStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';
import { sendNotificationDigests } from '../notifications/notification-digest';

// 06:00 in Lusaka on Monday 16 March 2026: before the daily email's hour.
const { t, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T04:00:00Z'),
});
const ids: Record<string, string> = {};
const PO001_ADDRESS = 'po001@demo.chl.org.zm';
const PO002_ADDRESS = 'po002@demo.chl.org.zm';

const addTask = async (as: string, fields: Record<string, unknown>) => {
  const res = await send(as, 'POST', '/api/tasks', fields);
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1000);
  return json<{ id: string }>(res);
};
const bellOf = async (as: string) => json<NotificationsResponse>(await send(as, 'GET', '/api/notifications'));

beforeAll(async () => {
  for (const staff of ['ADM001', 'DPM001', 'PO001', 'PO002']) ids[staff] = await t.userId(staff);
  // Only PO001 and PO002 take the email in this file: the others' allowance items are not the point.
  await t.deps.db.update(users).set({ emailDigest: false }).where(eq(users.staffId, 'ADM001'));
  await t.deps.db.update(users).set({ emailDigest: false }).where(eq(users.staffId, 'DPM001'));
  const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  await addTask('DPM001', {
    title: 'Overdue visit',
    assigned_to_id: ids.PO001,
    due_date: '2026-03-13',
    student_id: student.id,
  });
  await addTask('DPM001', { title: 'Receipt due today', assigned_to_id: ids.PO001, due_date: '2026-03-16' });
  await addTask('DPM001', { title: 'Report next week', assigned_to_id: ids.PO001, due_date: '2026-03-23' });
  await addTask('DPM001', {
    title: 'Already done',
    assigned_to_id: ids.PO001,
    due_date: '2026-03-10',
    status: 'completed',
  });
  await addTask('PO001', { title: 'PO002 is late', assigned_to_id: ids.PO002, due_date: '2026-03-12' });
  const issue = await send('DPM001', 'POST', '/api/issues', {
    title: 'Accommodation problem',
    description: 'The landlord wants the student out.',
    student_id: student.id,
    assigned_to_id: ids.PO001,
    category: 'accommodation',
    priority: 'high',
  });
  expect(issue.status).toBe(201);
});

describe('the bell (D16)', () => {
  it('shows open tasks assigned to the user, soonest due first, and overdue ones they gave others', async () => {
    const bell = await bellOf('PO001');
    const tasks = bell.groups.find((g) => g.area === 'tasks')!;
    expect(tasks.label).toBe('Tasks assigned to you');
    expect(tasks.items.map((i) => [i.title, i.detail])).toEqual([
      ['PO002 is late', 'Overdue since 12/03/2026 · To Do'],
      ['Overdue visit', 'Overdue since 13/03/2026 · To Do · Mwila Chanda'],
      ['Receipt due today', 'Due today · To Do'],
      ['Report next week', 'Due 23/03/2026 · To Do'],
    ]);
    expect(tasks.items[0]!.href).toMatch(/^\/tasks\?open=[0-9a-f-]{36}$/);
    const issues = bell.groups.find((g) => g.area === 'issues')!;
    expect(issues.items.map((i) => [i.title, i.detail])).toEqual([
      ['Accommodation problem', 'Mwila Chanda · Open · high priority'],
    ]);
    expect((await bellOf('PO002')).groups.find((g) => g.area === 'tasks')?.items.map((i) => i.title)).toEqual(
      ['PO002 is late'],
    );
  });

  it('the top bar finds tasks and issues in the user scope only', async () => {
    const po1 = await json<SearchResponse>(await send('PO001', 'GET', '/api/search?q=accommodation'));
    expect(po1.groups.find((g) => g.area === 'issues')?.items.map((i) => i.title)).toEqual([
      'Accommodation problem',
    ]);
    const po2 = await json<SearchResponse>(await send('PO002', 'GET', '/api/search?q=overdue visit'));
    expect(po2.groups.find((g) => g.area === 'tasks')).toBeUndefined();
  });
});

describe('the daily email of task deadlines', () => {
  it('lists only the assignee’s overdue and due-today tasks, once a day across processes', async () => {
    t.clock.set(new Date('2026-03-16T05:00:00Z')); // 07:00 in Lusaka
    const passes = await Promise.all([sendNotificationDigests(t.deps), sendNotificationDigests(t.deps)]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
    const [po1] = t.mailer.sent.filter((m) => m.to === PO001_ADDRESS);
    expect(po1!.text).toContain('Your tasks overdue or due today (2)');
    expect(po1!.text).toContain('Overdue visit');
    expect(po1!.text).toContain('Receipt due today');
    expect(po1!.text).not.toContain('Report next week');
    expect(po1!.text).not.toContain('Already done');
    expect(po1!.text).toContain('Accommodation problem');
    expect(t.mailer.sent.filter((m) => m.to === PO002_ADDRESS)[0]!.text).toContain('PO002 is late');
    t.clock.set(new Date('2026-03-16T15:00:00Z'));
    expect(await sendNotificationDigests(t.deps)).toBe(0);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('the next Lusaka day lists what became due, and nothing for someone with the email off', async () => {
    await t.deps.db.update(users).set({ emailDigest: false }).where(eq(users.staffId, 'PO002'));
    t.clock.set(new Date('2026-03-23T05:30:00Z'));
    expect(await sendNotificationDigests(t.deps)).toBe(1);
    const latest = t.mailer.sent.at(-1)!;
    expect(latest.to).toBe(PO001_ADDRESS);
    expect(latest.text).toContain('Your tasks overdue or due today (3)');
    expect(latest.text).toContain('Report next week');
  });
});
