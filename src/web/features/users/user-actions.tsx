import { KeyRound, Pencil, Power, PowerOff, UserCog } from 'lucide-react';
import type { DirectoryUser } from '../../../contracts/users';
import { Button } from '../../components/ui';

/** What can be done to an account from its card or its details, and who may. */
export interface UserActions {
  onView: (user: DirectoryUser) => void;
  onChangeRole: (user: DirectoryUser) => void;
  /** Deactivate asks first; activate goes at once. */
  onToggleActive: (user: DirectoryUser) => void;
  onEdit: (user: DirectoryUser) => void;
  onPasswordReset: (user: DirectoryUser) => void;
  /** Admins change accounts; deputy managers only read (the server refuses them anyway). */
  canManage: boolean;
  /** The signed-in account: its own role and activation are not offered (the server refuses with 409). */
  selfId: string;
  /** The account whose activation is being changed right now. */
  togglingId: string | null;
}

interface ActionItem {
  key: string;
  label: string;
  /** Said to screen readers and shown on hover on the card's icon buttons. */
  name: string;
  icon: typeof Pencil;
  run: () => void;
  danger?: boolean;
  busy?: boolean;
}

/** The admin's actions on one account, leaving out those the rules refuse on the admin's own. */
function actionItems(user: DirectoryUser, actions: UserActions): ActionItem[] {
  if (!actions.canManage) return [];
  const self = user.id === actions.selfId;
  const items: ActionItem[] = [];
  if (!self)
    items.push({
      key: 'role',
      label: 'Change Role',
      name: `Change role of ${user.name}`,
      icon: UserCog,
      run: () => actions.onChangeRole(user),
    });
  if (!self)
    items.push({
      key: 'active',
      label: user.is_active ? 'Deactivate' : 'Activate',
      name: `${user.is_active ? 'Deactivate' : 'Activate'} ${user.name}`,
      icon: user.is_active ? PowerOff : Power,
      run: () => actions.onToggleActive(user),
      danger: user.is_active,
      busy: actions.togglingId === user.id,
    });
  items.push(
    {
      key: 'edit',
      label: 'Edit',
      name: `Edit ${user.name}`,
      icon: Pencil,
      run: () => actions.onEdit(user),
    },
    {
      key: 'reset',
      label: 'Send Password Reset',
      name: `Send password reset to ${user.name}`,
      icon: KeyRound,
      run: () => actions.onPasswordReset(user),
    },
  );
  return items;
}

/** The card's icon buttons, each named for screen readers and titled for the mouse. */
export function AdminIconActions({ user, actions }: { user: DirectoryUser; actions: UserActions }) {
  return (
    <>
      {actionItems(user, actions).map(({ key, name, icon: Icon, run, danger, busy }) => (
        <Button
          key={key}
          size="sm"
          variant="ghost"
          aria-label={name}
          title={name}
          loading={busy}
          onClick={run}
          className="px-2"
        >
          {!busy && <Icon aria-hidden="true" className={danger ? 'size-4 text-red-700' : 'size-4'} />}
        </Button>
      ))}
    </>
  );
}

/** The same actions with their words, at the foot of the details dialog. */
export function AdminButtonActions({ user, actions }: { user: DirectoryUser; actions: UserActions }) {
  const items = actionItems(user, actions);
  if (items.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {items.map(({ key, label, icon: Icon, run, danger, busy }) => (
        <Button key={key} variant={danger ? 'danger' : 'secondary'} loading={busy} onClick={run} size="sm">
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ))}
    </div>
  );
}
