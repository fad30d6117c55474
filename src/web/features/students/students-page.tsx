import { Download, GraduationCap, Plus, Rocket, School, Upload, Users } from 'lucide-react';
import type { Student } from '../../../contracts/students';
import { canStudent } from '../../../domain/student-permissions';
import {
  PROGRAM_STATUS_LABELS,
  PROGRAM_STATUSES,
  type ProgramLevel,
  type ProgramStatus,
  type StudentSort,
} from '../../../domain/students';
import { Pager, SearchBox, type StatTile, StatTiles } from '../../components/list';
import { Button, Card, ConfirmDialog, PageHeader, Select, toast } from '../../components/ui';
import { useCurrentUser } from '../../lib/session';
import { useModalState } from '../../lib/use-modal-state';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { ImportDialog } from './import-dialog';
import { STUDENT_UI_MESSAGES as M } from './messages';
import { StudentDetailsDialog } from './student-details-dialog';
import { StudentFormDialog } from './student-form-dialog';
import { exportUrl, isFiltered, STUDENTS_PAGE_SIZE, StudentListParamsSchema } from './student-list-params';
import { failureReason, useDeleteStudent, useStudentList } from './students.queries';
import { StudentsTable } from './students-table';

const TILES: Array<Omit<StatTile<ProgramLevel | ''>, 'value'> & { count: 'all' | ProgramLevel }> = [
  { key: '', label: 'All Students', icon: Users, tone: 'emerald', count: 'all' },
  { key: 'university', label: 'University', icon: GraduationCap, tone: 'sky', count: 'university' },
  { key: 'diploma', label: 'College/Diploma', icon: School, tone: 'violet', count: 'diploma' },
  { key: 'launch_year', label: 'Launch Year', icon: Rocket, tone: 'amber', count: 'launch_year' },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All Status' },
  ...PROGRAM_STATUSES.map((s) => ({ value: s, label: PROGRAM_STATUS_LABELS[s] })),
];

const SORT_OPTIONS: Array<{ value: StudentSort; label: string }> = [
  { value: 'created_at_desc', label: 'Newest first' },
  { value: 'created_at_asc', label: 'Oldest first' },
  { value: 'name_asc', label: 'Name A–Z' },
  { value: 'name_desc', label: 'Name Z–A' },
];

type StudentModal =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'edit'; student: Student }
  | { kind: 'details'; student: Student }
  | { kind: 'delete'; student: Student };

/** /students: category tiles, search, status filter, import/export, the paged table and its modals. */
export function StudentsPage() {
  const user = useCurrentUser();
  const { state: params, update } = useUrlListState(StudentListParamsSchema);
  const list = useStudentList(params, STUDENTS_PAGE_SIZE);
  const remove = useDeleteStudent();
  const modals = useModalState<StudentModal>();
  const canAssignOfficer = user.role === 'admin' || user.role === 'deputy_manager';

  const data = list.data;
  useKeepPageInRange(params.page, STUDENTS_PAGE_SIZE, data, (page) => update({ page }));

  const may = (action: 'update' | 'delete', student: Student) =>
    canStudent(user, action, { assignedOfficerId: student.assigned_officer_id });

  const onDelete = async (student: Student) => {
    try {
      await remove.mutateAsync(student.id);
      toast.success(M.deleted);
    } catch (error) {
      toast.error(M.deleteFailed(failureReason(error)));
    } finally {
      modals.close();
    }
  };

  const details = modals.ofKind('details');
  const deleting = modals.ofKind('delete');

  return (
    <div className="space-y-6">
      <PageHeader
        title="Student Management"
        description="Manage sponsored students, their programmes and assigned officers."
        actions={
          <>
            <Button variant="secondary" asChild>
              <a href={exportUrl(params)} download>
                <Download aria-hidden="true" className="size-4" />
                Export CSV
              </a>
            </Button>
            <Button variant="secondary" onClick={() => modals.open({ kind: 'import' })}>
              <Upload aria-hidden="true" className="size-4" />
              Import CSV
            </Button>
            <Button onClick={() => modals.open({ kind: 'add' })}>
              <Plus aria-hidden="true" className="size-4" />
              Add Student
            </Button>
          </>
        }
      />

      <StatTiles
        label="Categories"
        className="lg:grid-cols-4"
        tiles={TILES.map((tile) => ({ ...tile, value: data?.counts[tile.count] }))}
        loading={!data}
        selected={params.category}
        onSelect={(category) => update({ category })}
      />

      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <SearchBox
            className="min-w-[14rem] flex-1"
            label="Search students"
            placeholder="Search by name, email, institution or CHL number..."
            value={params.q}
            onCommit={(q) => update({ q })}
          />
          <div className="w-full sm:w-44">
            <label htmlFor="student-status-filter" className="sr-only">
              Status
            </label>
            <Select
              id="student-status-filter"
              options={STATUS_OPTIONS}
              value={params.status}
              onChange={(e) => update({ status: e.target.value as ProgramStatus | '' })}
            />
          </div>
          <div className="w-full sm:w-44">
            <label htmlFor="student-sort" className="sr-only">
              Sort by
            </label>
            <Select
              id="student-sort"
              options={SORT_OPTIONS}
              value={params.sort}
              onChange={(e) => update({ sort: e.target.value as StudentSort })}
            />
          </div>
        </div>

        <StudentsTable
          items={data?.items}
          busy={list.isFetching}
          dimmed={list.isPlaceholderData}
          filtered={isFiltered(params)}
          error={
            list.isError && !data
              ? {
                  title: M.loadFailed,
                  message: failureReason(list.error),
                  onRetry: () => void list.refetch(),
                  retrying: list.isFetching,
                }
              : null
          }
          canEdit={(student) => may('update', student)}
          canDelete={(student) => may('delete', student)}
          onAction={(kind, student) => modals.open({ kind, student })}
        />
        {data && data.total > 0 && (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            busy={list.isPlaceholderData}
            refreshFailed={list.isError}
            onPage={(page) => update({ page })}
          />
        )}
      </Card>

      <StudentFormDialog
        open={modals.ofKind('add') !== undefined || modals.ofKind('edit') !== undefined}
        onOpenChange={modals.onOpenChange}
        student={modals.ofKind('edit')?.student}
        canAssignOfficer={canAssignOfficer}
      />
      <StudentDetailsDialog
        open={details !== undefined}
        onOpenChange={modals.onOpenChange}
        student={modals.lastOfKind('details')?.student ?? null}
        onEdit={
          details && may('update', details.student)
            ? () => modals.open({ kind: 'edit', student: details.student })
            : undefined
        }
      />
      <ImportDialog open={modals.ofKind('import') !== undefined} onOpenChange={modals.onOpenChange} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={modals.onOpenChange}
        title="Delete Student"
        message={M.deleteConfirm}
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        busyLabel="Deleting..."
        onConfirm={() => deleting && onDelete(deleting.student)}
      />
    </div>
  );
}
