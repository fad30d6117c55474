import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Issue, IssueComment, IssueListResponse } from '../../../contracts/issues';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { CASE_MESSAGES as M } from '../../../domain/case-work';
import { activities, students } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, json, makeStudent, type TestStudent, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

let mine: TestStudent;
let theirs: TestStudent;
const ids: Record<string, string> = {};

const report = async (as: string, fields: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/issues', {
    title: 'Fees not paid',
    description: 'The college says second term fees are outstanding.',
    student_id: mine.id,
    category: 'financial',
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1000);
  return json<Issue>(res);
};
const move = (as: string, id: string, status: string, resolution_note?: string) =>
  send(as, 'POST', `/api/issues/${id}/status`, { status, resolution_note });

beforeAll(async () => {
  for (const staff of ['ADM001', 'DPM001', 'PO001', 'PO002']) ids[staff] = await t.userId(staff);
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  theirs = await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO002' });
});

describe('who reaches the Issue Tracker', () => {
  it('staff only, for every route (D11); an issue of nobody answers 404', async () => {
    const routes = [
      { route: 'GET /api/issues', statuses: staffOnly(200) },
      { route: 'POST /api/issues', body: {}, statuses: staffOnly(400) },
      { route: `GET /api/issues/${UNKNOWN_ID}`, statuses: staffOnly(404) },
      { route: `GET /api/issues/${UNKNOWN_ID}/history`, statuses: staffOnly(404) },
      { route: `PUT /api/issues/${UNKNOWN_ID}`, body: {}, statuses: staffOnly(400) },
      {
        route: `POST /api/issues/${UNKNOWN_ID}/status`,
        body: { status: 'closed' },
        statuses: staffOnly(404),
      },
      { route: `DELETE /api/issues/${UNKNOWN_ID}`, statuses: staffOnly(404) },
      { route: `GET /api/issues/${UNKNOWN_ID}/comments`, statuses: staffOnly(404) },
      { route: `POST /api/issues/${UNKNOWN_ID}/comments`, body: { text: 'Hello' }, statuses: staffOnly(404) },
    ];
    await expectAccess(t, accessMatrix(routes));
  });
});

describe('reporting an issue', () => {
  it('stores it open, reported by the caller, about the student', async () => {
    const issue = await report('PO001', {
      assigned_to_id: ids.PO001,
      reporter_id: ids.DPM001,
      status: 'closed',
    });
    expect(issue).toMatchObject({
      status: 'open',
      reporter_id: ids.PO001,
      assigned_to_id: ids.PO001,
      student_name: 'Mwila Chanda',
      category: 'financial',
      priority: 'medium',
      comment_count: 0,
    });
  });

  it('needs a title, a description and a student, and says so', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ description: 'd', student_id: mine.id }, 'title', M.titleRequired],
      [{ title: 't', description: ' ', student_id: mine.id }, 'description', M.descriptionRequired],
      [{ title: 't', description: 'd' }, 'student_id', M.studentRequired],
      [
        { title: 't', description: 'd', student_id: mine.id, category: 'legal' },
        'category',
        'Category must be one of: academic, financial, health, accommodation, personal, other',
      ],
      [
        { title: 't', description: 'd', student_id: mine.id, priority: 'urgent' },
        'priority',
        'Priority must be one of: low, medium, high, critical',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('PO001', 'POST', '/api/issues', body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
  });

  it("refuses another officer's student as if it did not exist", async () => {
    const res = await send('PO001', 'POST', '/api/issues', {
      title: 't',
      description: 'd',
      student_id: theirs.id,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.student_id).toBe(M.studentNotFound);
  });
});

describe('the officer scope (D11)', () => {
  it("an officer sees issues about their students, assigned to them or reported by them, and not another officer's", async () => {
    const aboutTheirs = await report('DPM001', { student_id: theirs.id, title: 'Bwalya health' });
    const givenToPo001 = await report('DPM001', {
      student_id: theirs.id,
      assigned_to_id: ids.PO001,
      title: 'Cover',
    });
    const seen = await json<IssueListResponse>(await send('PO001', 'GET', '/api/issues?pageSize=200'));
    expect(seen.items.map((i) => i.id)).toContain(givenToPo001.id);
    expect(seen.items.map((i) => i.id)).not.toContain(aboutTheirs.id);
    for (const [method, path, body] of [
      ['GET', `/api/issues/${aboutTheirs.id}`],
      ['PUT', `/api/issues/${aboutTheirs.id}`, { title: 't', description: 'd', student_id: theirs.id }],
      ['POST', `/api/issues/${aboutTheirs.id}/status`, { status: 'in_progress' }],
      ['GET', `/api/issues/${aboutTheirs.id}/comments`],
      ['POST', `/api/issues/${aboutTheirs.id}/comments`, { text: 'Peek' }],
    ] as const) {
      const res = await send('PO001', method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res)).error).toBe(M.issueNotFound);
    }
    expect((await send('PO002', 'GET', `/api/issues/${aboutTheirs.id}`)).status).toBe(200);
  });
});

