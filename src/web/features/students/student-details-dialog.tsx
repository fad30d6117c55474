import type { ReactNode } from 'react';
import type { Student } from '../../../contracts/students';
import { ACADEMIC_STANDING_LABELS, GENDER_LABELS } from '../../../domain/students';
import { Button, Dialog } from '../../components/ui';
import { formatDate, formatDateTime } from '../../lib/format';
import { DetailsTabs } from '../audit';
import { categoryLabel, StatusBadge, StudentAvatar } from './student-ui';

/** A read-only label/value list; empty values show a dash. */
export function DetailList({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900">
            {value === null || value === undefined || value === '' ? (
              <span className="text-slate-400">Not provided</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Student Details: a read-only summary of the record (every role that sees the student). */
export function StudentDetailsDialog({
  student,
  open,
  onOpenChange,
  onEdit,
}: {
  student: Student | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown only when the user may edit this student. */
  onEdit?: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Student Details"
      size="lg"
      footer={
        <>
          {onEdit && (
            <Button variant="secondary" onClick={onEdit}>
              Edit
            </Button>
          )}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </>
      }
    >
      {student && (
        <DetailsTabs record={{ kind: 'student', id: student.id }}>
          <div className="space-y-5">
            <div className="flex items-center gap-4">
              <StudentAvatar
                photoUrl={student.profile_photo_url}
                firstName={student.first_name}
                lastName={student.last_name}
              />
              <div className="min-w-0">
                <p className="text-lg font-semibold text-slate-900">{student.full_name}</p>
                <p className="text-sm text-slate-600">{student.chl_number ?? 'No CHL number'}</p>
              </div>
              <div className="ml-auto">
                <StatusBadge status={student.program_status} />
              </div>
            </div>
            <DetailList
              items={[
                ['Email', student.email],
                ['Contact Number', student.contact_number],
                ['Community', student.community],
                ['Gender', GENDER_LABELS[student.gender]],
                ['Date of Birth', student.date_of_birth && formatDate(student.date_of_birth)],
                ['Age', student.age],
                ['Category', categoryLabel(student.program_level)],
                ['Institution', student.institution_name],
                ['Current Program', student.current_program],
                ['Academic Standing', ACADEMIC_STANDING_LABELS[student.academic_standing]],
                ['Overall GPA', student.overall_gpa?.toFixed(2)],
                ['Assigned Officer', student.assigned_officer_name],
                ['Added', formatDateTime(student.created_at)],
                ['Last Updated', formatDateTime(student.updated_at)],
              ]}
            />
          </div>
        </DetailsTabs>
      )}
    </Dialog>
  );
}
