import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../contracts/common';
import type { Issue } from '../../../contracts/issues';
import {
  type CaseActor,
  caseScope,
  type IssueCategory,
  type IssuePriority,
  type IssueStatus,
  CASE_MESSAGES as M,
} from '../../../domain/case-work';
import type { DbOrTx } from '../../db/client';
import { issueComments, issues, students, users } from '../../db/schema';
import { notFound } from '../../http/errors';

/*
 * Issues as the API answers them, with the names of the people and the student, and the lookup
 * every issue route starts from: an issue outside the caller's scope (D11) answers 404 like a
 * missing one.
 */

const reporter = alias(users, 'reporter');
const assignee = alias(users, 'assignee');
const resolver = alias(users, 'resolver');

export const selectIssues = (db: DbOrTx) =>
  db
    .select({
      issue: issues,
      studentName: students.fullName,
      studentOfficerId: students.assignedOfficerId,
      reporterName: reporter.name,
      assigneeName: assignee.name,
      resolverName: resolver.name,
      commentCount: sql<number>`(select count(*)::int from ${issueComments} where ${issueComments.issueId} = ${issues.id})`,
    })
    .from(issues)
    .innerJoin(students, eq(students.id, issues.studentId))
    .leftJoin(reporter, eq(reporter.id, issues.reporterId))
    .leftJoin(assignee, eq(assignee.id, issues.assignedToId))
    .leftJoin(resolver, eq(resolver.id, issues.resolvedById));

export type IssueRow = Awaited<ReturnType<ReturnType<typeof selectIssues>['where']>>[number];

export function issueDto(row: IssueRow): Issue {
  const { issue } = row;
  return {
    id: issue.id,
    title: issue.title,
    description: issue.description,
    student_id: issue.studentId,
    student_name: row.studentName,
    reporter_id: issue.reporterId,
    reporter_name: row.reporterName,
    assigned_to_id: issue.assignedToId,
    assigned_to_name: row.assigneeName,
    priority: issue.priority as IssuePriority,
    category: issue.category as IssueCategory,
    status: issue.status as IssueStatus,
    resolution_note: issue.resolutionNote,
    resolved_at: issue.resolvedAt?.toISOString() ?? null,
    resolved_by_name: row.resolverName,
    comment_count: Number(row.commentCount),
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
  };
}

/** The issue's fields as the audit trail keeps them. */
export const auditedIssue = (i: IssueRow['issue']) => ({
  title: i.title,
  description: i.description,
  student_id: i.studentId,
  assigned_to_id: i.assignedToId,
  priority: i.priority,
  category: i.category,
  status: i.status,
  resolution_note: i.resolutionNote,
});

/**
 * The issues the actor reaches (D11), for a query joining students as selectIssues does: a program
 * officer's are about their students, assigned to them or reported by them.
 */
export function issueScopeCondition(actor: CaseActor): SQL | undefined {
  const scope = caseScope(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  const me = scope.officerId;
  return or(eq(issues.assignedToId, me), eq(issues.reporterId, me), eq(students.assignedOfficerId, me));
}

/** The issue, locked when `forUpdate`; 404 when missing or outside the caller's scope. */
export async function visibleIssue(
  db: DbOrTx,
  actor: CaseActor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<IssueRow> {
  if (!isUuid(id)) throw notFound(M.issueNotFound);
  const query = selectIssues(db).where(and(eq(issues.id, id), issueScopeCondition(actor)));
  const [row] = options.forUpdate ? await query.for('update', { of: issues }) : await query;
  if (!row) throw notFound(M.issueNotFound);
  return row;
}
