import { Users } from 'lucide-react';
import { Card } from '../../components/ui';
import type { KeptStudent } from '../../lib/offline/offline-db';
import { KeptListScreen, type OfflineWork, useKeptStudents } from '../offline';
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
  return (
    <KeptListScreen
      work={work}
      title={title}
      description={description}
      what="students"
      items={useKeptStudents(work)}
      listLabel="Your students"
      emptyIcon={Users}
      emptyText="No students of yours are kept on this phone."
      card={(student) => <KeptStudentCard student={student} />}
    />
  );
}

function KeptStudentCard({ student }: { student: KeptStudent }) {
  return (
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
  );
}
