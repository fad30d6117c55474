import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { Student } from '../../../contracts/students';
import { Skeleton, Table, TBody, TD, TH, THead, TR } from '../../components/ui';
import { cn } from '../../lib/cn';
import { categoryLabel, StatusBadge } from './student-ui';

export type RowAction = 'details' | 'edit' | 'delete';

export interface StudentsTableProps {
  /** undefined while the first page loads (skeleton rows). */
  items: Student[] | undefined;
  busy: boolean;
  canEdit: (student: Student) => boolean;
  canDelete: (student: Student) => boolean;
  onAction: (action: RowAction, student: Student) => void;
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
}: Omit<StudentsTableProps, 'items' | 'busy'> & { student: Student }) {
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

/**
 * The students of the current page: a table from tablet width up, a list of cards on phones
 * (hidden copies are out of the accessibility tree, so each student is announced once).
 */
export function StudentsTable({ items, busy, ...actions }: StudentsTableProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Students" aria-busy={busy || undefined} className="table-fixed">
          <colgroup>
            <col className="w-[27%]" />
            <col className="w-[14%]" />
            <col className="w-[21%]" />
            <col className="w-[11%]" />
            <col className="w-[15%]" />
            <col className="w-28" />
          </colgroup>
          <THead>
            <TR>
              <TH>Student</TH>
              <TH>Category</TH>
              <TH>Program</TH>
              <TH>Status</TH>
              <TH>Officer</TH>
              <TH className="text-right">Actions</TH>
            </TR>
          </THead>
          <TBody>
            {!items && <SkeletonRows />}
            {items?.map((student) => (
              <TR key={student.id}>
                <TD>
                  <p className="truncate font-medium text-slate-900" title={student.full_name}>
                    {student.full_name}
                  </p>
                  <p className="truncate text-xs text-slate-500" title={student.email ?? undefined}>
                    {student.email ?? 'No email'}
                  </p>
                  {student.chl_number && (
                    <p className="truncate text-xs text-slate-500">{student.chl_number}</p>
                  )}
                </TD>
                <TD>{categoryLabel(student.program_level)}</TD>
                <TD>
                  <p className="truncate" title={student.current_program ?? undefined}>
                    {student.current_program ?? '—'}
                  </p>
                  {student.institution_name && (
                    <p className="truncate text-xs text-slate-500" title={student.institution_name}>
                      {student.institution_name}
                    </p>
                  )}
                </TD>
                <TD>
                  <StatusBadge status={student.program_status} />
                </TD>
                <TD>
                  <p className="truncate" title={student.assigned_officer_name ?? undefined}>
                    {student.assigned_officer_name ?? 'Unassigned'}
                  </p>
                </TD>
                <TD>
                  <RowActions student={student} {...actions} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <ul aria-label="Students" aria-busy={busy || undefined} className="divide-y divide-slate-100 md:hidden">
        {!items &&
          Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <li key={i} className="space-y-2 px-4 py-3">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
              <Skeleton className="h-5 w-20 rounded-full" />
            </li>
          ))}
        {items?.map((student) => (
          <li key={student.id} className="px-4 py-3">
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
            <p className="mt-1 text-xs text-slate-500">
              Officer: {student.assigned_officer_name ?? 'Unassigned'}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function SkeletonRows() {
  return Array.from({ length: 6 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
    <TR key={i}>
      <TD>
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-2 h-3 w-28" />
      </TD>
      <TD>
        <Skeleton className="h-4 w-20" />
      </TD>
      <TD>
        <Skeleton className="h-4 w-32" />
      </TD>
      <TD>
        <Skeleton className="h-5 w-16 rounded-full" />
      </TD>
      <TD>
        <Skeleton className="h-4 w-20" />
      </TD>
      <TD>
        <Skeleton className="ml-auto h-8 w-20" />
      </TD>
    </TR>
  ));
}
