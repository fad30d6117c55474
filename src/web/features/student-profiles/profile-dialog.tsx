import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import type { Student } from '../../../contracts/students';
import { canStudent } from '../../../domain/student-permissions';
import { focusFirstField, useDiscardGuard } from '../../components/forms';
import { Button, Dialog, toast } from '../../components/ui';
import { todayIso } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { StudentCaseWork } from '../case-work';
import { StudentFormsAndFiles } from '../forms-files';
import {
  failureReason,
  STUDENT_UI_MESSAGES as M,
  profilePayload,
  StatusBadge,
  StudentAvatar,
  type StudentProfileFormValues,
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
  | { mode: 'view'; student: Student }
  | { mode: 'edit'; student: Student; from: 'view' | 'card' };

/**
 * The Student Profile modal: read-only view (with an Edit switch) and the form, titled
 * 'Add New Student Profile' or 'Edit Student Profile'. A failed save keeps it open.
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
  // The record as the server has it now (the card's copy first).
  const current = state.mode === 'view' || state.mode === 'edit' ? state.student : undefined;
  const live = useStudent(current?.id ?? null, current);
  const student = live.data ?? current;
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
            <>
              <Button variant="secondary" disabled={saving} onClick={cancelForm}>
                Cancel
              </Button>
              <Button type="submit" form={formId} loading={saving} loadingText="Saving...">
                {state.mode === 'add' ? 'Add Profile' : 'Save Changes'}
              </Button>
            </>
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
          <ProfileForm
            key={state.mode === 'edit' ? `edit-${state.student.id}` : 'add'}
            formId={formId}
            student={state.mode === 'edit' ? student : undefined}
            saveError={saveError}
            onSubmit={onSubmit}
            onDirtyChange={setDirty}
            // Edit from the view: the dialog is already open, so its own first focus is spent.
            focusOnMount={state.mode === 'edit' && state.from === 'view'}
          />
        ) : (
          student && <ProfileView student={student} />
        )}
      </Dialog>
      {discard.prompt}
    </>
  );
}

function ProfileView({ student }: { student: Student }) {
  const sections = profileSections(student, todayIso());
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
      {PROFILE_SECTIONS.map((section) => (
        <ViewSection
          key={section}
          title={section}
          rows={sections[section]}
          wide={section === 'Program Notes'}
        />
      ))}
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
