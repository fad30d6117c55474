import { and, desc, eq, inArray } from 'drizzle-orm';
import type {
  Issue,
  IssueComment,
  IssueInput,
  IssueListQuery,
  IssueListResponse,
  IssueStatusChange,
} from '../../../contracts/issues';
import {
  canDeleteIssue,
  canMoveIssue,
  ISSUE_STATUS_LABELS,
  type IssueStatus,
  CASE_MESSAGES as M,
} from '../../../domain/case-work';
import { isStaffRole } from '../../../domain/roles';
import type { AppDeps, SessionUser } from '../../app-env';
import { type NotificationSource, opensOn, searchSource, waitingRecords } from '../../area-sources';
import { caseViewers, issueComments, issues, students } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { recordHistory, studentRecordChangeAudit } from '../audit/audit.service';
import { checkAssignee, checkCaseStudent, recordCaseChange } from './case-checks';
import { type CaseList, caseListPage } from './case-lists';
import { viewerOrder } from './case-viewers';
import {
  auditedIssue,
  issueDto,
  issueScopeCondition,
  issueSearch,
  selectIssues,
  visibleIssue,
} from './issue-records';
import { studentName } from './name-lookups';

/** The issues a user reaches, as a condition on the issues table (the dashboard's metrics). */
export { issueScopeCondition } from './issue-records';

/*
 * The Issue Tracker (docs/product.md §2, §4, D11, D12, D16): a student's problem, reported by staff,
 * moved open -> in progress -> resolved (with a resolution note) -> closed, reopened from resolved
 * or closed, and discussed in a thread. Every change is recorded in the audit trail (D15).
 */

const newest = [desc(issues.createdAt), desc(issues.id)];

/** The issues list's page of the caller's issues, read with the record's own look-up. */
export const issueList: CaseList<Issue> = {
  kind: 'issue',
  table: issues,
  page: async (db, on, where, { limit, offset }) =>
    (
      await selectIssues(db)
        .innerJoin(caseViewers, on)
        .where(where)
        .orderBy(...viewerOrder)
        .limit(limit)
        .offset(offset)
    ).map(issueDto),
};

/** A page of issues and the tiles (IssueListResponse). */
export async function listIssues(
  deps: AppDeps,
  user: SessionUser,
  query: IssueListQuery,
): Promise<IssueListResponse> {
  const assignee = query.assignee === 'me' ? user.id : query.assignee;
  const search = issueSearch(query.q, user);
  const { tiles, ...found } = await caseListPage(
    deps.db,
    issueList,
    user,
    { status: query.status, priority: query.priority, category: query.category },
    and(
      assignee ? eq(issues.assignedToId, assignee) : undefined,
      query.student_id ? eq(issues.studentId, query.student_id) : undefined,
      search,
    ),
    {
      page: query.page,
      pageSize: query.pageSize,
      today: programmeDate(deps.clock.now()),
      searched: search !== undefined,
    },
  );
  const status = (s: IssueStatus) => tiles.byStatus[s] ?? 0;
  const counts: IssueListResponse['counts'] = {
    total: tiles.total,
    open: status('open'),
    in_progress: status('in_progress'),
    resolved: status('resolved'),
    closed: status('closed'),
  };
  return { ...found, counts };
}

export async function getIssue(deps: AppDeps, user: SessionUser, id: string): Promise<Issue> {
  return issueDto(await visibleIssue(deps.db, user, id));
}

/** The issue's audit trail (D15), for those who reach the issue. */
export async function issueHistory(deps: AppDeps, user: SessionUser, id: string) {
  await visibleIssue(deps.db, user, id);
  return recordHistory(deps.db, 'issue', id);
}

const audit = studentRecordChangeAudit('issue', auditedIssue);

/** Reporting an issue: about a student the caller reaches, reported by the caller, open. */
export async function createIssue(deps: AppDeps, user: SessionUser, input: IssueInput): Promise<Issue> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await checkCaseStudent(tx, user, input.student_id);
    await checkAssignee(tx, input.assigned_to_id ?? null);
    const [added] = await tx
      .insert(issues)
      .values({
        title: input.title,
        description: input.description,
        studentId: input.student_id,
        reporterId: user.id,
        assignedToId: input.assigned_to_id ?? null,
        priority: input.priority,
        category: input.category,
        status: 'open',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, user, now, 'reported', `${user.name} reported the issue "${input.title}"`, null, added!);
    return added!.id;
  });
  return getIssue(deps, user, id);
}

export async function updateIssue(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: IssueInput,
): Promise<Issue> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { issue: before } = await visibleIssue(tx, user, id, { forUpdate: true });
    await checkCaseStudent(tx, user, input.student_id, before.studentId);
    const assignee = input.assigned_to_id ?? null;
    await checkAssignee(tx, assignee === before.assignedToId ? null : assignee);
    const [after] = await tx
      .update(issues)
      .set({
        title: input.title,
        description: input.description,
        studentId: input.student_id,
        assignedToId: assignee,
        priority: input.priority,
        category: input.category,
        updatedAt: now,
      })
      .where(eq(issues.id, id))
      .returning();
    await audit(tx, user, now, 'updated', `${user.name} updated the issue "${input.title}"`, before, after!);
  });
  return getIssue(deps, user, id);
}

