import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../contracts/search';
import type { SettingsResponse } from '../../../contracts/settings';
import type { Task, TaskListResponse } from '../../../contracts/tasks';
import { isTaskOverdue } from '../../../domain/case-work';
import { caseViewers, tasks } from '../../db/schema';
import { makeStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';
import { overdueCondition } from './overdue';

/*
 * One meaning of overdue (docs/product.md §9): the domain's isTaskOverdue, and overdue.ts's SQL
 * that the lists' filter, their items and the bell use, answer the same on the edge cases; the
 * list, the search and the bell then say the same of each task.
 */

// 00:30 on Tuesday 17 March 2026 in Lusaka, still the 16th in UTC.
const NOW = new Date('2026-03-16T22:30:00Z');
const TODAY = '2026-03-17';

const { t, send, ok } = fileTestRequests({ signIn: ['ADM001', 'DPM001', 'PO001'], clockAt: NOW });

const CASES = [
  { title: 'Edge done long ago', due_date: '2026-03-01', status: 'completed', overdue: false },
  { title: 'Edge done today', due_date: TODAY, status: 'completed', overdue: false },
  { title: 'Edge due today in Lusaka', due_date: TODAY, status: 'todo', overdue: false },
  { title: 'Edge due yesterday in Lusaka', due_date: '2026-03-16', status: 'in_progress', overdue: true },
  { title: 'Edge due in review', due_date: '2026-03-10', status: 'review', overdue: true },
  { title: 'Edge due tomorrow', due_date: '2026-03-18', status: 'todo', overdue: false },
  { title: 'Edge without a due date', due_date: null, status: 'todo', overdue: false },
] as const;

const ids = new Map<string, string>();

beforeAll(async () => {
  const po001 = await t.userId('PO001');
  for (const c of CASES) {
    const task = await ok<Task>(
      await send('DPM001', 'POST', '/api/tasks', {
        title: c.title,
        assigned_to_id: po001,
        status: c.status,
        ...(c.due_date ? { due_date: c.due_date } : {}),
      }),
    );
    ids.set(c.title, task.id);
  }
  // A closed issue: issues have no due date, so none is ever overdue.
  const student = await makeStudent(t, { name: 'Edge Mulenga', officer: 'PO001' });
  const issue = await ok<{ id: string }>(
    await send('DPM001', 'POST', '/api/issues', {
      title: 'Edge closed issue',
      description: 'Settled.',
      student_id: student.id,
      assigned_to_id: po001,
      category: 'other',
      priority: 'low',
    }),
  );
  for (const [status, resolution_note] of [['in_progress'], ['resolved', 'Settled.'], ['closed']])
    await ok(await send('DPM001', 'POST', `/api/issues/${issue.id}/status`, { status, resolution_note }));
});

describe('one meaning of overdue', () => {
  it('the SQL rule answers as isTaskOverdue on completed, due today, due yesterday and undated tasks', async () => {
    const rows = await t.deps.db
      .select({
        title: tasks.title,
        dueDate: tasks.dueDate,
        status: tasks.status,
        condition: sql<boolean | null>`${overdueCondition(tasks.dueDate, tasks.status, TODAY)}`,
      })
      .from(tasks)
      .where(sql`${tasks.title} like 'Edge %'`);
    expect(rows).toHaveLength(CASES.length);
    for (const row of rows) {
      const domain = isTaskOverdue({ due_date: row.dueDate, status: row.status }, TODAY);
      const expected = CASES.find((c) => c.title === row.title)!.overdue;
      expect([row.title, domain], 'the domain rule').toEqual([row.title, expected]);
      // As a condition, not overdue may read null (no due date): the row is left out all the same.
      expect([row.title, row.condition === true], 'the SQL condition').toEqual([row.title, expected]);
    }
  });

  it('case_viewers rows, issues included, answer the same; a closed issue is never overdue', async () => {
    const rows = await t.deps.db
      .selectDistinct({
        kind: caseViewers.kind,
        dueDate: caseViewers.dueDate,
        status: caseViewers.status,
        overdue: sql<boolean | null>`${overdueCondition(caseViewers.dueDate, caseViewers.status, TODAY)}`,
      })
      .from(caseViewers);
    expect(rows.some((r) => r.kind === 'issue' && r.status === 'closed')).toBe(true);
    for (const row of rows)
      expect(row.overdue === true, JSON.stringify(row)).toBe(
        row.kind === 'task' && isTaskOverdue({ due_date: row.dueDate, status: row.status }, TODAY),
      );
  });

  it('the list, its overdue filter, the search and the bell say the same of each task', async () => {
    const list = await ok<TaskListResponse>(await send('DPM001', 'GET', '/api/tasks?q=edge&pageSize=200'));
    const filtered = await ok<TaskListResponse>(
      await send('DPM001', 'GET', '/api/tasks?q=edge&overdue=true&pageSize=200'),
    );
    const searched = [];
    for (const c of CASES) {
      const found = await ok<SearchResponse>(
        await send('DPM001', 'GET', `/api/search?${new URLSearchParams({ q: c.title })}`),
      );
      searched.push(...found.groups.find((g) => g.area === 'tasks')!.items);
    }
    const bell = await ok<{ groups: { area: string; items: { id: string; detail: string }[] }[] }>(
      await send('PO001', 'GET', '/api/notifications'),
    );
    const rung = bell.groups.find((g) => g.area === 'tasks')!.items;
    for (const c of CASES) {
      const id = ids.get(c.title)!;
      expect([c.title, list.items.find((i) => i.id === id)?.overdue]).toEqual([c.title, c.overdue]);
      expect([c.title, filtered.items.some((i) => i.id === id)]).toEqual([c.title, c.overdue]);
      const detail = searched.find((i) => i.id === id)?.detail;
      expect([c.title, detail?.startsWith('Overdue since')]).toEqual([c.title, c.overdue]);
      const bellDetail = rung.find((i) => i.id === id)?.detail;
      if (bellDetail) expect([c.title, bellDetail.startsWith('Overdue since')]).toEqual([c.title, c.overdue]);
    }
    expect(searched.find((i) => i.id === ids.get('Edge done long ago'))?.detail).toBe(
      'Due 01/03/2026 · Completed',
    );
    expect(rung.find((i) => i.id === ids.get('Edge due yesterday in Lusaka'))?.detail).toBe(
      'Overdue since 16/03/2026 · In Progress',
    );
  });
});

describe('days the server writes for people (D13)', () => {
  it('follow the date format System Settings choose, in the bell and the search', async () => {
    const current = await ok<SettingsResponse>(await send('ADM001', 'GET', '/api/settings'));
    const general = { ...current.settings.general, dateFormat: 'MM/DD/YYYY' as const };
    await ok(
      await send('ADM001', 'PUT', '/api/settings', {
        version: current.version,
        settings: { ...current.settings, general },
      }),
    );
    const bell = await ok<{ groups: { area: string; items: { id: string; detail: string }[] }[] }>(
      await send('PO001', 'GET', '/api/notifications'),
    );
    const late = bell.groups
      .find((g) => g.area === 'tasks')!
      .items.find((i) => i.id === ids.get('Edge due yesterday in Lusaka'));
    expect(late?.detail).toBe('Overdue since 03/16/2026 · In Progress');
    const found = await ok<SearchResponse>(await send('DPM001', 'GET', '/api/search?q=Edge done long ago'));
    expect(found.groups.find((g) => g.area === 'tasks')?.items[0]?.detail).toBe('Due 03/01/2026 · Completed');
  });
});
