import type { StudentListItem } from '../../../contracts/students';
import { DeleteConfirmDialog, toast } from '../../components/ui';
import { STUDENT_UI_MESSAGES as M } from './messages';
import { failureReason, useDeleteStudent } from './students.queries';

/**
 * 'Delete Student': asks, deletes, says how it went, and closes (also after a failure, whose
 * reason the toast gives). Student Management and Student Profiles both delete through it.
 */
export function DeleteStudentDialog({
  student,
  onClose,
}: {
  /** A list row is enough: deleting needs only the id. */
  student: Pick<StudentListItem, 'id'> | null;
  onClose: () => void;
}) {
  const remove = useDeleteStudent();
  const onDelete = async (target: Pick<StudentListItem, 'id'>) => {
    try {
      await remove.mutateAsync(target.id);
      toast.success(M.deleted);
    } catch (error) {
      toast.error(M.deleteFailed(failureReason(error)));
    } finally {
      onClose();
    }
  };
  return (
    <DeleteConfirmDialog
      open={student !== null}
      onCancel={onClose}
      title="Delete Student"
      message={M.deleteConfirm}
      busy={remove.isPending}
      onConfirm={() => student && onDelete(student)}
    />
  );
}
