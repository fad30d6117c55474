import { Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { Student, StudentListItem } from '../../../contracts/students';
import { canStudent } from '../../../domain/student-permissions';
import { FormFooter, focusFirstField, useDiscardGuard } from '../../components/forms';
import { Button, Dialog, toast } from '../../components/ui';
import { todayIso } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { StudentCaseWork } from '../case-work';
import { StudentFormsAndFiles } from '../forms-files';
import { StudentPaymentChannels } from '../payment-channels';
import {
  failureReason,
  STUDENT_UI_MESSAGES as M,
  profilePayload,
  StatusBadge,
  StudentAvatar,
  type StudentProfileFormValues,
  StudentRecordPending,
  useCreateStudent,
  useStudent,
  useUpdateStudent,
} from '../students';
import { ProfileForm } from './profile-form';
import { PROFILE_SECTIONS, type ProfileSection, profileSections, programmeLine } from './profile-view-model';

/** Which profile the modal shows, and how. */
export type ProfileModalState =
  | { mode: 'closed' }
  | { mode: 'add' }
  | { mode: 'view'; student: StudentListItem }
  | { mode: 'edit'; student: StudentListItem; from: 'view' | 'card' };

/**
 * The Student Profile modal: read-only view (with an Edit switch) and the form, titled
 * 'Add New Student Profile' or 'Edit Student Profile'. A failed save keeps it open. Opened from a
 * card, it has only the list's fields: the view's header shows at once and its sections once the
 * whole record has arrived; the form waits for a fresh read of it, never showing blanks.
 */
export function ProfileDialog({
  state,
  onStateChange,
}: {
  state: ProfileModalState;
  onStateChange: (state: ProfileModalState) => void;
}) {
  const user = useCurrentUser();
  const formId = useId();
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const saving = create.isPending || update.isPending;
  const [saveError, setSaveError] = useState<{ title: string; reason: string; error: unknown } | null>(null);
  // The card's fields (or a saved record), then the whole record as the server has it now.
  const current = state.mode === 'view' || state.mode === 'edit' ? state.student : undefined;
  const live = useStudent(current?.id ?? null);
  const full = live.data;
  const student = full ?? current;
  // The edit form is filled once, from a read that has finished: a background refetch later
  // must not refill it under the user's typing.
  const [formFor, setFormFor] = useState<string | null>(null);
  const editId = state.mode === 'edit' ? state.student.id : null;
  useEffect(() => {
    if (editId === null) setFormFor(null);
    else if (formFor !== editId && full?.id === editId && !live.isFetching) setFormFor(editId);
  }, [editId, formFor, full, live.isFetching]);
  const formReady = state.mode === 'add' || (editId !== null && formFor === editId);
  const [dirty, setDirty] = useState(false);
  const discard = useDiscardGuard(dirty, state.mode === 'add' || state.mode === 'edit');

  const close = () => {
    setSaveError(null);
    onStateChange({ mode: 'closed' });
  };

  const onSubmit = async (values: StudentProfileFormValues) => {
    setSaveError(null);
    const body = profilePayload(values);
    try {
      if (state.mode === 'edit' && student) {
        const saved = await update.mutateAsync({ id: student.id, body });
        toast.success(M.profileUpdated);
        onStateChange({ mode: 'view', student: saved });
      } else {
        const saved = await create.mutateAsync(body);
        toast.success(M.profileAdded);
        onStateChange({ mode: 'view', student: saved });
      }
    } catch (error) {
      const title = state.mode === 'edit' ? M.profileUpdateFailed : M.profileAddFailed;
      setSaveError({ title, reason: failureReason(error), error });
    }
  };

  const cancelForm = () =>
    discard.guard(() => {
      setSaveError(null);
      if (state.mode === 'edit' && state.from === 'view' && student) onStateChange({ mode: 'view', student });
      else close();
    });

  const open = state.mode !== 'closed';
  const formMode = state.mode === 'add' || state.mode === 'edit';
  const mayEdit = student
    ? canStudent(user, 'update', { assignedOfficerId: student.assigned_officer_id })
    : false;

  const title =
    state.mode === 'add'
      ? 'Add New Student Profile'
      : state.mode === 'edit'
        ? 'Edit Student Profile'
        : 'Student Profile';

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => !next && !saving && discard.guard(close)}
        onOpenAutoFocus={(event) => {
          if (formMode && focusFirstField(document.getElementById(formId))) event.preventDefault();
        }}
        title={title}
        size="xl"
        dismissible={!saving}
        footer={
          formMode ? (
            <FormFooter
              formId={formId}
              busy={saving}
              onCancel={cancelForm}
              submit={{
                label: state.mode === 'add' ? 'Add Profile' : 'Save Changes',
                loadingText: 'Saving...',
                disabled: !formReady,
              }}
            />
          ) : (
            <>
              {mayEdit && student && (
                <Button
                  variant="secondary"
                  onClick={() => onStateChange({ mode: 'edit', student, from: 'view' })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
              )}
              <Button onClick={close}>Close</Button>
            </>
          )
        }
      >
        {formMode ? (
          formReady ? (
            <ProfileForm
              key={state.mode === 'edit' ? `edit-${state.student.id}` : 'add'}
              formId={formId}
              student={state.mode === 'edit' ? full : undefined}
              saveError={saveError}
              onSubmit={onSubmit}
              onDirtyChange={setDirty}
              // Edit from the view, or after the record arrived: the dialog's own first focus is spent.
              focusOnMount={state.mode === 'edit'}
            />
          ) : (
            <StudentRecordPending
              error={live.error}
              onRetry={() => void live.refetch()}
              retrying={live.isFetching}
            />
          )
        ) : (
          student && (
            <ProfileView
              student={student}
              full={full}
              mayEdit={mayEdit}
              userRole={user.role}
              pending={
                <StudentRecordPending
                  error={live.error}
                  onRetry={() => void live.refetch()}
                  retrying={live.isFetching}
                />
              }
            />
          )
        )}
      </Dialog>
      {discard.prompt}
    </>
  );
}

