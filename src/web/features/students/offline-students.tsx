import { Users } from 'lucide-react';
import { Card, PageHeader } from '../../components/ui';
import { KeptNotice, type OfflineWork, useKeptStudents } from '../offline';
import { categoryLabel, StatusBadge } from './student-ui';

/**
 * Student Management with no network (issue 48 item 2): the officer's own students as the phone
 * kept them at the last sync, their basic record only and read only.
 */
export function OfflineStudents({
  work,
  title,
  description,
}: {
  work: OfflineWork;
  title: string;
  description: string;
}) {
  const students = useKeptStudents(work);
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <KeptNotice work={work} what="students" />
      {students === null ? (
        <p className="text-sm text-slate-600">Loading students...</p>
      ) : students.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-6 text-center text-sm text-slate-600">
          <Users aria-hidden="true" className="size-6 text-slate-400" />
          No students of yours are kept on this phone.
        </Card>
      ) : (
        <ul aria-label="Your students" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {students.map((student) => (
            <li key={student.id}>
              <Card className="h-full space-y-1 p-4">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium break-words text-slate-900">{student.full_name}</p>
                  <StatusBadge status={student.program_status} />
                </div>
                {student.chl_number && <p className="text-xs text-slate-500">{student.chl_number}</p>}
                <p className="text-sm text-slate-600">
                  {categoryLabel(student.program_level)}
                  {student.current_program ? ` · ${student.current_program}` : ''}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
