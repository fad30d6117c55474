import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TaskListResponse, TaskListResponseSchema } from '../../../contracts/tasks';
import type { CaseActor } from '../../../domain/case-work';
import { issues, tasks } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { json, makeStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';
import { type CaseList, type CountedValues, caseListPage } from './case-lists';
import { issueList } from './issues.service';
import { taskList } from './tasks.service';

/*
 * The lists' figures (case-lists.ts: case_counts, and the tasks due today or later off
 * case_viewers) against fixed tasks: the tiles and how many match each shape of filters, for an
 * admin and an officer, first as counted by hand, then against a count of the records themselves
 * after every kind of change.
 */

const TODAY = '2026-03-16';
const { t, send } = fileTestRequests({
  signIn: ['ADM001', 'PO001'],
  clockAt: new Date(`${TODAY}T08:00:00Z`),
});

const actors: Record<'admin' | 'officer', CaseActor> = {
  admin: { id: '', role: 'admin' },
  officer: { id: '', role: 'program_officer' },
};
const ids: Record<string, string> = {};

interface Figures {
  total: number;
  overdue: number;
  byStatus: Record<string, number>;
  matching: number;
}

async function figures(
  source: CaseList<unknown>,
  actor: CaseActor,
  filters: CountedValues,
): Promise<Figures> {
  const page = await caseListPage(t.database.db, source, actor, filters, undefined, {
    page: 1,
    pageSize: 25,
    today: TODAY,
    searched: false,
  });
  // Counts that fell to zero stay as rows of 0 (migration 0029): a status with none is absent.
  const byStatus = Object.fromEntries(Object.entries(page.tiles.byStatus).filter(([, n]) => n !== 0));
  expect(page.items).toHaveLength(Math.min(page.total, 25));
  return { total: page.tiles.total, overdue: page.tiles.overdue, byStatus, matching: page.total };
}

/** The same figures counted from the records, not from what the triggers keep. */
interface Row {
  status: string;
  priority: string;
  category: string;
  due: string | null;
  seenBy: string[];
}
const isOverdue = (r: Row) => r.due !== null && r.due < TODAY && r.status !== 'completed';

async function records(kind: 'task' | 'issue'): Promise<Row[]> {
  const query =
    kind === 'task'
      ? sql`select r.status, r.priority, r.category, r.due_date::text as due,
                   array_remove(array[s.assigned_officer_id, r.assigned_to_id, r.assigned_by_id], null)::text[] as seen_by
              from ${tasks} r left join students s on s.id = r.student_id`
      : sql`select r.status, r.priority, r.category, null as due,
                   array_remove(array[s.assigned_officer_id, r.assigned_to_id, r.reporter_id], null)::text[] as seen_by
              from ${issues} r join students s on s.id = r.student_id`;
  const rows = (await t.database.db.execute(query)).rows as Array<
    Omit<Row, 'seenBy'> & { seen_by: string[] }
  >;
  return rows.map(({ seen_by, ...row }) => ({ ...row, seenBy: seen_by }));
}

function counted(rows: Row[], kind: 'task' | 'issue', actor: CaseActor, f: CountedValues): Figures {
  const seen = rows.filter((r) => actor.role === 'admin' || r.seenBy.includes(actor.id));
  const active = (r: Row) =>
    kind === 'task' ? r.status !== 'completed' : ['open', 'in_progress'].includes(r.status);
  const matches = (r: Row) =>
    (f.status === undefined || (f.status === 'active' ? active(r) : r.status === f.status)) &&
    (f.priority === undefined || r.priority === f.priority) &&
    (f.category === undefined || r.category === f.category) &&
    (f.overdue === undefined || isOverdue(r) === f.overdue);
  const byStatus: Record<string, number> = {};
  for (const r of seen) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return {
    total: seen.length,
    overdue: seen.filter(isOverdue).length,
    byStatus,
    matching: seen.filter(matches).length,
  };
}

/** Every shape of filters the figures answer, with values that match some records and not others. */
function shapes(kind: 'task' | 'issue'): CountedValues[] {
  const all: CountedValues[] = [];
  const statuses =
    kind === 'task' ? [undefined, 'todo', 'completed', 'active'] : [undefined, 'open', 'active'];
  const categories = kind === 'task' ? [undefined, 'general'] : [undefined, 'health'];
  const overdue = kind === 'task' ? [undefined, true, false] : [undefined];
  for (const status of statuses)
    for (const priority of [undefined, 'high'])
      for (const category of categories)
        for (const o of overdue) all.push({ status, priority, category, overdue: o });
  return all;
}

async function expectFiguresAsCounted(kind: 'task' | 'issue') {
  const rows = await records(kind);
  const source: CaseList<unknown> = kind === 'task' ? taskList(TODAY) : issueList;
  for (const actor of Object.values(actors))
    for (const shape of shapes(kind))
      expect({ actor: actor.role, shape, ...(await figures(source, actor, shape)) }).toEqual({
        actor: actor.role,
        shape,
        ...counted(rows, kind, actor, shape),
      });
  expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
}

const taskBodies: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  for (const staff of ['DPM001', 'PO001', 'PO002']) ids[staff] = await t.userId(staff);
  actors.admin.id = await t.userId('ADM001');
  actors.officer.id = ids.PO001!;
  const mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  const theirs = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO002' });
  // [title, status, priority, category, due date, student, assignee, creator]
  const fixed: Array<[string, string, string, string, string | null, string | null, string, string]> = [
    ['A', 'todo', 'high', 'general', '2026-03-10', mine.id, 'DPM001', 'DPM001'], // overdue
    ['B', 'in_progress', 'low', 'home_visit', TODAY, theirs.id, 'PO001', 'DPM001'], // due today
    ['C', 'review', 'high', 'general', '2026-03-01', theirs.id, 'PO002', 'DPM001'], // overdue, not PO001's
    ['D', 'completed', 'high', 'general', '2026-03-01', mine.id, 'PO002', 'DPM001'], // done late
    ['E', 'todo', 'medium', 'general', null, null, 'PO001', 'DPM001'],
    ['F', 'todo', 'high', 'general', '2026-03-20', null, 'DPM001', 'PO001'], // PO001 made it
    ['G', 'in_progress', 'high', 'home_visit', '2026-03-15', theirs.id, 'PO002', 'DPM001'], // overdue
    ['H', 'review', 'urgent', 'general', '2026-03-17', mine.id, 'PO001', 'DPM001'],
  ];
  for (const [title, status, priority, category, due, student, assignee, creator] of fixed) {
    taskBodies[title] = {
      title,
      status,
      priority,
      category,
      due_date: due,
      student_id: student,
      assigned_to_id: ids[assignee],
    };
    await t.database.db.insert(tasks).values({
      title,
      status,
      priority,
      category,
      dueDate: due,
      studentId: student,
      assignedToId: ids[assignee],
      assignedById: ids[creator],
    });
  }
  for (const [title, status, priority, category, reporter] of [
    ['Fees', 'open', 'high', 'financial', 'PO001'],
    ['Clinic', 'in_progress', 'high', 'health', 'DPM001'],
    ['Rent', 'resolved', 'low', 'health', 'PO002'],
  ] as const)
    await t.database.db.insert(issues).values({
      title,
      description: 'Reported after a call.',
      studentId: title === 'Rent' ? theirs.id : mine.id,
      reporterId: ids[reporter],
      status,
      priority,
      category,
    });
});

