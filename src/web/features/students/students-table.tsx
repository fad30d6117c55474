import { Eye, Pencil, Trash2, Users } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { StudentListItem } from '../../../contracts/students';
import { type DataColumn, DataTable, type PagedQuery, tableStateOf } from '../../components/list';
import { cn } from '../../lib/cn';
import { STUDENT_UI_MESSAGES as M } from './messages';
import { categoryLabel, StatusBadge } from './student-ui';
import { failureReason } from './students.queries';

export type RowAction = 'details' | 'edit' | 'delete';

interface RowActionProps {
  canEdit: (student: StudentListItem) => boolean;
  canDelete: (student: StudentListItem) => boolean;
  onAction: (action: RowAction, student: StudentListItem) => void;
}

export interface StudentsTableProps extends RowActionProps {
  query: PagedQuery<StudentListItem>;
  filtered: boolean;
}

function IconAction({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
        className,
      )}
      {...props}
    />
  );
}

function RowActions({
  student,
  canEdit,
  canDelete,
  onAction,
}: RowActionProps & { student: StudentListItem }) {
  return (
    <div className="flex justify-end gap-0.5">
      <IconAction
        aria-label={`View details of ${student.full_name}`}
        title="View details"
        onClick={() => onAction('details', student)}
      >
        <Eye aria-hidden="true" className="size-4" />
      </IconAction>
      {canEdit(student) && (
        <IconAction
          aria-label={`Edit ${student.full_name}`}
          title="Edit"
          onClick={() => onAction('edit', student)}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </IconAction>
      )}
      {canDelete(student) && (
        <IconAction
          aria-label={`Delete ${student.full_name}`}
          title="Delete"
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          onClick={() => onAction('delete', student)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </IconAction>
      )}
    </div>
  );
}

function studentColumns(actions: RowActionProps): Array<DataColumn<StudentListItem>> {
  return [
    {
      header: 'Student',
      width: 'w-[27%]',
      skeletonWidth: 'w-40',
      cell: (student) => (
        <>
          <p className="truncate font-medium text-slate-900" title={student.full_name}>
            {student.full_name}
          </p>
          <p className="truncate text-xs text-slate-500" title={student.email ?? undefined}>
            {student.email ?? 'No email'}
          </p>
          {student.chl_number && <p className="truncate text-xs text-slate-500">{student.chl_number}</p>}
        </>
      ),
    },
    {
      header: 'Category',
      width: 'w-[14%]',
      skeletonWidth: 'w-20',
      cell: (student) => categoryLabel(student.program_level),
    },
    {
      header: 'Program',
      width: 'w-[21%]',
      skeletonWidth: 'w-32',
      cell: (student) => (
        <>
          <p className="truncate" title={student.current_program ?? undefined}>
            {student.current_program ?? '—'}
          </p>
          {student.institution_name && (
            <p className="truncate text-xs text-slate-500" title={student.institution_name}>
              {student.institution_name}
            </p>
          )}
        </>
      ),
    },
    {
      header: 'Status',
      width: 'w-[11%]',
      skeletonWidth: 'w-16',
      cell: (student) => <StatusBadge status={student.program_status} />,
    },
    {
      header: 'Officer',
      width: 'w-[15%]',
      skeletonWidth: 'w-20',
      cell: (student) => (
        <p className="truncate" title={student.assigned_officer_name ?? undefined}>
          {student.assigned_officer_name ?? 'Unassigned'}
        </p>
      ),
    },
    {
      header: 'Actions',
      className: 'text-right',
      width: 'w-28',
      skeletonWidth: 'ml-auto w-20',
      cell: (student) => <RowActions student={student} {...actions} />,
    },
  ];
}

function StudentCard({ student, ...actions }: RowActionProps & { student: StudentListItem }) {
  return (
    <>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900">{student.full_name}</p>
          <p className="truncate text-xs text-slate-500">
            {[student.email, student.chl_number].filter(Boolean).join(' · ') || 'No email'}
          </p>
        </div>
        <RowActions student={student} {...actions} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <StatusBadge status={student.program_status} />
        <span>{categoryLabel(student.program_level)}</span>
        {student.current_program && <span className="truncate">{student.current_program}</span>}
      </div>
      <p className="mt-1 text-xs text-slate-500">Officer: {student.assigned_officer_name ?? 'Unassigned'}</p>
    </>
  );
}

/** The students of the current page, with the actions this user may take on each. */
export function StudentsTable({ query, filtered, ...actions }: StudentsTableProps) {
  return (
    <DataTable
      {...tableStateOf(query, { title: M.loadFailed, message: failureReason })}
      label="Students"
      columns={studentColumns(actions)}
      rowKey={(student) => student.id}
      card={(student) => <StudentCard student={student} {...actions} />}
      emptyIcon={Users}
      emptyTitle={M.emptyAll}
      emptyFilteredTitle={M.emptyFiltered}
      filtered={filtered}
    />
  );
}