/** What a move writes besides the status: resolving keeps the note and who; reopening clears them. */
function resolutionOf(to: IssueStatus, change: IssueStatusChange, user: SessionUser, now: Date) {
  if (to === 'resolved') {
    if (!change.resolution_note)
      throw badRequest(M.resolutionRequired, { resolution_note: M.resolutionRequired });
    return { resolutionNote: change.resolution_note, resolvedAt: now, resolvedById: user.id };
  }
  if (to === 'open') return { resolutionNote: null, resolvedAt: null, resolvedById: null };
  return {};
}

const MOVE_ACTIONS: Record<IssueStatus, string> = {
  in_progress: 'started',
  resolved: 'resolved',
  closed: 'closed',
  open: 'reopened',
};

export async function moveIssue(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  change: IssueStatusChange,
): Promise<Issue> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { issue: before } = await visibleIssue(tx, user, id, { forUpdate: true });
    const from = before.status as IssueStatus;
    if (!canMoveIssue(from, change.status)) throw conflict(M.issueMove(from, change.status));
    const [after] = await tx
      .update(issues)
      .set({ status: change.status, ...resolutionOf(change.status, change, user, now), updatedAt: now })
      .where(eq(issues.id, id))
      .returning();
    const action = MOVE_ACTIONS[change.status];
    const summary = `${user.name} ${action} the issue "${before.title}" (now ${ISSUE_STATUS_LABELS[change.status]})`;
    await audit(tx, user, now, action, summary, before, after!);
  });
  return getIssue(deps, user, id);
}

/** Issues are case records (D12): deputy managers and admins delete one, with its thread. */
export async function deleteIssue(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { issue: before } = await visibleIssue(tx, user, id, { forUpdate: true });
    if (!canDeleteIssue(user.role)) throw forbidden(M.deleteIssueForbidden);
    await tx.delete(issues).where(eq(issues.id, id));
    await audit(tx, user, now, 'deleted', `${user.name} deleted the issue "${before.title}"`, before, null);
  });
}

const commentDto = (c: typeof issueComments.$inferSelect): IssueComment => ({
  id: c.id,
  issue_id: c.issueId,
  author_id: c.authorId,
  author_name: c.authorName,
  text: c.text,
  created_at: c.createdAt.toISOString(),
});

/** The thread, oldest first (newest last). */
export async function listComments(deps: AppDeps, user: SessionUser, id: string) {
  await visibleIssue(deps.db, user, id);
  const rows = await deps.db
    .select()
    .from(issueComments)
    .where(eq(issueComments.issueId, id))
    .orderBy(issueComments.createdAt, issueComments.id);
  return { items: rows.map(commentDto) };
}

export async function addComment(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  text: string,
): Promise<IssueComment> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { issue } = await visibleIssue(tx, user, id, { forUpdate: true });
    const [added] = await tx
      .insert(issueComments)
      .values({ issueId: id, authorId: user.id, authorName: user.name, text, createdAt: now })
      .returning();
    await tx.update(issues).set({ updatedAt: now }).where(eq(issues.id, id));
    await recordCaseChange(tx, user, {
      entityType: 'issue',
      id,
      studentId: issue.studentId,
      action: 'commented',
      summary: `${user.name} commented on the issue "${issue.title}"`,
      at: now,
      before: null,
      after: { comment: text },
    });
    return commentDto(added!);
  });
}

/** The bell (D16): open and in-progress issues assigned to the user. */
export const issueNotifications: NotificationSource = {
  area: 'issues',
  label: 'Issues assigned to you',
  async waitingFor(deps, user) {
    if (!isStaffRole(user.role)) return { count: 0, items: [] };
    const mine = and(eq(issues.assignedToId, user.id), inArray(issues.status, ['open', 'in_progress']));
    return waitingRecords(
      deps.db,
      issues,
      mine,
      deps.db
        .select({
          id: issues.id,
          title: issues.title,
          status: issues.status,
          priority: issues.priority,
          studentName: students.fullName,
        })
        .from(issues)
        .innerJoin(students, eq(students.id, issues.studentId))
        .where(mine)
        .orderBy(...newest),
      (r) => ({
        id: r.id,
        title: r.title,
        detail: `${r.studentName} · ${ISSUE_STATUS_LABELS[r.status as IssueStatus]} · ${r.priority} priority`,
        href: `/issues?${new URLSearchParams({ open: r.id })}`,
      }),
    );
  },
};

/** Issues in the top bar's search, within the caller's scope (D11). */
export const issueSearchSource = searchSource({
  area: 'issues',
  label: 'Issues',
  readableBy: (user) => isStaffRole(user.role),
  // What the item shows, not the whole issue with its people's names and thread (a subquery each).
  rows: (db) =>
    db
      .select({
        id: issues.id,
        title: issues.title,
        status: issues.status,
        studentName: studentName(issues.studentId),
      })
      .from(issues)
      .$dynamic(),
  matching: (term, { user }) => and(issueScopeCondition(user), issueSearch(term.text, user)),
  order: newest,
  item: (row) => ({
    title: row.title,
    detail: `${row.studentName} · ${ISSUE_STATUS_LABELS[row.status as IssueStatus]}`,
  }),
  opens: opensOn('/issues'),
});
