import { Eye, Pencil, Plus, Trash2, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Student } from '../../../contracts/students';
import { canDeleteFromProfiles, canStudent } from '../../../domain/student-permissions';
import { useCurrentUser } from '../../app/auth';
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Skeleton,
  toast,
} from '../../components/ui';
import {
  DEFAULT_LIST_PARAMS,
  failureReason,
  STUDENT_UI_MESSAGES as M,
  Pager,
  SearchBox,
  StatusBadge,
  StudentAvatar,
  useDeleteStudent,
  useFocusReturn,
  useStudentList,
} from '../students';
import { ProfileDialog, type ProfileModalState } from './profile-dialog';
import { programmeLine } from './profile-view-model';

/** Profiles per page of the card grid. */
export const PROFILES_PAGE_SIZE = 24;

/** /profiles: searchable card grid of full student profiles, with the profile modal. */
export function StudentProfilesPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim().slice(0, 100);
  const pageParam = Number(searchParams.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const list = useStudentList({ ...DEFAULT_LIST_PARAMS, q, page, sort: 'name_asc' }, PROFILES_PAGE_SIZE);
  const remove = useDeleteStudent();
  const [modal, setModal] = useState<ProfileModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Student | null>(null);
  const mayDelete = canDeleteFromProfiles(user);
  const focus = useFocusReturn();
  const changeModal = (next: ProfileModalState) => {
    if (modal.mode === 'closed' && next.mode !== 'closed') focus.remember();
    if (modal.mode !== 'closed' && next.mode === 'closed') focus.restore();
    setModal(next);
  };
  const askDelete = (student: Student | null) => {
    if (student) focus.remember();
    else focus.restore();
    setToDelete(student);
  };

  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? 1;
    if (nextQ) search.set('q', nextQ);
    if (nextPage > 1) search.set('page', String(nextPage));
    setSearchParams(search, { replace: true });
  };

  const data = list.data;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1) {
      const search = new URLSearchParams(searchParams);
      search.set('page', String(Math.ceil(data.total / PROFILES_PAGE_SIZE)));
      setSearchParams(search, { replace: true });
    }
  }, [data, page, searchParams, setSearchParams]);

  const onDelete = async (student: Student) => {
    try {
      await remove.mutateAsync(student.id);
      toast.success(M.deleted);
    } catch (error) {
      toast.error(`${M.profileDeleteFailed}: ${failureReason(error)}`);
    } finally {
      askDelete(null);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Student Profiles"
        description="Full profiles: personal, guardian, academic, accommodation and laptop details."
        actions={
          <Button onClick={() => changeModal({ mode: 'add' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Profile
          </Button>
        }
      />

      <SearchBox
        className="max-w-xl"
        label="Search profiles"
        placeholder="Search by name, CHL ID or email..."
        value={q}
        onCommit={(value) => go({ q: value })}
      />

      {list.isError && !data ? (
        <Card className="space-y-3 p-4">
          <Alert tone="error" title={M.loadFailed}>
            {failureReason(list.error)}
          </Alert>
          <Button variant="secondary" loading={list.isFetching} onClick={() => list.refetch()}>
            Retry
          </Button>
        </Card>
      ) : !data ? (
        <ul aria-label="Loading profiles" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <li key={i} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-center gap-3">
                <Skeleton className="size-12 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-24" />
                </div>
              </div>
              <Skeleton className="mt-4 h-8 w-full" />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState icon={UserRound} title={M.profilesEmpty} />
        </Card>
      ) : (
        <>
          <ul
            aria-label="Student profiles"
            aria-busy={list.isFetching || undefined}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {data.items.map((student) => (
              <li key={student.id}>
                <ProfileCard
                  student={student}
                  canEdit={canStudent(user, 'update', { assignedOfficerId: student.assigned_officer_id })}
                  canDelete={mayDelete}
                  onView={() => changeModal({ mode: 'view', student })}
                  onEdit={() => changeModal({ mode: 'edit', student, from: 'card' })}
                  onDelete={() => askDelete(student)}
                />
              </li>
            ))}
          </ul>
          <Card>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              busy={list.isPlaceholderData}
              onPage={(next) => go({ page: next })}
            />
          </Card>
        </>
      )}

      <ProfileDialog state={modal} onStateChange={changeModal} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && askDelete(null)}
        title="Delete Student"
        message={M.deleteConfirm}
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        busyLabel="Deleting..."
        onConfirm={() => toDelete && onDelete(toDelete)}
      />
    </div>
  );
}

function ProfileCard({
  student,
  canEdit,
  canDelete,
  onView,
  onEdit,
  onDelete,
}: {
  student: Student;
  canEdit: boolean;
  canDelete: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <article
      aria-label={student.full_name}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <StudentAvatar
          photoUrl={student.profile_photo_url}
          firstName={student.first_name}
          lastName={student.last_name}
        />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{student.full_name}</h2>
          <p className="truncate text-sm text-slate-600">{student.chl_number ?? 'No CHL number'}</p>
          <p className="truncate text-sm text-slate-600">{programmeLine(student)}</p>
        </div>
        {canDelete && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${student.full_name}`}
            title="Delete"
            className="-mt-1 -mr-1 shrink-0 text-red-600 hover:bg-red-50 hover:text-red-700"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <StatusBadge status={student.program_status} />
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onView} aria-label={`View ${student.full_name}`}>
            <Eye aria-hidden="true" className="size-4" />
            View
          </Button>
          {canEdit && (
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${student.full_name}`}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