function ProfileView({
  student,
  full,
  mayEdit,
  userRole,
  pending,
}: {
  student: StudentListItem;
  /** The user may change the student, and so its payment channels. */
  mayEdit: boolean;
  /** The user's role (who may confirm a wallet whose registered name differs). */
  userRole?: string;
  /** The whole record; until it arrives `pending` stands in for the sections. */
  full: Student | undefined;
  pending: ReactNode;
}) {
  const sections = full ? profileSections(full, todayIso()) : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        <StudentAvatar
          size="lg"
          photoUrl={student.profile_photo_url}
          firstName={student.first_name}
          lastName={student.last_name}
        />
        <div className="min-w-0 flex-1">
          <p className="text-xl font-semibold text-slate-900">{student.full_name}</p>
          <p className="text-sm text-slate-600">{student.chl_number ?? 'No CHL number'}</p>
          <p className="text-sm text-slate-600">{programmeLine(student)}</p>
        </div>
        <StatusBadge status={student.program_status} />
      </div>
      {sections
        ? PROFILE_SECTIONS.map((section) => (
            <ViewSection
              key={section}
              title={section}
              rows={sections[section]}
              wide={section === 'Program Notes'}
            />
          ))
        : pending}
      <StudentPaymentChannels studentId={student.id} mayEdit={mayEdit} userRole={userRole} />
      <StudentCaseWork studentId={student.id} />
      <StudentFormsAndFiles studentId={student.id} />
    </div>
  );
}

function ViewSection({
  title,
  rows,
  wide,
}: {
  title: ProfileSection;
  rows: Array<{ label: string; value: string | null }>;
  wide?: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-4">
      <h3 id={headingId} className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
        {title}
      </h3>
      <dl className={wide ? 'space-y-3' : 'grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3'}>
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className={wide ? 'sr-only' : 'text-xs font-medium text-slate-500'}>{row.label}</dt>
            <dd className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-900">
              {row.value ?? <span className="text-slate-500">Not provided</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
