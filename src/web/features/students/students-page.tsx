import { GraduationCap, Rocket, School, Users } from 'lucide-react';
import { useCallback } from 'react';
import type { StudentListItem } from '../../../contracts/students';
import { formatCount } from '../../../domain/search';
import { canStudent } from '../../../domain/student-permissions';
import {
  PROGRAM_STATUS_LABELS,
  PROGRAM_STATUSES,
  type ProgramLevel,
  type ProgramStatus,
  type StudentSort,
} from '../../../domain/students';
import { ListPageHeader, ListSearchBox, QueryPager, type StatTile, StatTiles } from '../../components/list';
import { Alert, Card, HiddenLabelSelect } from '../../components/ui';
import { dialogOnDemand, preloadOnIntent } from '../../lib/dialog-on-demand';
import { useCurrentUser } from '../../lib/session';
import { useModalState } from '../../lib/use-modal-state';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { useKeptWhileOffline } from '../offline';
import { DeleteStudentDialog } from './delete-student-dialog';
import { OfflineStudents } from './offline-students';
import { StudentDetailsDialog } from './student-details-dialog';
import { StudentFormDialog } from './student-form-dialog';
import { exportUrl, isFiltered, STUDENTS_PAGE_SIZE, StudentListParamsSchema } from './student-list-params';
import { useStudentList } from './students.queries';
import { StudentsTable } from './students-table';
import { useStudentFromUrl } from './use-student-from-url';

// The CSV import (its parser, the row checks, the phone-number library its wallet columns need) is
// a third of this screen's code and used a few times a term: it loads when the user first reaches
// for the screen, not with its first paint (issue 47 item 7). The student picker of the tasks,
// issues and forms screens comes from this feature too, so they shed it as well.
const ImportDialog = dialogOnDemand(
  () => import('./import-dialog'),
  (m) => m.ImportDialog,
  ({ open }) => open,
);
const PRELOAD = preloadOnIntent(ImportDialog);

const TILES: Array<Omit<StatTile<ProgramLevel | ''>, 'value'> & { count: 'all' | ProgramLevel }> = [
  { key: '', label: 'All Students', icon: Users, tone: 'emerald', count: 'all' },
  { key: 'university', label: 'University', icon: GraduationCap, tone: 'sky', count: 'university' },
  { key: 'diploma', label: 'College/Diploma', icon: School, tone: 'violet', count: 'diploma' },
  { key: 'launch_year', label: 'Launch Year', icon: Rocket, tone: 'amber', count: 'launch_year' },
];

const WORDS = {
  title: 'Student Management',
  description: 'Manage sponsored students, their programmes and assigned officers.',
  importLabel: 'Import CSV',
  addLabel: 'Add Student',
};

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
  | { kind: 'edit'; student: StudentListItem }
  | { kind: 'details'; student: StudentListItem }
  | { kind: 'delete'; student: StudentListItem };

/**
 * /students: category tiles, search, status filter, import/export, the paged table and its modals;
 * ?open=<id> opens a student's details (the top bar's search links there).
 */
export function StudentsPage() {
  const user = useCurrentUser();
  const { state: params, update } = useUrlListState(StudentListParamsSchema);
  const list = useStudentList(params, STUDENTS_PAGE_SIZE);
  const modals = useModalState<StudentModal>();
  const canAssignOfficer = user.role === 'admin' || user.role === 'deputy_manager';

  const data = list.data;
  useKeepPageInRange(params.page, STUDENTS_PAGE_SIZE, data, (page) => update({ page }));

  const may = (action: 'update' | 'delete', student: StudentListItem) =>
    canStudent(user, action, { assignedOfficerId: student.assigned_officer_id });

  const details = modals.ofKind('details');
  const openModal = modals.open;
  useStudentFromUrl(
    useCallback((student: StudentListItem) => openModal({ kind: 'details', student }), [openModal]),
  );
  // With no network the phone's copy of the officer's own students, rather than an error.
  const offline = useKeptWhileOffline(list.error);
  if (offline) return <OfflineStudents work={offline} title={WORDS.title} description={WORDS.description} />;

  return (
    <div className="space-y-6" {...PRELOAD}>
      <ListPageHeader {...WORDS} exportHref={exportUrl(params)} onChoose={(kind) => modals.open({ kind })} />

      <StatTiles
        label="Categories"
        className="lg:grid-cols-4"
        tiles={TILES.map((tile) => ({
          ...tile,
          value: data && formatCount(data.counts[tile.count], data.counts_capped[tile.count]),
        }))}
        loading={!data}
        selected={params.category}
        onSelect={(category) => update({ category })}
      />

      {(params.landlord_id || params.institution_id) && (
        <Alert
          tone="info"
          title={params.landlord_id ? 'Students of one landlord' : 'Students of one institution'}
        >
          The list shows only the students linked to this {params.landlord_id ? 'landlord' : 'institution'} in
          Corporate Collaborations.{' '}
          <button
            type="button"
            className="font-medium underline focus-visible:outline-2 focus-visible:outline-primary"
            onClick={() => update({ landlord_id: '', institution_id: '' })}
          >
            Show all students
          </button>
        </Alert>
      )}

      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <ListSearchBox
            className="min-w-[14rem] flex-1"
            label="Search students"
            placeholder="Search by name, email, institution or CHL number..."
            list={{ state: params, update }}
          />
          <HiddenLabelSelect
            label="Status"
            boxClassName="w-full sm:w-44"
            id="student-status-filter"
            options={STATUS_OPTIONS}
            value={params.status}
            onChange={(e) => update({ status: e.target.value as ProgramStatus | '' })}
          />
          <HiddenLabelSelect
            label="Sort by"
            boxClassName="w-full sm:w-44"
            id="student-sort"
            options={SORT_OPTIONS}
            value={params.sort}
            onChange={(e) => update({ sort: e.target.value as StudentSort })}
          />
        </div>

        <StudentsTable
          query={list}
          filtered={isFiltered(params)}
          canEdit={(student) => may('update', student)}
          canDelete={(student) => may('delete', student)}
          onAction={(kind, student) => modals.open({ kind, student })}
        />
        <QueryPager query={list} onPage={(page) => update({ page })} />
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
      <DeleteStudentDialog student={modals.ofKind('delete')?.student ?? null} onClose={modals.close} />
    </div>
  );
}
