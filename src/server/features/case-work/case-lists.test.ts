import { describe, expect, it } from 'vitest';
import { type Issue, IssueListResponseSchema } from '../../../contracts/issues';
import { type Task, TaskListResponseSchema } from '../../../contracts/tasks';
import { json, makeStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

/*
 * A list page's items and one record's answer are both made by taskDto and issueDto, from rows read
 * by two queries (case-lists.ts, task-records.ts): the two must answer the same, field for field,
 * for every kind of value.
 */

const { t, send } = fileTestRequests({
  signIn: ['DPM001', 'PO001'],
  clockAt: new Date('2026-03-16T08:00:00.123Z'),
});

describe('a list item is the record as GET answers it', () => {
  it('tasks of every shape', async () => {
    const po = await t.userId('PO001');
    const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
    const bodies = [
      { title: 'Plain', assigned_to_id: po },
      {
        title: 'Quotes "and" \\ back\\slash — ümlaut 🙂',
        description: 'Line one\nLine two\t<tab>',
        assigned_to_id: po,
        due_date: '2026-03-01',
        priority: 'urgent',
        category: 'home_visit',
        student_id: student.id,
      },
      { title: 'Done', assigned_to_id: po, due_date: '2026-03-01', status: 'completed' },
      { title: 'Due today', assigned_to_id: po, due_date: '2026-03-16', status: 'review' },
    ];
    for (const body of bodies) {
      expect((await send('PO001', 'POST', '/api/tasks', body)).status).toBe(201);
      t.clock.advance(1234);
    }
    const res = await send('PO001', 'GET', '/api/tasks?pageSize=50');
    expect(res.headers.get('content-type')).toContain('application/json');
    const list = TaskListResponseSchema.strict().parse(await res.json());
    expect(list.items).toHaveLength(4);
    for (const item of list.items) {
      const one = await json<Task>(await send('PO001', 'GET', `/api/tasks/${item.id}`));
      expect(item).toEqual(one);
    }
    expect(list.items.find((i) => i.title === 'Done')).toMatchObject({
      overdue: false,
      completed_at: expect.any(String),
    });
    expect(list.items.find((i) => i.student_id)?.overdue).toBe(true);
    // Filtered or not, a first page answers as the same page asked for at another size.
    for (const filter of ['', '&overdue=true', '&status=review&priority=medium']) {
      const screenSized = TaskListResponseSchema.parse(
        await json(await send('PO001', 'GET', `/api/tasks?pageSize=25${filter}`)),
      );
      const otherSized = TaskListResponseSchema.parse(
        await json(await send('PO001', 'GET', `/api/tasks?pageSize=24${filter}`)),
      );
      expect(screenSized.items.length).toBeGreaterThan(0);
      expect({ ...screenSized, pageSize: 24 }).toEqual(otherSized);
    }
    // Pages in order, a first page and a later one.
    const pageOfTwo = async (page: number) =>
      TaskListResponseSchema.parse(
        await json(await send('PO001', 'GET', `/api/tasks?pageSize=2&page=${page}`)),
      );
    const [first, second] = [await pageOfTwo(1), await pageOfTwo(2)];
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(list.items.map((i) => i.id));
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    // The same through a search, which is counted rather than read from case_counts.
    const searched = TaskListResponseSchema.parse(
      await json(await send('PO001', 'GET', '/api/tasks?q=quotes')),
    );
    expect(searched.items.map((i) => i.title)).toEqual([bodies[1]!.title]);
    expect(searched.total).toBe(1);
  });

  it('issues of every shape, and an empty page past the end still carries the tiles', async () => {
    const student = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO001' });
    const created = await json<Issue>(
      await send('PO001', 'POST', '/api/issues', {
        title: 'Fees "outstanding"',
        description: 'Ünïcode and\nnew lines',
        student_id: student.id,
        category: 'financial',
      }),
    );
    await send('PO001', 'POST', '/api/issues', { title: 'Plain', description: 'd', student_id: student.id });
    await send('PO001', 'POST', `/api/issues/${created.id}/comments`, { text: 'Called.' });
    await send('PO001', 'POST', `/api/issues/${created.id}/status`, { status: 'in_progress' });
    await send('PO001', 'POST', `/api/issues/${created.id}/status`, {
      status: 'resolved',
      resolution_note: 'Paid.',
    });
    const list = IssueListResponseSchema.strict().parse(
      await json(await send('PO001', 'GET', '/api/issues')),
    );
    expect(list.items).toHaveLength(2);
    for (const item of list.items) {
      const one = await json<Issue>(await send('PO001', 'GET', `/api/issues/${item.id}`));
      expect(item).toEqual(one);
    }
    expect(list.items.find((i) => i.id === created.id)).toMatchObject({
      comment_count: 1,
      status: 'resolved',
    });
    const past = IssueListResponseSchema.parse(await json(await send('PO001', 'GET', '/api/issues?page=9')));
    expect(past).toMatchObject({ items: [], total: 2, page: 9, counts: { total: 2, resolved: 1, open: 1 } });
  });
});
