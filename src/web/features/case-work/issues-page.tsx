import { AlertCircle, CheckCircle2, CircleDot, Clock, XCircle } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { Issue } from '../../../contracts/issues';
import {
  ISSUE_CATEGORIES,
  ISSUE_PRIORITIES,
  ISSUE_STATUS_LABELS,
  ISSUE_STATUSES,
  type IssueStatus,
  CASE_MESSAGES as M,
  valueLabel,
} from '../../../domain/case-work';
import {
  DataTable,
  ListScreen,
  ListTable,
  type StatTile,
  tableStateOf,
  useDeleteConfirm,
} from '../../components/list';
import { formatDate } from '../../lib/format';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { IssueStatusBadge, PriorityBadge, reasonOf } from './case-ui';
import { listQuery, useDeleteIssue, useIssue, useIssues } from './case-work.queries';
import { IssueDetailDialog } from './issue-detail-dialog';
import { IssueFormDialog } from './issue-form-dialog';

const ParamsSchema = listStateSchema({
  status: filterParam(ISSUE_STATUSES),
  category: filterParam(ISSUE_CATEGORIES),
  priority: filterParam(ISSUE_PRIORITIES),
  open: z.string().max(40).default(''),
});

type Editing = { issue?: Issue } | null;

/**
 * /issues: the Issue Tracker (docs/product.md §2): tiles by status, search, status, category and
 * priority filters, Report Issue, and each issue's detail with its thread and status actions.
 */
export function IssuesPage() {
  const { state: params, update } = useUrlListState(ParamsSchema);
  const issues = useIssues(
    listQuery({
      q: params.q,
      status: params.status,
      category: params.category,
      priority: params.priority,
      page: params.page,
      pageSize: 25,
    }),
  );
  const opened = useIssue(params.open);
  const [editing, setEditing] = useState<Editing>(null);
  const counts = issues.data?.counts;
  const filtered = Boolean(params.q || params.status || params.category || params.priority);
  const open = (issue: Issue) => update({ open: issue.id, page: params.page });
  const closeDetail = () => update({ open: '', page: params.page });
  const deletion = useDeleteConfirm<Issue>({
    mutation: useDeleteIssue(),
    noun: 'issue',
    message: M.deleteIssue,
    deleted: 'Issue deleted.',
    reasonOf,
    onDeleted: closeDetail,
  });

  const tiles: Array<StatTile<IssueStatus | ''>> = [
    { key: '', label: 'Total Issues', icon: AlertCircle, tone: 'sky', value: counts?.total ?? 0 },
    { key: 'open', label: 'Open', icon: CircleDot, tone: 'rose', value: counts?.open ?? 0 },
    { key: 'in_progress', label: 'In Progress', icon: Clock, tone: 'amber', value: counts?.in_progress ?? 0 },
    { key: 'resolved', label: 'Resolved', icon: CheckCircle2, tone: 'emerald', value: counts?.resolved ?? 0 },
    { key: 'closed', label: 'Closed', icon: XCircle, tone: 'slate', value: counts?.closed ?? 0 },
  ];
  return (
    <ListScreen
      list={{ state: params, update }}
      title="Issue Tracker"
      description="Students' problems, from report to resolution"
      main={{ label: 'Report Issue', onClick: () => setEditing({}) }}
      tiles={{
        label: 'Issues by status',
        tiles,
        selected: params.status,
        onSelect: (status) => update({ status }),
        loading: !counts,
        className: 'sm:grid-cols-3 lg:grid-cols-5',
      }}
      search={{ label: 'Search issues', placeholder: M.issueSearch }}
      filters={[
        {
          key: 'status',
          label: 'Status',
          all: 'All Statuses',
          values: ISSUE_STATUSES,
          labels: ISSUE_STATUS_LABELS,
        },
        {
          key: 'category',
          label: 'Category',
          all: 'All Categories',
          values: ISSUE_CATEGORIES,
          labels: valueLabel,
        },
        {
          key: 'priority',
          label: 'Priority',
          all: 'All Priorities',
          values: ISSUE_PRIORITIES,
          labels: valueLabel,
        },
      ]}
      linkError={opened.isError && params.open ? reasonOf(opened.error) : null}
    >
      <ListTable query={issues} onPage={(page) => update({ page })}>
        <DataTable
          label="Issues"
          {...tableStateOf(issues, { title: "Couldn't load the issues", message: reasonOf })}
          rowKey={(issue) => issue.id}
          emptyIcon={AlertCircle}
          emptyTitle={M.noIssues}
          emptyFilteredTitle={M.noIssues}
          filtered={filtered}
          columns={[
            {
              header: 'Issue',
              cell: (issue) => (
                <button
                  type="button"
                  onClick={() => open(issue)}
                  className="text-left font-medium text-slate-900 hover:text-primary hover:underline"
                >
                  {issue.title}
                  <span className="block text-xs font-normal text-slate-500">
                    {valueLabel(issue.category)} · {issue.comment_count} comments
                  </span>
                </button>
              ),
            },
            { header: 'Student', cell: (issue) => issue.student_name },
            { header: 'Assigned To', cell: (issue) => issue.assigned_to_name ?? 'Unassigned' },
            { header: 'Priority', cell: (issue) => <PriorityBadge priority={issue.priority} /> },
            { header: 'Status', cell: (issue) => <IssueStatusBadge status={issue.status} /> },
            { header: 'Reported', cell: (issue) => formatDate(issue.created_at) },
          ]}
          card={(issue) => (
            <button type="button" onClick={() => open(issue)} className="block w-full space-y-2 text-left">
              <span className="flex items-start justify-between gap-2">
                <span className="font-medium text-slate-900">{issue.title}</span>
                <PriorityBadge priority={issue.priority} />
              </span>
              <span className="block text-sm text-slate-600">
                {issue.student_name} · {valueLabel(issue.category)}
              </span>
              <span className="flex items-center gap-2 text-sm">
                <IssueStatusBadge status={issue.status} />
                <span className="text-slate-600">{formatDate(issue.created_at)}</span>
              </span>
            </button>
          )}
        />
      </ListTable>
      {opened.data && !editing && (
        <IssueDetailDialog
          issue={opened.data}
          onClose={closeDetail}
          onEdit={(issue) => setEditing({ issue })}
          onDelete={deletion.ask}
        />
      )}
      {editing && (
        <IssueFormDialog
          key={editing.issue?.id ?? 'add'}
          issue={editing.issue}
          onClose={() => setEditing(null)}
          onSaved={(issue) => !editing.issue && open(issue)}
        />
      )}
      {deletion.dialog}
    </ListScreen>
  );
}
