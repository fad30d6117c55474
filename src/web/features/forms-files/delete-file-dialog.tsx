import type { StudentFile } from '../../../contracts/student-files';
import { FILE_MESSAGES } from '../../../domain/student-files';
import { useDeleteConfirm } from '../../components/list';
import { reasonOf, useDeleteFile } from './forms-files.queries';

/** Delete for a list of files: `ask(file)` opens the question, `dialog` is rendered beside the list. */
export function useFileDeletion(onDeleted?: (file: StudentFile) => void) {
  return useDeleteConfirm<StudentFile>({
    mutation: useDeleteFile(),
    noun: 'file',
    message: (file) => `Delete ${file.name}? This cannot be undone.`,
    deleted: FILE_MESSAGES.deleted,
    reasonOf,
    onDeleted,
  });
}
