import { X } from 'lucide-react';
import { Button, Field } from '../../components/ui';
import { cn } from '../../lib/cn';
import { type StudentOption, StudentPicker, useStudent } from '../students';

/**
 * A list's student filter, kept in the address as `student_id` (a profile's 'View all' link sets
 * it): a search-as-you-type picker over the students the user reaches, and a button to clear it.
 */
export function StudentFilter({
  studentId,
  onChange,
  className,
}: {
  studentId: string;
  onChange: (studentId: string) => void;
  className?: string;
}) {
  const student = useStudent(studentId || null);
  const chosen: StudentOption | null = studentId && student.data?.id === studentId ? student.data : null;
  return (
    <div className={cn('flex items-end gap-1', className)}>
      <Field label={<span className="sr-only">Student</span>} className="min-w-0 flex-1">
        <StudentPicker
          // A new pick from outside (a link, Back) shows its name: the picker keeps its own text.
          key={chosen?.id ?? 'none'}
          value={chosen}
          onChange={(next) => next && onChange(next.id)}
          showChosen={false}
          placeholder={
            !studentId
              ? 'All Students'
              : student.isError
                ? 'Student not found'
                : student.isPending
                  ? 'Loading student...'
                  : 'All Students'
          }
        />
      </Field>
      {studentId && (
        <Button variant="ghost" size="icon" aria-label="Clear student filter" onClick={() => onChange('')}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      )}
    </div>
  );
}