describe('an issue moving through its states', () => {
  it('open -> in progress -> resolved (with a note) -> closed, reopened; any other move is 409', async () => {
    const issue = await report('PO001');
    const refused = await move('PO001', issue.id, 'resolved', 'Paid');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).error).toBe('An issue that is Open cannot move to Resolved.');
    expect((await move('PO001', issue.id, 'in_progress')).status).toBe(200);
    expect((await move('PO001', issue.id, 'open')).status).toBe(409);
    const noNote = await move('PO001', issue.id, 'resolved', '  ');
    expect(noNote.status).toBe(400);
    expect((await errorOf(noNote)).fields?.resolution_note).toBe(M.resolutionRequired);
    const resolved = await json<Issue>(
      await move('PO001', issue.id, 'resolved', 'The bursary paid the fees.'),
    );
    expect(resolved).toMatchObject({
      status: 'resolved',
      resolution_note: 'The bursary paid the fees.',
      resolved_by_name: expect.any(String),
    });
    expect((await move('PO001', issue.id, 'in_progress')).status).toBe(409);
    expect((await json<Issue>(await move('PO001', issue.id, 'closed'))).status).toBe('closed');
    expect((await move('PO001', issue.id, 'resolved', 'again')).status).toBe(409);
    const reopened = await json<Issue>(await move('PO001', issue.id, 'open'));
    expect(reopened).toMatchObject({ status: 'open', resolution_note: null, resolved_at: null });
    expect((await move('PO001', issue.id, 'in_progress')).status).toBe(200);
    expect((await move('PO001', issue.id, 'resolved', 'Paid again')).status).toBe(200);
    expect((await move('PO001', issue.id, 'open')).status).toBe(200);
    const actions = await t.deps.db
      .select({ action: activities.action })
      .from(activities)
      .where(eq(activities.entityId, issue.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'issue.reported',
        'issue.started',
        'issue.resolved',
        'issue.closed',
        'issue.reopened',
      ]),
    );
  });

  it('edits keep the status; a status in the edit body changes nothing', async () => {
    const issue = await report('PO001');
    const res = await send('PO001', 'PUT', `/api/issues/${issue.id}`, {
      title: 'Fees partly paid',
      description: 'Half is outstanding.',
      student_id: mine.id,
      priority: 'critical',
      category: 'financial',
      status: 'closed',
    });
    expect(await json<Issue>(res)).toMatchObject({
      title: 'Fees partly paid',
      priority: 'critical',
      status: 'open',
    });
  });
});

describe('the thread', () => {
  it('keeps comments with author and time, newest last, and refuses a blank one', async () => {
    const issue = await report('PO001', { assigned_to_id: ids.PO002 });
    const first = await send('PO001', 'POST', `/api/issues/${issue.id}/comments`, {
      text: 'Called the college.',
    });
    expect(first.status).toBe(201);
    t.clock.advance(60_000);
    await send('PO002', 'POST', `/api/issues/${issue.id}/comments`, { text: 'I will visit on Friday.' });
    const blank = await send('PO001', 'POST', `/api/issues/${issue.id}/comments`, { text: '   ' });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).fields?.text).toBe(M.commentRequired);
    const thread = await json<{ items: IssueComment[] }>(
      await send('PO001', 'GET', `/api/issues/${issue.id}/comments`),
    );
    expect(thread.items.map((c) => [c.author_id, c.text])).toEqual([
      [ids.PO001, 'Called the college.'],
      [ids.PO002, 'I will visit on Friday.'],
    ]);
    expect((await json<Issue>(await send('PO001', 'GET', `/api/issues/${issue.id}`))).comment_count).toBe(2);
  });
});

describe('deleting', () => {
  it('only deputy managers and admins delete an issue (a case record, D12); a student with issues is kept', async () => {
    const issue = await report('PO001');
    const po = await send('PO001', 'DELETE', `/api/issues/${issue.id}`);
    expect(po.status).toBe(403);
    expect((await errorOf(po)).error).toBe(M.deleteIssueForbidden);
    const student = await send('ADM001', 'DELETE', `/api/students/${mine.id}`);
    expect(student.status).toBe(409);
    expect((await errorOf(student)).error).toBe(STUDENT_API_MESSAGES.hasIssues);
    expect(
      await t.deps.db.select({ id: students.id }).from(students).where(eq(students.id, mine.id)),
    ).toHaveLength(1);
    expect((await send('DPM001', 'DELETE', `/api/issues/${issue.id}`)).status).toBe(204);
    expect((await send('DPM001', 'GET', `/api/issues/${issue.id}`)).status).toBe(404);
  });
});

describe('filters and tiles', () => {
  it('filters by status, category, priority and search; the tiles count every issue in scope', async () => {
    await report('PO001', { title: 'Malaria treatment', category: 'health', priority: 'high' });
    const health = await json<IssueListResponse>(await send('PO001', 'GET', '/api/issues?category=health'));
    expect(health.items.map((i) => i.title)).toEqual(['Malaria treatment']);
    const high = await json<IssueListResponse>(await send('PO001', 'GET', '/api/issues?priority=high&q=mal'));
    expect(high.items.map((i) => i.title)).toEqual(['Malaria treatment']);
    const all = await json<IssueListResponse>(await send('PO001', 'GET', '/api/issues?pageSize=200'));
    const { counts } = all;
    expect(counts.total).toBe(all.total);
    expect(counts.open + counts.in_progress + counts.resolved + counts.closed).toBe(counts.total);
    const active = await json<IssueListResponse>(
      await send('PO001', 'GET', '/api/issues?status=active&pageSize=200'),
    );
    expect(active.total).toBe(counts.open + counts.in_progress);
    expect((await send('PO001', 'GET', '/api/issues?status=pending')).status).toBe(400);
  });
});