const taskId = async (title: string) =>
  String((await t.database.db.execute(sql`select id from ${tasks} where title = ${title}`)).rows[0]!.id);
const edit = async (title: string, changes: Record<string, unknown>) => {
  taskBodies[title] = { ...taskBodies[title], ...changes };
  const res = await send('ADM001', 'PUT', `/api/tasks/${await taskId(title)}`, taskBodies[title]);
  expect(res.status).toBe(200);
};
const tiles = async (as: string, filter = '') =>
  TaskListResponseSchema.parse(
    await json<TaskListResponse>(await send(as, 'GET', `/api/tasks?pageSize=25${filter}`)),
  );

describe('the task tiles and matching counts', () => {
  it('are as counted by hand on the fixed tasks', async () => {
    const admin = (f: CountedValues) => figures(taskList(TODAY), actors.admin, f);
    const officer = (f: CountedValues) => figures(taskList(TODAY), actors.officer, f);
    expect(await admin({})).toEqual({
      total: 8,
      overdue: 3, // A, C, G
      byStatus: { todo: 3, in_progress: 2, review: 2, completed: 1 },
      matching: 8,
    });
    expect(await officer({})).toEqual({
      total: 6, // A, D, H (the student), B, E (assigned), F (made)
      overdue: 1, // A
      byStatus: { todo: 3, in_progress: 1, review: 1, completed: 1 },
      matching: 6,
    });
    const matching = async (f: CountedValues) => [(await admin(f)).matching, (await officer(f)).matching];
    expect(await matching({ overdue: true })).toEqual([3, 1]);
    expect(await matching({ overdue: false })).toEqual([5, 5]);
    expect(await matching({ status: 'todo', priority: 'high' })).toEqual([2, 2]); // A, F
    expect(await matching({ status: 'todo', priority: 'high', overdue: true })).toEqual([1, 1]); // A
    expect(await matching({ priority: 'high', overdue: false })).toEqual([2, 2]); // D, F
    expect(await matching({ status: 'active', overdue: false })).toEqual([4, 4]); // B, E, F, H
    expect(await matching({ status: 'completed', overdue: true })).toEqual([0, 0]);
    expect(await matching({ category: 'home_visit', overdue: true })).toEqual([1, 0]); // G
    expect(await matching({ status: 'in_progress', category: 'home_visit' })).toEqual([2, 1]); // B, G
    // Through the API, as the screens ask.
    expect((await tiles('PO001')).counts).toEqual({ total: 6, in_progress: 1, completed: 1, overdue: 1 });
    const overdue = await tiles('ADM001', '&overdue=true');
    expect(overdue.total).toBe(3);
    expect(overdue.items.map((i) => i.title)).toEqual(['C', 'A', 'G']);
    expect(overdue.counts).toEqual({ total: 8, in_progress: 2, completed: 1, overdue: 3 });
    await expectFiguresAsCounted('task');
  });

  it('follow a change of status', async () => {
    const res = await send('ADM001', 'PATCH', `/api/tasks/${await taskId('A')}/status`, {
      status: 'completed',
    });
    expect(res.status).toBe(200);
    taskBodies.A!.status = 'completed';
    expect((await tiles('ADM001')).counts).toEqual({ total: 8, in_progress: 2, completed: 2, overdue: 2 });
    expect((await tiles('PO001')).counts).toEqual({ total: 6, in_progress: 1, completed: 2, overdue: 0 });
    await expectFiguresAsCounted('task');
  });

  it('follow a change of due date, into the past and away', async () => {
    await edit('H', { due_date: '2026-03-02' });
    expect((await tiles('ADM001')).counts.overdue).toBe(3); // C, G, H
    expect((await tiles('PO001', '&overdue=true')).total).toBe(1); // H
    await expectFiguresAsCounted('task');
    await edit('H', { due_date: null });
    await edit('F', { due_date: '2026-03-13' });
    expect((await tiles('PO001', '&overdue=true')).items.map((i) => i.title)).toEqual(['F']);
    expect((await tiles('PO001', '&overdue=false')).total).toBe(5);
    await expectFiguresAsCounted('task');
  });

  it('follow a change of assignee', async () => {
    await edit('C', { assigned_to_id: ids.PO001 });
    expect((await tiles('PO001')).counts).toEqual({ total: 7, in_progress: 1, completed: 2, overdue: 2 });
    await expectFiguresAsCounted('task');
  });

  it('follow a deletion', async () => {
    expect((await send('ADM001', 'DELETE', `/api/tasks/${await taskId('G')}`)).status).toBe(204);
    expect((await tiles('ADM001')).counts).toEqual({ total: 7, in_progress: 1, completed: 2, overdue: 2 });
    expect((await tiles('ADM001', '&priority=high&overdue=true')).total).toBe(2); // C, F
    await expectFiguresAsCounted('task');
  });
});

describe('the issue tiles and matching counts', () => {
  it('are as counted from the issues', async () => {
    expect(await figures(issueList, actors.officer, { status: 'active', category: 'health' })).toEqual({
      total: 2,
      overdue: 0,
      byStatus: { open: 1, in_progress: 1 },
      matching: 1,
    });
    await expectFiguresAsCounted('issue');
  });
});
