import { and, eq, or, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type { Issue } from '../../../contracts/issues';
import {
  type CaseActor,
  type IssueCategory,
  type IssuePriority,
  type IssueStatus,
  CASE_MESSAGES as M,
} from '../../../domain/case-work';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { recordColumns } from '../../db/record-columns';
import { issues } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofStudentsNamed } from '../students/students.service';
import { inCaseScope, namedAmongCases } from './case-viewers';
import { commentCount, staffName, studentName } from './name-lookups';

/*
 * Issues as the API answers them, with the names of the people and the student, and the lookup
 * every issue route starts from: an issue outside the caller's scope (D11) answers 404 like a
 * missing one.
 */

const issueExtras = {
  studentName: studentName(issues.studentId) as SQL<string>,
  reporterName: staffName(issues.reporterId),
  assigneeName: staffName(issues.assignedToId),
  resolverName: staffName(issues.resolvedById),
  commentCount: commentCount(issues.id),
};

/** Issues with the names of their people and student, and how long their thread is. */
export const selectIssues = (db: DbOrTx) =>
  db.select({ issue: recordColumns(issues), ...issueExtras }).from(issues);

/** The search over title, description and the student's name (D17). */
export function issueSearch(q: string | undefined, actor: CaseActor): SQL | undefined {
  return or(textSearch(issues.searchText, q), ofStudentsNamed(issues.studentId, q, namedAmongCases(actor)));
}

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

/** The issues the actor reaches (D11): about their students, assigned to them or reported by them. */
export const issueScopeCondition = (actor: CaseActor) => inCaseScope('issue', actor, issues.id);

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
