import { useState } from 'react';
import type { StudentFile } from '../../../contracts/student-files';
import { FILE_MESSAGES } from '../../../domain/student-files';
import { ConfirmDialog, toast } from '../../components/ui';
import { reasonOf, useDeleteFile } from './forms-files.queries';

/** Delete for a list of files: `ask(file)` opens the question, `dialog` is rendered beside the list. */
export function useFileDeletion(onDeleted?: (file: StudentFile) => void) {
  const remove = useDeleteFile();
  const [deleting, setDeleting] = useState<StudentFile | null>(null);
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(next) => !next && !remove.isPending && setDeleting(null)}
      title="Delete file"
      message={deleting ? `Delete ${deleting.name}? This cannot be undone.` : ''}
      confirmLabel="Delete"
      variant="danger"
      busy={remove.isPending}
      busyLabel="Deleting..."
      onConfirm={() =>
        deleting &&
        remove.mutate(deleting.id, {
          onSuccess: () => {
            toast.success(FILE_MESSAGES.deleted);
            onDeleted?.(deleting);
          },
          onError: (error) => toast.error('Failed to delete file', { description: reasonOf(error) }),
          onSettled: () => setDeleting(null),
        })
      }
    />
  );
  return { ask: setDeleting, dialog };
}
