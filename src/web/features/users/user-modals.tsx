import type { DirectoryUser } from '../../../contracts/users';
import { USER_MESSAGES } from '../../../domain/users';
import { ConfirmDialog, toast } from '../../components/ui';
import { useModalState } from '../../lib/use-modal-state';
import { EditUserDialog } from './edit-user-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { ManageRolesDialog } from './manage-roles-dialog';
import { RoleDialog } from './role-dialog';
import type { UserActions } from './user-actions';
import { reasonOf, usePasswordReset, useSetActive } from './users.queries';

export type UserModal =
  | { kind: 'role'; user: DirectoryUser }
  | { kind: 'deactivate'; user: DirectoryUser }
  | { kind: 'edit'; user: DirectoryUser }
  | { kind: 'reset'; user: DirectoryUser }
  | { kind: 'invite' }
  | { kind: 'roles' };

export const deactivateMessage = (name: string) =>
  `Deactivate ${name}? They are signed out at once and cannot sign in until an admin activates the account again.`;

/**
 * The screen's dialogs other than User Details, opened from the cards, the details dialog or the
 * header; focus goes back to what opened them. Activating needs no dialog: it goes at once.
 */
export function useUserModals({
  canManage,
  selfId,
  onView,
  onSelfEdited,
}: {
  canManage: boolean;
  selfId: string;
  onView: (user: DirectoryUser) => void;
  /** The admin edited their own account: the session's name and email change with it. */
  onSelfEdited: () => void;
}) {
  const modals = useModalState<UserModal>();
  const setActive = useSetActive();
  const reset = usePasswordReset();
  const toggling = setActive.isPending ? (setActive.variables?.id ?? null) : null;

  const activate = (user: DirectoryUser) =>
    setActive.mutate(
      { id: user.id, active: true },
      {
        onSuccess: () => toast.success(`${user.name} has been activated.`),
        onError: (error) => toast.error(reasonOf(error)),
      },
    );

  const actions: UserActions = {
    onView,
    onChangeRole: (user) => modals.open({ kind: 'role', user }),
    onToggleActive: (user) => (user.is_active ? modals.open({ kind: 'deactivate', user }) : activate(user)),
    onEdit: (user) => modals.open({ kind: 'edit', user }),
    onPasswordReset: (user) => modals.open({ kind: 'reset', user }),
    canManage,
    selfId,
    togglingId: toggling,
  };

  const deactivating = modals.lastOfKind('deactivate')?.user;
  const resetting = modals.lastOfKind('reset')?.user;
  const role = modals.ofKind('role');
  const edit = modals.ofKind('edit');

  const dialogs = (
    <>
      {role && <RoleDialog key={role.user.id} user={role.user} onClose={modals.close} />}
      {edit && (
        <EditUserDialog
          key={edit.user.id}
          user={edit.user}
          onSaved={(saved) => saved.id === selfId && onSelfEdited()}
          onClose={modals.close}
        />
      )}
      {modals.ofKind('invite') && <InviteUserDialog onClose={modals.close} />}
      {modals.ofKind('roles') && <ManageRolesDialog canManage={canManage} onClose={modals.close} />}
      <ConfirmDialog
        open={modals.ofKind('deactivate') !== undefined}
        onOpenChange={(next) => !next && !setActive.isPending && modals.close()}
        title="Deactivate user"
        message={deactivating ? deactivateMessage(deactivating.name) : ''}
        confirmLabel="Deactivate"
        variant="danger"
        busy={setActive.isPending}
        busyLabel="Deactivating..."
        onConfirm={() =>
          deactivating &&
          setActive.mutate(
            { id: deactivating.id, active: false },
            {
              onSuccess: () => toast.success(`${deactivating.name} has been deactivated.`),
              onError: (error) => toast.error(reasonOf(error)),
              onSettled: modals.close,
            },
          )
        }
      />
      <ConfirmDialog
        open={modals.ofKind('reset') !== undefined}
        onOpenChange={(next) => !next && !reset.isPending && modals.close()}
        title="Send password reset"
        message={
          resetting
            ? `Send a password reset email to ${resetting.name} (${resetting.email})? The link in it lets them choose a new password.`
            : ''
        }
        confirmLabel="Send Email"
        busy={reset.isPending}
        busyLabel="Sending..."
        onConfirm={() =>
          resetting &&
          reset.mutate(resetting.id, {
            onSuccess: (answer) => toast.success(answer?.message || USER_MESSAGES.resetSent),
            onError: (error) => toast.error(reasonOf(error)),
            onSettled: modals.close,
          })
        }
      />
    </>
  );

  return {
    actions,
    dialogs,
    /** Another dialog is open: User Details steps aside until it closes. */
    busy: modals.modal !== null,
    openInvite: () => modals.open({ kind: 'invite' }),
    openRoles: () => modals.open({ kind: 'roles' }),
  };
}
