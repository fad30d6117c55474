import { Check, FileText, Plus, X } from 'lucide-react';
import { useState } from 'react';
import type { Entry, Yearbook } from '../../../contracts/yearbook';
import {
  classOf,
  YEARBOOK_FAILURES as F,
  isDecidable,
  YEARBOOK_MESSAGES as M,
} from '../../../domain/yearbook';
import { DataTable, DeleteButton, EditButton, tableStateOf } from '../../components/list';
import { Button, Card, ConfirmDialog, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { useDecideEntry, useDeleteEntry, useEntries } from './yearbook.queries';
import { EntryFormDialog } from './yearbook-dialogs';
import { EntryStatusBadge, NETWORK } from './yearbook-ui';

type Editing = { mode: 'add' } | { mode: 'edit'; entry: Entry } | null;
type Confirming = { action: 'reject' | 'delete'; entry: Entry } | null;

/** The Entries tab of the selected yearbook: add, approve and reject pending ones, edit, delete. */
export function EntriesTab({ yearbook }: { yearbook: Yearbook }) {
  const entries = useEntries(yearbook.id);
  const decide = useDecideEntry();
  const remove = useDeleteEntry();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: errorMessage(error, { failed: F.other, network: NETWORK }) });

  const approve = (entry: Entry) =>
    decide.mutate(
      { id: entry.id, decision: 'approve' },
      {
        onSuccess: () => toast.success(`${entry.student_name}'s entry approved.`),
        onError: failed(F.approveEntry),
      },
    );
  const confirm = () => {
    if (!confirming) return;
    const { action, entry } = confirming;
    const close = () => setConfirming(null);
    if (action === 'reject')
      decide.mutate(
        { id: entry.id, decision: 'reject' },
        {
          onSuccess: () => toast.success(`${entry.student_name}'s entry rejected.`),
          onError: failed(F.rejectEntry),
          onSettled: close,
        },
      );
    else
      remove.mutate(entry.id, {
        onSuccess: () => toast.success('Entry deleted.'),
        onError: failed(F.deleteEntry),
        onSettled: close,
      });
  };

  const actions = (entry: Entry) => (
    <div className="flex flex-wrap justify-end gap-1">
      {isDecidable(entry.status) && (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Approve ${entry.student_name}`}
            onClick={() => approve(entry)}
          >
            <Check aria-hidden="true" className="size-4 text-emerald-700" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Reject ${entry.student_name}`}
            onClick={() => setConfirming({ action: 'reject', entry })}
          >
            <X aria-hidden="true" className="size-4 text-red-700" />
            Reject
          </Button>
        </>
      )}
      <EditButton name={entry.student_name} onClick={() => setEditing({ mode: 'edit', entry })} worded />
      <DeleteButton
        name={entry.student_name}
        onClick={() => setConfirming({ action: 'delete', entry })}
        worded
      />
    </div>
  );

  const busy = decide.isPending || remove.isPending;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Entries for {classOf(yearbook.year)}</h2>
          <p className="text-sm text-slate-600">
            {entries.data
              ? `${entries.data.total} ${entries.data.total === 1 ? 'entry' : 'entries'}`
              : 'Loading...'}
          </p>
        </div>
        <Button onClick={() => setEditing({ mode: 'add' })}>
          <Plus aria-hidden="true" className="size-4" />
          Add Entry
        </Button>
      </div>
      <Card>
        <DataTable
          label={`Entries for ${classOf(yearbook.year)}`}
          {...tableStateOf(entries, {
            title: "Couldn't load the entries",
            message: (error) =>
              errorMessage(error, { failed: 'The server could not answer.', network: NETWORK }),
          })}
          rowKey={(e) => e.id}
          busy={entries.isFetching || busy}
          emptyIcon={FileText}
          emptyTitle="No entries yet. Add one, or wait for graduates to submit theirs."
          columns={[
            {
              header: 'Student',
              cell: (e) => (
                <div>
                  <span className="font-medium text-slate-900">{e.student_name}</span>
                  <OtherClasses entry={e} />
                </div>
              ),
            },
            { header: 'Program', cell: (e) => e.program ?? 'N/A' },
            { header: 'Status', cell: (e) => <EntryStatusBadge status={e.status} /> },
            { header: <span className="sr-only">Actions</span>, cell: actions, className: 'text-right' },
          ]}
          card={(e) => (
            <div className="space-y-2">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{e.student_name}</span>
                <EntryStatusBadge status={e.status} />
              </div>
              <OtherClasses entry={e} />
              <p className="text-sm text-slate-600">{e.program ?? 'N/A'}</p>
              {actions(e)}
            </div>
          )}
        />
      </Card>

      {editing && (
        <EntryFormDialog
          yearbookId={yearbook.id}
          entry={editing.mode === 'edit' ? editing.entry : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !busy && setConfirming(null)}
        title={confirming?.action === 'reject' ? 'Reject entry' : 'Delete entry'}
        message={confirming?.action === 'reject' ? M.rejectConfirm : M.deleteEntryConfirm}
        confirmLabel={confirming?.action === 'reject' ? 'Reject' : 'Delete'}
        variant="danger"
        busy={busy}
        busyLabel={confirming?.action === 'reject' ? 'Rejecting...' : 'Deleting...'}
        onConfirm={confirm}
      />
    </div>
  );
}

/**
 * A student with an entry in another yearbook too (issue 46): the reviewer sees it before
 * approving one that would put them in two classes.
 */
function OtherClasses({ entry }: { entry: Entry }) {
  const classes = entry.other_classes ?? [];
  if (classes.length === 0) return null;
  return (
    <p className="mt-0.5 text-xs font-medium text-amber-800">
      Also has an entry in {classes.map(classOf).join(', ')}
    </p>
  );
}
