import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssueListResponse } from '../../../contracts/issues';
import type { TaskListResponse } from '../../../contracts/tasks';
import { issues, students, tasks, users } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { json, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

/*
 * case_viewers and case_counts (migrations 0011, 0029) after every kind of write the lists depend on:
 * each check recomputes both from tasks, issues and students and expects no difference.
 */

const { t, send } = fileTestRequests({
  signIn: ['DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});
const ids: Record<string, string> = {};
let student: TestStudent;
const expectKept = async () => expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
const taskTitles = async (as: string) =>
  (await json<TaskListResponse>(await send(as, 'GET', '/api/tasks?pageSize=200'))).items
    .map((x) => x.title)
    .sort();
const issueTitles = async (as: string) =>
  (await json<IssueListResponse>(await send(as, 'GET', '/api/issues?pageSize=200'))).items.map(
    (x) => x.title,
  );

beforeAll(async () => {
  for (const staff of ['DPM001', 'PO001', 'PO002']) ids[staff] = await t.userId(staff);
  student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
});

describe('who sees a task or issue, as the triggers keep it', () => {
  it('follows creating, editing, moving and reassigning', async () => {
    const task = await json<{ id: string }>(
      await send('DPM001', 'POST', '/api/tasks', {
        title: 'Visit Mwila',
        assigned_to_id: ids.DPM001,
        student_id: student.id,
        due_date: '2026-03-10',
      }),
    );
    await send('DPM001', 'POST', '/api/issues', {
      title: 'Fees',
      description: 'Unpaid',
      student_id: student.id,
    });
    await expectKept();
    expect(await taskTitles('PO001')).toEqual(['Visit Mwila']);
    expect(await taskTitles('PO002')).toEqual([]);
    await send('DPM001', 'PUT', `/api/tasks/${task.id}`, {
      title: 'Visit Mwila',
      assigned_to_id: ids.PO002,
      due_date: '2026-03-10',
    });
    await send('DPM001', 'PATCH', `/api/tasks/${task.id}/status`, { status: 'review' });
    await expectKept();
    // The student left out of the edit: PO001 no longer sees it, PO002 (the assignee) does.
    expect(await taskTitles('PO001')).toEqual([]);
    expect(await taskTitles('PO002')).toEqual(['Visit Mwila']);
    const tiles = (await json<TaskListResponse>(await send('PO002', 'GET', '/api/tasks'))).counts;
    expect(tiles).toEqual({ total: 1, in_progress: 0, completed: 0, overdue: 1 });
  });

  it("follows a student given to another officer, and a student's deletion", async () => {
    await send('PO001', 'POST', '/api/tasks', {
      title: 'Call Mwila',
      assigned_to_id: ids.DPM001,
      student_id: student.id,
    });
    expect(await issueTitles('PO002')).toEqual([]);
    await t.database.db
      .update(students)
      .set({ assignedOfficerId: ids.PO002 })
      .where(eq(students.id, student.id));
    await expectKept();
    expect(await issueTitles('PO002')).toEqual(['Fees']);
    expect(await issueTitles('PO001')).toEqual([]);
    // PO001 still sees the task they created.
    expect(await taskTitles('PO001')).toEqual(['Call Mwila']);
    const other = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO002' });
    await t.database.db
      .insert(tasks)
      .values({ title: 'Bwalya visit', studentId: other.id, assignedToId: ids.DPM001 });
    expect(await taskTitles('PO002')).toContain('Bwalya visit');
    await t.database.db.delete(students).where(eq(students.id, other.id));
    await expectKept();
    expect(await taskTitles('PO002')).not.toContain('Bwalya visit');
  });

  it("follows a renamed staff member or student, and an issue's thread, into the list items", async () => {
    const issue = await json<{ id: string }>(
      await send('DPM001', 'POST', '/api/issues', {
        title: 'Rent',
        description: 'Late',
        student_id: student.id,
      }),
    );
    await send('DPM001', 'POST', `/api/issues/${issue.id}/comments`, { text: 'Called the landlord.' });
    await t.database.db.update(users).set({ name: 'Chipo Mwale-Banda' }).where(eq(users.staffId, 'DPM001'));
    await t.database.db
      .update(students)
      .set({ fullName: 'Mwila Chanda-Phiri' })
      .where(eq(students.id, student.id));
    await expectKept();
    const listed = await json<IssueListResponse>(await send('DPM001', 'GET', '/api/issues?q=rent'));
    expect(listed.items[0]).toMatchObject({
      reporter_name: 'Chipo Mwale-Banda',
      student_name: 'Mwila Chanda-Phiri',
      comment_count: 1,
    });
  });

  it('follows deletions and a truncate', async () => {
    await t.database.db.delete(tasks).where(eq(tasks.title, 'Call Mwila'));
    await t.database.db.delete(issues);
    await expectKept();
    await t.database.db.execute(sql`truncate tasks`);
    await expectKept();
    expect(await taskTitles('DPM001')).toEqual([]);
    expect((await json<TaskListResponse>(await send('DPM001', 'GET', '/api/tasks'))).counts.total).toBe(0);
  });
});
