import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Student } from '../../../contracts/students';
import { toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { useStudent } from './students.queries';

export const STUDENT_NOT_REACHABLE = 'This student does not exist, or you may not see it.';

/**
 * /students?open=<id> (a search result, a shared link) opens that student's details: the record
 * is read, handed to `onOpen`, and the parameter leaves the URL, so closing the dialog or reloading
 * does not open it again. A student the user may not see says so in a toast.
 */
export function useStudentFromUrl(onOpen: (student: Student) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get('open');
  const student = useStudent(id);

  useEffect(() => {
    if (!id || student.isPending) return;
    if (student.data) onOpen(student.data);
    else
      toast.error(
        student.error instanceof ApiError && student.error.status === 404
          ? STUDENT_NOT_REACHABLE
          : "Couldn't open this student. Try again.",
      );
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [id, student.isPending, student.data, student.error, onOpen, setSearchParams]);
}
