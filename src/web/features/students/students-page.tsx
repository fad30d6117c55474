import { Download, GraduationCap, Plus, Rocket, School, Upload, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Student } from '../../../contracts/students';
import { canStudent } from '../../../domain/student-permissions';
import {
  PROGRAM_STATUS_LABELS,
  PROGRAM_STATUSES,
  type ProgramLevel,
  type ProgramStatus,
  type StudentSort,
} from '../../../domain/students';
import { useCurrentUser } from '../../app/auth';
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Select,
  StatCard,
  toast,
} from '../../components/ui';
import { ImportDialog } from './import-dialog';
import { STUDENT_UI_MESSAGES as M } from './messages';
import { StudentDetailsDialog } from './student-details-dialog';
import { StudentFormDialog } from './student-form-dialog';
import {
  exportUrl,
  isFiltered,
  pageCount,
  readListParams,
  STUDENTS_PAGE_SIZE,
  type StudentListParams,
  writeListParams,
} from './student-list-params';
import { Pager, SearchBox, useFocusReturn } from './student-ui';
import { StudentsTable } from './students-table';
import { failureReason, useDeleteStudent, useStudentList } from './use-students';

const TILES: Array<{
  category: ProgramLevel | '';
  label: string;
  icon: typeof Users;
  tone: 'emerald' | 'sky' | 'violet' | 'amber';
  count: 'all' | ProgramLevel;
}> = [
  { category: '', label: 'All Students', icon: Users, tone: 'emerald', count: 'all' },
  { category: 'university', label: 'University', icon: GraduationCap, tone: 'sky', count: 'university' },
  { category: 'diploma', label: 'College/Diploma', icon: School, tone: 'violet', count: 'diploma' },
  { category: 'launch_year', label: 'Launch Year', icon: Rocket, tone: 'amber', count: 'launch_year' },
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

type Modal =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'edit'; student: Student }
  | { kind: 'details'; student: Student }
  | { kind: 'delete'; student: Student };

/** /students: category tiles, search, status filter, import/export, the paged table and its modals. */
export function StudentsPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const list = useStudentList(params, STUDENTS_PAGE_SIZE);
  const remove = useDeleteStudent();
  const [modal, setModal] = useState<Modal>({ kind: 'none' });
  // Kept while a dialog closes, so its content does not vanish during the close.
  const [lastStudent, setLastStudent] = useState<Student | null>(null);
  const canAssignOfficer = user.role === 'admin' || user.role === 'deputy_manager';

  const update = (changes: Partial<StudentListParams>) => {
    const next = { ...params, page: 1, ...changes };
    setSearchParams(writeListParams(next), { replace: true });
  };

  const data = list.data;
  // A page past the end (after deletions elsewhere): go to the last page there is.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 1) {
      const last = pageCount(data.total, STUDENTS_PAGE_SIZE);
      setSearchParams(writeListParams({ ...params, page: last }), { replace: true });
    }
  }, [data, params, setSearchParams]);

  const focus = useFocusReturn();
  const open = (next: Modal) => {
    if (modal.kind === 'none') focus.remember();
    if ('student' in next) setLastStudent(next.student);
    setModal(next);
  };
  const close = () => {
    setModal({ kind: 'none' });
    focus.restore();
  };
  const may = (action: 'update' | 'delete', student: Student) =>
    canStudent(user, action, { assignedOfficerId: student.assigned_officer_id });

  const onDelete = async (student: Student) => {
    try {
      await remove.mutateAsync(student.id);
      toast.success(M.deleted);
    } catch (error) {
      toast.error(M.deleteFailed(failureReason(error)));
    } finally {
      close();
    }
  };

  const filtered = isFiltered(params);

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
            <Button variant="secondary" onClick={() => open({ kind: 'import' })}>
              <Upload aria-hidden="true" className="size-4" />
              Import CSV
            </Button>
            <Button onClick={() => open({ kind: 'add' })}>
              <Plus aria-hidden="true" className="size-4" />
              Add Student
            </Button>
          </>
        }
      />

      <section aria-label="Categories" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map((tile) => (
          <StatCard
            key={tile.label}
            label={tile.label}
            value={data?.counts[tile.count]}
            icon={tile.icon}
            tone={tile.tone}
            loading={!data}
            selected={params.category === tile.category}
            onClick={() => update({ category: tile.category })}
          />
        ))}
      </section>

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

        {list.isError && !data ? (
          <div className="space-y-3 p-4">
            <Alert tone="error" title={M.loadFailed}>
              {failureReason(list.error)}
            </Alert>
            <Button variant="secondary" loading={list.isFetching} onClick={() => list.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <>
            <StudentsTable
              items={data?.items}
              busy={list.isFetching}
              canEdit={(student) => may('update', student)}
              canDelete={(student) => may('delete', student)}
              onAction={(kind, student) => open({ kind, student })}
            />
            {data && data.items.length === 0 && (
              <EmptyState icon={Users} title={filtered ? M.emptyFiltered : M.emptyAll} />
            )}
            {data && data.total > 0 && (
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                busy={list.isPlaceholderData}
                onPage={(page) => update({ page })}
              />
            )}
          </>
        )}
      </Card>

      <StudentFormDialog
        open={modal.kind === 'add' || modal.kind === 'edit'}
        onOpenChange={(o) => !o && close()}
        student={modal.kind === 'edit' ? modal.student : undefined}
        canAssignOfficer={canAssignOfficer}
      />
      <StudentDetailsDialog
        open={modal.kind === 'details'}
        onOpenChange={(o) => !o && close()}
        student={modal.kind === 'details' ? modal.student : lastStudent}
        onEdit={
          modal.kind === 'details' && may('update', modal.student)
            ? () => open({ kind: 'edit', student: modal.student })
            : undefined
        }
      />
      <ImportDialog open={modal.kind === 'import'} onOpenChange={(o) => !o && close()} />
      <ConfirmDialog
        open={modal.kind === 'delete'}
        onOpenChange={(o) => !o && close()}
        title="Delete Student"
        message={M.deleteConfirm}
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        busyLabel="Deleting..."
        onConfirm={() => modal.kind === 'delete' && onDelete(modal.student)}
      />
    </div>
  );
}
