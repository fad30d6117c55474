import { MessageSquare, Pencil, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { Issue } from '../../../contracts/issues';
import {
  CASE_LIMITS,
  canDeleteIssue,
  ISSUE_MOVE_LABELS,
  type IssueStatus,
  issueMoves,
  CASE_MESSAGES as M,
  valueLabel,
} from '../../../domain/case-work';
import { Button, ClosingNote, Dialog, Field, Textarea, toast } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { DetailsTabs } from '../audit';
import { IssueStatusBadge, PriorityBadge, reasonOf } from './case-ui';
import { useAddComment, useIssueComments, useMoveIssue } from './case-work.queries';

/**
 * An issue's detail: its fields, the status actions its state allows (resolving asks for the
 * resolution note), and the thread with a box to add to it.
 */
export function IssueDetailDialog({
  issue,
  onClose,
  onEdit,
  onDelete,
}: {
  issue: Issue;
  onClose: () => void;
  onEdit: (issue: Issue) => void;
  onDelete: (issue: Issue) => void;
}) {
  const user = useCurrentUser();
  const move = useMoveIssue();
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  const moveTo = (status: IssueStatus, resolution_note?: string) =>
    move.mutate(
      { id: issue.id, status, resolution_note },
      {
        onSuccess: () => {
          toast.success(
            `Issue ${status === 'open' ? 'reopened' : `marked ${valueLabel(status).toLowerCase()}`}.`,
          );
          setResolving(false);
          setNote('');
        },
        onError: (error) => toast.error('Failed to update issue', { description: reasonOf(error) }),
      },
    );
  const resolve = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setNoteError(M.resolutionRequired);
    moveTo('resolved', note.trim());
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={issue.title} size="lg">
      <DetailsTabs record={{ kind: 'issue', id: issue.id }}>
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <IssueStatusBadge status={issue.status} />
            <PriorityBadge priority={issue.priority} />
            <span className="text-sm text-slate-600">{valueLabel(issue.category)}</span>
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="Student" value={issue.student_name} />
            <Detail label="Assigned To" value={issue.assigned_to_name ?? 'Unassigned'} />
            <Detail label="Reported By" value={issue.reporter_name ?? 'Former staff member'} />
            <Detail label="Reported" value={formatDateTime(issue.created_at)} />
          </dl>
          <p className="text-sm whitespace-pre-wrap text-slate-800">{issue.description}</p>
          <ClosingNote
            title="Resolution"
            note={issue.resolution_note}
            by={issue.resolved_by_name}
            at={issue.resolved_at}
          />

          {resolving ? (
            <form onSubmit={resolve} className="space-y-3 rounded-md border border-slate-200 p-3">
              <Field label="Resolution Note" required error={noteError ?? undefined}>
                <Textarea
                  rows={3}
                  autoFocus
                  maxLength={CASE_LIMITS.resolutionNote}
                  value={note}
                  onChange={(e) => {
                    setNote(e.target.value);
                    setNoteError(null);
                  }}
                />
              </Field>
              <div className="flex justify-end gap-2">
                <Button type="button" variant="secondary" onClick={() => setResolving(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={move.isPending}>
                  {move.isPending ? 'Resolving...' : 'Resolve Issue'}
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              {issueMoves(issue.status).map((status) => (
                <Button
                  key={status}
                  variant={status === 'open' ? 'secondary' : 'primary'}
                  disabled={move.isPending}
                  onClick={() => (status === 'resolved' ? setResolving(true) : moveTo(status))}
                >
                  {ISSUE_MOVE_LABELS[status]}
                </Button>
              ))}
              <Button variant="secondary" onClick={() => onEdit(issue)}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
              {canDeleteIssue(user.role) && (
                <Button variant="danger" onClick={() => onDelete(issue)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              )}
            </div>
          )}
          <Thread issueId={issue.id} />
        </div>
      </DetailsTabs>
    </Dialog>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

function Thread({ issueId }: { issueId: string }) {
  const comments = useIssueComments(issueId);
  const add = useAddComment();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(M.commentRequired);
    add.mutate(
      { id: issueId, text: text.trim() },
      {
        onSuccess: () => setText(''),
        onError: (failure) => toast.error('Failed to add comment', { description: reasonOf(failure) }),
      },
    );
  };
  const items = comments.data?.items ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <MessageSquare aria-hidden="true" className="size-4" />
        Comments ({items.length})
      </h3>
      {comments.isError && <p className="text-sm text-red-700">{reasonOf(comments.error)}</p>}
      {comments.isPending && <p className="text-sm text-slate-600">Loading comments...</p>}
      {!comments.isPending && items.length === 0 && (
        <p className="text-sm text-slate-600">No comments yet.</p>
      )}
      <ol className="space-y-3">
        {items.map((c) => (
          <li key={c.id} className="rounded-md bg-slate-50 p-3">
            <p className="text-xs text-slate-600">
              <span className="font-medium text-slate-800">{c.author_name}</span> ·{' '}
              {formatDateTime(c.created_at)}
            </p>
            <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900">{c.text}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="space-y-2">
        <Field label="Add a comment" error={error ?? undefined}>
          <Textarea
            rows={2}
            maxLength={CASE_LIMITS.comment}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={add.isPending}>
            <Send aria-hidden="true" className="size-4" />
            {add.isPending ? 'Posting...' : 'Post Comment'}
          </Button>
        </div>
      </form>
    </section>
  );
}
