import { useState } from 'react';
import { DeleteConfirmDialog, toast } from '../ui';

/** What the hook reads of a TanStack mutation that deletes one record by its id. */
export interface DeleteMutation {
  isPending: boolean;
  mutate: (
    id: string,
    handlers: { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void },
  ) => void;
}

/**
 * Delete for a list's records: `ask(record)` opens the question, `dialog` is rendered beside the
 * list, `deleting` is the record asked about (null when none). The dialog stays while the delete
 * runs, then says what happened in a toast.
 */
export function useDeleteConfirm<T extends { id: string }>({
  mutation,
  noun,
  message,
  deleted,
  reasonOf,
  onDeleted,
}: {
  mutation: DeleteMutation;
  /** What the record is ('event'): the question is 'Delete event', a failure 'Failed to delete event'. */
  noun: string;
  message: string | ((record: T) => string);
  /** The toast once it is gone. */
  deleted: string;
  reasonOf: (error: unknown) => string;
  onDeleted?: (record: T) => void;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <DeleteConfirmDialog
      open={deleting !== null}
      onCancel={() => setDeleting(null)}
      title={`Delete ${noun}`}
      message={typeof message === 'string' ? message : deleting ? message(deleting) : ''}
      busy={mutation.isPending}
      onConfirm={() =>
        deleting &&
        mutation.mutate(deleting.id, {
          onSuccess: () => {
            toast.success(deleted);
            onDeleted?.(deleting);
          },
          onError: (error) => toast.error(`Failed to delete ${noun}`, { description: reasonOf(error) }),
          onSettled: () => setDeleting(null),
        })
      }
    />
  );
  return { ask: setDeleting, deleting, dialog };
}
