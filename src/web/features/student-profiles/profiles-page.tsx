import { Eye, Pencil, Plus, Trash2, UserRound } from 'lucide-react';
import type { StudentListItem } from '../../../contracts/students';
import { canDeleteFromProfiles, canStudent } from '../../../domain/student-permissions';
import { ListError, ListSearchBox, QueryPager } from '../../components/list';
import { Button, Card, EmptyState, PageHeader, Skeleton } from '../../components/ui';
import { dialogOnDemand, preloadOnIntent } from '../../lib/dialog-on-demand';
import { listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { useModalState } from '../../lib/use-modal-state';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import {
  DEFAULT_LIST_PARAMS,
  DeleteStudentDialog,
  failureReason,
  STUDENT_UI_MESSAGES as M,
  StatusBadge,
  StudentAvatar,
  useStudentList,
} from '../students';
import type { ProfileModalState } from './profile-dialog';
import { programmeLine } from './profile-view-model';

// The profile dialog (its form, the case work and files tabs) is most of this screen's code: it
// loads when the user first reaches for the screen, not with its first paint (issue 47 item 7).
const ProfileDialog = dialogOnDemand(
  () => import('./profile-dialog'),
  (m) => m.ProfileDialog,
  ({ state }) => state.mode !== 'closed',
);
const PRELOAD = preloadOnIntent(ProfileDialog);

/** Profiles per page of the card grid. */
export const PROFILES_PAGE_SIZE = 24;

/** The grid's search and page, as kept in the address bar (?q=&page=). */
const ProfileListParamsSchema = listStateSchema({});

type ProfilesModal =
  | { kind: 'profile'; state: ProfileModalState }
  | { kind: 'delete'; student: StudentListItem };

const CLOSED: ProfileModalState = { mode: 'closed' };

/** /profiles: searchable card grid of full student profiles, with the profile modal. */
export function StudentProfilesPage() {
  const user = useCurrentUser();
  const { state: params, update } = useUrlListState(ProfileListParamsSchema);
  const list = useStudentList({ ...DEFAULT_LIST_PARAMS, ...params, sort: 'name_asc' }, PROFILES_PAGE_SIZE);
  const modals = useModalState<ProfilesModal>();
  const mayDelete = canDeleteFromProfiles(user);
  // The profile dialog moves between its own modes (view -> edit); closing it closes the modal.
  const changeProfile = (next: ProfileModalState) =>
    next.mode === 'closed' ? modals.close() : modals.open({ kind: 'profile', state: next });

  const data = list.data;
  useKeepPageInRange(params.page, PROFILES_PAGE_SIZE, data, (page) => update({ page }));

  return (
    <div className="space-y-6" {...PRELOAD}>
      <PageHeader
        title="Student Profiles"
        description="Full profiles: personal, guardian, academic, accommodation and laptop details."
        actions={
          <Button onClick={() => changeProfile({ mode: 'add' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Profile
          </Button>
        }
      />

      <ListSearchBox
        className="max-w-xl"
        label="Search profiles"
        placeholder="Search by name, CHL ID or email..."
        list={{ state: params, update }}
      />

      {list.isError && !data ? (
        <Card>
          <ListError
            title={M.loadFailed}
            message={failureReason(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : !data ? (
        <ProfileSkeletons />
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
                  onView={() => changeProfile({ mode: 'view', student })}
                  onEdit={() => changeProfile({ mode: 'edit', student, from: 'card' })}
                  onDelete={() => modals.open({ kind: 'delete', student })}
                />
              </li>
            ))}
          </ul>
          <Card>
            <QueryPager query={list} onPage={(page) => update({ page })} />
          </Card>
        </>
      )}

      <ProfileDialog state={modals.ofKind('profile')?.state ?? CLOSED} onStateChange={changeProfile} />
      <DeleteStudentDialog student={modals.ofKind('delete')?.student ?? null} onClose={modals.close} />
    </div>
  );
}

function ProfileSkeletons() {
  return (
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
  student: StudentListItem;
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
