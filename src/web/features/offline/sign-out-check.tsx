import { type ReactNode, useState } from 'react';
import { downloadTextFile } from '../../components/forms';
import { Alert, Button, Dialog, toast } from '../../components/ui';
import { exportUnsyncedWork } from '../../lib/offline/export-work';
import { OFFLINE_MESSAGES as M } from '../../lib/offline/messages';
import { useCurrentUser } from '../../lib/session';
import { useOfflineWork } from './offline-provider';

const pending = (waiting: number, drafts: number) =>
  [
    waiting > 0 && `${waiting} saved ${waiting === 1 ? 'form' : 'forms'} not sent yet`,
    drafts > 0 && `${drafts} ${drafts === 1 ? 'draft' : 'drafts'} not saved`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * Signing out with work not yet synced asks first (issue 48 item 3): sync now, export it as a file,
 * or discard it. Work kept is the account's own, so signing out never shows it to the next one;
 * the question is whether the officer means to leave it on the phone unsent.
 */
export function useSignOutCheck(logout: () => Promise<void>): {
  signOut: () => Promise<void>;
  dialog: ReactNode;
} {
  const work = useOfflineWork();
  const user = useCurrentUser();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsynced = (work?.records.length ?? 0) + (work?.drafts.length ?? 0);

  const signOut = async () => {
    if (unsynced > 0) setAsking(true);
    else await logout();
  };

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const syncFirst = () =>
    act(async () => {
      await work?.syncNow();
      if (work && (await work.db.outbox.count()) + (await work.db.drafts.count()) === 0) await logout();
    });
  const exportFile = () =>
    act(async () => {
      if (!work) return;
      const day = new Date().toISOString().slice(0, 10);
      downloadTextFile(
        `unsynced-forms-${day}.json`,
        await exportUnsyncedWork(work.db, user),
        'application/json',
      );
      toast.success(M.exported);
    });
  const discard = () =>
    act(async () => {
      const { deleteOfflineDb } = await import('../../lib/offline/offline-db');
      await deleteOfflineDb(user.id);
      await logout();
    });

  const waiting = work?.records.length ?? 0;
  const drafts = work?.drafts.length ?? 0;
  const dialog = asking && (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && setAsking(false)}
      title={M.signOutTitle}
      description="Signing out leaves it on this phone, unsent, until you sign in here again."
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
            Stay signed in
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void discard()}>
            Discard and sign out
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void exportFile()}>
            Export as a file
          </Button>
          <Button loading={busy} loadingText={M.syncing} onClick={() => void syncFirst()}>
            {M.syncNow}
          </Button>
        </>
      }
    >
      <Alert tone="info" title={pending(waiting, drafts)}>
        Sync now sends the saved forms; a draft is sent once you save it.
      </Alert>
    </Dialog>
  );
  return { signOut, dialog };
}
