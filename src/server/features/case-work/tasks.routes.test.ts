import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskListResponse } from '../../../contracts/tasks';
import { CASE_MESSAGES as M } from '../../../domain/case-work';
import { activities } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, json, makeStudent, type TestStudent, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

// 10:00 in Lusaka on Monday 16 March 2026.
const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

let mine: TestStudent;
let theirs: TestStudent;
const ids: Record<string, string> = {};

const addTask = async (as: string, fields: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/tasks', {
    title: 'Collect the fee receipt',
    assigned_to_id: ids[as],
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1000);
  return json<Task>(res);
};
const listAs = async (as: string, query = '') => {
  const res = await send(as, 'GET', `/api/tasks${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<TaskListResponse>(res);
};

beforeAll(async () => {
  for (const staff of ['ADM001', 'DPM001', 'PO001', 'PO002']) ids[staff] = await t.userId(staff);
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  theirs = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO002' });
});

describe('who reaches Task Management', () => {
  it('staff only, for every route (D11); a task of nobody answers 404', async () => {
    const routes = [
      { route: 'GET /api/tasks', statuses: staffOnly(200) },
      { route: 'POST /api/tasks', body: {}, statuses: staffOnly(400) },
      { route: `GET /api/tasks/${UNKNOWN_ID}`, statuses: staffOnly(404) },
      { route: `GET /api/tasks/${UNKNOWN_ID}/history`, statuses: staffOnly(404) },
      { route: `PUT /api/tasks/${UNKNOWN_ID}`, body: {}, statuses: staffOnly(400) },
      {
        route: `PATCH /api/tasks/${UNKNOWN_ID}/status`,
        body: { status: 'review' },
        statuses: staffOnly(404),
      },
      { route: `DELETE /api/tasks/${UNKNOWN_ID}`, statuses: staffOnly(404) },
      { route: 'GET /api/staff', statuses: staffOnly(200) },
      { route: 'GET /api/tasks/not-an-id', statuses: staffOnly(404) },
    ];
    await expectAccess(t, accessMatrix(routes));
  });

  it('lists whom work can be assigned to: active staff by name', async () => {
    const staff = await json<Array<{ staff_id: string; role: string }>>(
      await send('PO001', 'GET', '/api/staff'),
    );
    expect(staff.map((s) => s.staff_id).sort()).toEqual(['ADM001', 'DPM001', 'PO001', 'PO002']);
  });
});

describe('adding a task', () => {
  it('stores the fields, the creator from the session and the defaults', async () => {
    const task = await addTask('PO001', {
      title: '  Arrange a home visit  ',
      description: 'Meet the guardian in Chilenje',
      due_date: '2026-03-20',
      student_id: mine.id,
      assigned_by_id: ids.DPM001,
    });
    expect(task).toMatchObject({
      title: 'Arrange a home visit',
      assigned_to_id: ids.PO001,
      assigned_by_id: ids.PO001,
      assigned_by_name: expect.any(String),
      due_date: '2026-03-20',
      priority: 'medium',
      status: 'todo',
      category: 'general',
      student_id: mine.id,
      student_name: 'Mwila Chanda',
      overdue: false,
      completed_at: null,
    });
    const [audit] = await t.deps.db.select().from(activities).where(eq(activities.entityId, task.id));
    expect(audit).toMatchObject({ action: 'task.created', officerId: ids.PO001 });
  });

  it('says what is wrong with bad input and stores nothing', async () => {
    const before = (await listAs('ADM001')).counts.total;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '  ', assigned_to_id: ids.PO001 }, 'title', M.titleRequired],
      [{ title: 'A' }, 'assigned_to_id', M.assigneeRequired],
      [
        { title: 'A', assigned_to_id: ids.PO001, due_date: '2026-02-30' },
        'due_date',
        'Due date must be a real date written YYYY-MM-DD',
      ],
      [
        { title: 'A', assigned_to_id: ids.PO001, priority: 'critical' },
        'priority',
        'Priority must be one of: low, medium, high, urgent',
      ],
      [
        { title: 'A', assigned_to_id: ids.PO001, status: 'done' },
        'status',
        'Status must be one of: todo, in_progress, review, completed',
      ],
      [
        { title: 'x'.repeat(201), assigned_to_id: ids.PO001 },
        'title',
        'Title must be at most 200 characters',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('PO001', 'POST', '/api/tasks', body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
    const userId = await t.userId('USR001');
    const notStaff = await send('PO001', 'POST', '/api/tasks', { title: 'A', assigned_to_id: userId });
    expect(notStaff.status).toBe(400);
    expect((await errorOf(notStaff)).fields?.assigned_to_id).toBe(M.assigneeNotStaff);
    expect((await listAs('ADM001')).counts.total).toBe(before);
  });

  it("refuses another officer's student as if it did not exist", async () => {
    const res = await send('PO001', 'POST', '/api/tasks', {
      title: 'Probe',
      assigned_to_id: ids.PO001,
      student_id: theirs.id,
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      error: M.studentNotFound,
      fields: { student_id: M.studentNotFound },
    });
    // Management reaches every student.
    await addTask('DPM001', { student_id: theirs.id, assigned_to_id: ids.PO002, title: 'Bwalya fees' });
  });
});

describe('the officer scope (D11)', () => {
  let aboutTheirs: Task;
  let givenToPo001: Task;
  let byPo001: Task;

  beforeAll(async () => {
    aboutTheirs = await addTask('DPM001', {
      title: 'Check on Bwalya',
      student_id: theirs.id,
      assigned_to_id: ids.PO002,
    });
    givenToPo001 = await addTask('DPM001', {
      title: 'Cover for PO002',
      student_id: theirs.id,
      assigned_to_id: ids.PO001,
    });
    byPo001 = await addTask('PO001', { title: 'Ask PO002 for a report', assigned_to_id: ids.PO002 });
  });

  it('an officer sees tasks about their students, assigned to them, or created by them, and no other', async () => {
    const seen = (await listAs('PO001', '?pageSize=200')).items.map((task) => task.id);
    expect(seen).toContain(givenToPo001.id);
    expect(seen).toContain(byPo001.id);
    expect(seen).not.toContain(aboutTheirs.id);
    const probe = await listAs('PO001', `?student_id=${theirs.id}&pageSize=200`);
    expect(probe.items.map((task) => task.id)).toEqual([givenToPo001.id]);
    for (const [method, path, body] of [
      ['GET', `/api/tasks/${aboutTheirs.id}`],
      ['PUT', `/api/tasks/${aboutTheirs.id}`, { title: 'Mine now', assigned_to_id: ids.PO001 }],
      ['PATCH', `/api/tasks/${aboutTheirs.id}/status`, { status: 'completed' }],
      ['DELETE', `/api/tasks/${aboutTheirs.id}`],
    ] as const) {
      const res = await send('PO001', method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res)).error).toBe(M.taskNotFound);
    }
    expect((await send('PO002', 'GET', `/api/tasks/${aboutTheirs.id}`)).status).toBe(200);
    expect((await listAs('DPM001', '?pageSize=200')).items.map((task) => task.id)).toContain(aboutTheirs.id);
  });

  it("an officer assigned a task about another's student may edit it and keep that student", async () => {
    const res = await send('PO001', 'PUT', `/api/tasks/${givenToPo001.id}`, {
      title: 'Cover for PO002 this week',
      assigned_to_id: ids.PO001,
      student_id: theirs.id,
      priority: 'high',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json<Task>(res)).toMatchObject({
      title: 'Cover for PO002 this week',
      priority: 'high',
      student_id: theirs.id,
    });
  });
});

describe('moving a task on the board', () => {
  it('any status moves to any other; completing records when and by whom, leaving clears it', async () => {
    const task = await addTask('PO001', { title: 'Board move' });
    for (const status of ['review', 'in_progress', 'todo', 'completed'] as const) {
      const res = await send('PO001', 'PATCH', `/api/tasks/${task.id}/status`, { status });
      expect(res.status).toBe(200);
      expect((await json<Task>(res)).status).toBe(status);
    }
    const done = await json<Task>(await send('PO001', 'GET', `/api/tasks/${task.id}`));
    expect(done).toMatchObject({ completed_by_id: ids.PO001, completed_at: t.clock.now().toISOString() });
    const reopened = await json<Task>(
      await send('PO001', 'PATCH', `/api/tasks/${task.id}/status`, { status: 'review' }),
    );
    expect(reopened).toMatchObject({ completed_by_id: null, completed_at: null });
    const bad = await send('PO001', 'PATCH', `/api/tasks/${task.id}/status`, { status: 'closed' });
    expect(bad.status).toBe(400);
    const actions = await t.deps.db
      .select({ action: activities.action })
      .from(activities)
      .where(eq(activities.entityId, task.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['task.created', 'task.moved', 'task.completed']),
    );
  });

  it('deletes a task, recorded in the audit trail', async () => {
    const task = await addTask('PO001', { title: 'Delete me' });
    expect((await send('PO001', 'DELETE', `/api/tasks/${task.id}`)).status).toBe(204);
    expect((await send('PO001', 'GET', `/api/tasks/${task.id}`)).status).toBe(404);
    const [audit] = await t.deps.db.select().from(activities).where(eq(activities.action, 'task.deleted'));
    expect(audit?.entityId).toBe(task.id);
  });
});

describe('filters, search and the tiles', () => {
  it('filters by status, priority, assignee and student, searches, and counts the tiles over the scope', async () => {
    const urgent = await addTask('PO001', {
      title: 'Zebra crossing report',
      priority: 'urgent',
      status: 'in_progress',
      student_id: mine.id,
    });
    const byStatus = await listAs('PO001', '?status=in_progress&pageSize=200');
    expect(byStatus.items.every((task) => task.status === 'in_progress')).toBe(true);
    expect((await listAs('PO001', '?priority=urgent')).items.map((task) => task.id)).toEqual([urgent.id]);
    expect((await listAs('PO001', '?q=zebra')).items.map((task) => task.id)).toEqual([urgent.id]);
    expect((await listAs('PO001', '?q=ze')).items.map((task) => task.id)).toEqual([urgent.id]);
    // Two characters match the start of a word only (D17).
    expect((await listAs('PO001', '?q=eb')).items).toEqual([]);
    const mineOnly = await listAs('PO001', '?assignee=me&pageSize=200');
    expect(mineOnly.items.every((task) => task.assigned_to_id === ids.PO001)).toBe(true);
    const active = await listAs('PO001', `?student_id=${mine.id}&status=active&pageSize=200`);
    expect(active.items.every((task) => task.student_id === mine.id && task.status !== 'completed')).toBe(
      true,
    );
    const all = await listAs('PO001', '?pageSize=200');
    expect(all.counts.total).toBe(all.total);
    expect(all.counts.in_progress).toBe(all.items.filter((task) => task.status === 'in_progress').length);
    expect(all.counts.completed).toBe(all.items.filter((task) => task.status === 'completed').length);
    const bad = await send('PO001', 'GET', '/api/tasks?overdue=maybe');
    expect(bad.status).toBe(400);
  });
});

describe('overdue across midnight in Lusaka', () => {
  it('a task due today is not overdue until the Lusaka day ends, and a completed one never is', async () => {
    t.clock.set(new Date('2026-03-16T21:59:00Z')); // 23:59 on the 16th in Lusaka
    tokens.PO001 = await t.signIn('PO001');
    const dueToday = await addTask('PO001', { title: 'Due on the sixteenth', due_date: '2026-03-16' });
    const completed = await addTask('PO001', {
      title: 'Done on time',
      due_date: '2026-03-15',
      status: 'completed',
    });
    expect(dueToday.overdue).toBe(false);
    expect(completed.overdue).toBe(false);
    expect((await listAs('PO001', '?overdue=true&pageSize=200')).items.map((task) => task.id)).not.toContain(
      dueToday.id,
    );
    t.clock.set(new Date('2026-03-16T22:00:30Z')); // 00:00 on the 17th in Lusaka, 22:00 UTC still the 16th
    tokens.PO001 = await t.signIn('PO001');
    expect((await json<Task>(await send('PO001', 'GET', `/api/tasks/${dueToday.id}`))).overdue).toBe(true);
    const overdue = await listAs('PO001', '?overdue=true&pageSize=200');
    expect(overdue.items.map((task) => task.id)).toContain(dueToday.id);
    expect(overdue.items.map((task) => task.id)).not.toContain(completed.id);
    expect(overdue.counts.overdue).toBe(overdue.total);
  });
});
