import type { ReactNode } from 'react';
import type { Student, StudentListItem } from '../../../contracts/students';
import { ACADEMIC_STANDING_LABELS, GENDER_LABELS } from '../../../domain/students';
import { Button, Dialog } from '../../components/ui';
import { formatDate, formatDateTime } from '../../lib/format';
import { DetailsTabs } from '../audit';
import { SmsMessagesTab } from '../sms';
import { categoryLabel, StatusBadge, StudentAvatar, StudentRecordPending } from './student-ui';
import { useStudent } from './students.queries';

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

/**
 * Student Details: a read-only summary of the record (every role that sees the student). Opened
 * from a list row, which carries only the list's fields: the header shows at once from the row,
 * the rest once the whole record (GET /api/students/:id) has arrived.
 */
export function StudentDetailsDialog({
  student: item,
  open,
  onOpenChange,
  onEdit,
}: {
  student: StudentListItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown only when the user may edit this student. */
  onEdit?: () => void;
}) {
  const record = useStudent(item?.id ?? null);
  const full = record.data;
  const header = full ?? item;
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
      {header && (
        <DetailsTabs
          record={{ kind: 'student', id: header.id }}
          extra={[
            {
              value: 'sms',
              label: 'Text messages',
              content: <SmsMessagesTab of={{ student_id: header.id }} />,
            },
          ]}
        >
          <div className="space-y-5">
            <div className="flex items-center gap-4">
              <StudentAvatar
                photoUrl={header.profile_photo_url}
                firstName={header.first_name}
                lastName={header.last_name}
              />
              <div className="min-w-0">
                <p className="text-lg font-semibold text-slate-900">{header.full_name}</p>
                <p className="text-sm text-slate-600">{header.chl_number ?? 'No CHL number'}</p>
              </div>
              <div className="ml-auto">
                <StatusBadge status={header.program_status} />
              </div>
            </div>
            {full ? (
              <StudentDetailList student={full} />
            ) : (
              <StudentRecordPending
                rows={14}
                error={record.error}
                onRetry={() => void record.refetch()}
                retrying={record.isFetching}
              />
            )}
          </div>
        </DetailsTabs>
      )}
    </Dialog>
  );
}

function StudentDetailList({ student }: { student: Student }) {
  return (
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
  );
}
