import { BookOpen, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Yearbook } from '../../../contracts/yearbook';
import { classOf, YEARBOOK_FAILURES as F, YEARBOOK_MESSAGES as M } from '../../../domain/yearbook';
import { Button, Card, ConfirmDialog, DeleteConfirmDialog, EmptyState, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDeleteYearbook, usePublishYearbook } from './yearbook.queries';
import { YearbookFormDialog } from './yearbook-dialogs';
import { NETWORK, YearbookStatusBadge } from './yearbook-ui';

type Editing = { mode: 'create' } | { mode: 'edit'; yearbook: Yearbook } | null;

/** The Yearbooks tab: a card per class with edit, publish (drafts) and delete. */
export function YearbooksTab({
  yearbooks,
  selectedId,
  onSelect,
}: {
  yearbooks: Yearbook[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [publishing, setPublishing] = useState<Yearbook | null>(null);
  const [deleting, setDeleting] = useState<Yearbook | null>(null);
  const publish = usePublishYearbook();
  const remove = useDeleteYearbook();

  const act = (
    mutation: typeof publish | typeof remove,
    target: Yearbook,
    done: string,
    failed: string,
    close: () => void,
  ) =>
    mutation.mutate(target.id, {
      onSuccess: () => {
        toast.success(done);
        close();
      },
      onError: (error) => {
        toast.error(failed, { description: errorMessage(error, { failed: F.other, network: NETWORK }) });
        close();
      },
    });

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ mode: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          Create Yearbook
        </Button>
      </div>
      {yearbooks.length === 0 ? (
        <Card>
          <EmptyState
            icon={BookOpen}
            title="No yearbooks yet"
            description="Create the first class's yearbook."
          />
        </Card>
      ) : (
        <ul aria-label="Yearbooks" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {yearbooks.map((yearbook) => (
            <li key={yearbook.id}>
              <article
                className={cn(
                  'flex h-full flex-col rounded-xl border bg-white p-4 shadow-sm',
                  yearbook.id === selectedId
                    ? 'border-emerald-500 ring-1 ring-emerald-500'
                    : 'border-slate-200',
                )}
              >
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <h3 className="text-base font-semibold text-slate-900">
                      <button
                        type="button"
                        className="text-left hover:underline"
                        onClick={() => onSelect(yearbook.id)}
                      >
                        {classOf(yearbook.year)}
                      </button>
                    </h3>
                    <p className="text-sm text-slate-700">{yearbook.title}</p>
                  </div>
                  <YearbookStatusBadge status={yearbook.status} />
                </div>
                {yearbook.theme && <p className="mt-2 text-sm text-slate-500 italic">{yearbook.theme}</p>}
                <p className="mt-2 text-xs text-slate-500">
                  {yearbook.entry_counts.total} entries · {yearbook.entry_counts.pending} pending ·{' '}
                  {yearbook.memory_count} memories
                </p>
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing({ mode: 'edit', yearbook })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </Button>
                  {yearbook.status === 'draft' && (
                    <Button size="sm" onClick={() => setPublishing(yearbook)}>
                      <Send aria-hidden="true" className="size-4" />
                      Publish
                    </Button>
                  )}
                  <Button size="sm" variant="danger" onClick={() => setDeleting(yearbook)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <YearbookFormDialog
          yearbook={editing.mode === 'edit' ? editing.yearbook : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={publishing !== null}
        onOpenChange={(open) => !open && !publish.isPending && setPublishing(null)}
        title={publishing ? `Publish the ${classOf(publishing.year)} yearbook` : 'Publish yearbook'}
        message={M.publishConfirm}
        confirmLabel="Publish"
        busy={publish.isPending}
        busyLabel="Publishing..."
        onConfirm={() =>
          publishing &&
          act(publish, publishing, 'Yearbook published.', F.publishYearbook, () => setPublishing(null))
        }
      />
      <DeleteConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title={deleting ? `Delete the ${classOf(deleting.year)} yearbook` : 'Delete yearbook'}
        message={M.deleteYearbookConfirm}
        busy={remove.isPending}
        onConfirm={() =>
          deleting && act(remove, deleting, 'Yearbook deleted.', F.deleteYearbook, () => setDeleting(null))
        }
      />
    </div>
  );
}
