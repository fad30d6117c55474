import { useState } from 'react';
import { DeleteConfirmDialog, toast } from '../ui';

/** What the hook reads of a TanStack mutation that deletes one record by its id. */
interface DeleteMutation {
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
  title,
  message,
  deleted,
  failed,
  reasonOf,
  onDeleted,
}: {
  mutation: DeleteMutation;
  /** 'Delete event'. */
  title: string;
  message: string | ((record: T) => string);
  /** The toast once it is gone. */
  deleted: string;
  /** The toast's title when it could not be deleted ('Failed to delete event'). */
  failed: string;
  reasonOf: (error: unknown) => string;
  onDeleted?: (record: T) => void;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <DeleteConfirmDialog
      open={deleting !== null}
      onCancel={() => setDeleting(null)}
      title={title}
      message={typeof message === 'string' ? message : deleting ? message(deleting) : ''}
      busy={mutation.isPending}
      onConfirm={() =>
        deleting &&
        mutation.mutate(deleting.id, {
          onSuccess: () => {
            toast.success(deleted);
            onDeleted?.(deleting);
          },
          onError: (error) => toast.error(failed, { description: reasonOf(error) }),
          onSettled: () => setDeleting(null),
        })
      }
    />
  );
  return { ask: setDeleting, deleting, dialog };
}
