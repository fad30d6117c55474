import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  BACKUP_MESSAGES,
  type Backup,
  RESTORE_CONFIRMATION_WORD,
  type RestoreResult,
} from '../../../contracts/backups';
import { plural } from '../../../domain/plural';
import { Alert, Button, Dialog, Field, Input, Select, toast } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../../lib/session';
import type { UploadProgress } from '../../lib/upload';
import { formatSize, madeBy } from './backup-list';
import { type RestoreSource, reasonOf, restoreBackup } from './settings.queries';

/** The server refuses larger uploads (BACKUP_UPLOAD_LIMIT_BYTES); saying so first saves the wait. */
const UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

export const RESTORE_EXPLAINED =
  "Every record is replaced by the backup's, in one step: all or nothing. Everyone, you included, is signed out and signs in again.";

function fileProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.json.gz')) return BACKUP_MESSAGES.chooseFile;
  if (file.size > UPLOAD_LIMIT_BYTES) return BACKUP_MESSAGES.tooLarge;
  return null;
}

function progressText(progress: UploadProgress | null): string {
  if (progress?.phase === 'uploading') return `Uploading the file... ${progress.percent}%`;
  return 'Restoring... this may take a minute. Please keep this page open.';
}

/**
 * Restore from Backup: one from the list or an uploaded file, confirmed by typing RESTORE. After
 * it, every session has ended, this one too, so the app signs out here and shows the sign-in page.
 */
export function RestoreDialog({
  open,
  onOpenChange,
  backups,
  initialId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  backups: Backup[];
  /** The backup whose Restore button opened the dialog; '' from 'Restore from Backup'. */
  initialId: string;
}) {
  const ids = useId();
  const { logout } = useAuth();
  const [kind, setKind] = useState<RestoreSource['kind']>(backups.length > 0 ? 'list' : 'file');
  const [id, setId] = useState(initialId);
  const [file, setFile] = useState<File | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const restore = useMutation({
    mutationFn: (source: RestoreSource) => restoreBackup(source, confirmation.trim(), setProgress),
    onSuccess: (result: RestoreResult) => {
      toast.success(
        `Restored ${plural(result.tables, 'table')} (${plural(result.rows, 'record')}) from the backup of ${formatDateTime(result.backup_created_at)}. Everyone has been signed out: please sign in again.`,
      );
      // The server has already ended the session; this clears what the app still holds and
      // tells the other tabs, and the signed-out app shows the sign-in page.
      void logout();
    },
    onError: (error) => {
      setProgress(null);
      setFailure(reasonOf(error));
    },
  });

  const busy = restore.isPending;
  const problem = kind === 'file' && file !== null ? fileProblem(file) : null;
  const source: RestoreSource | null =
    kind === 'list' ? (id ? { kind, id } : null) : file && !problem ? { kind, file } : null;
  const confirmed = confirmation.trim() === RESTORE_CONFIRMATION_WORD;

  const submit = () => {
    if (!source || !confirmed || busy) return;
    setFailure(null);
    restore.mutate(source);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Restore from Backup"
      description={RESTORE_EXPLAINED}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            type="submit"
            form={`${ids}-form`}
            disabled={!source || !confirmed}
            loading={busy}
            loadingText="Restoring..."
          >
            Restore
          </Button>
        </>
      }
    >
      <form
        id={`${ids}-form`}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is portalled out of the settings form, but React still bubbles into it.
          event.stopPropagation();
          submit();
        }}
      >
        <fieldset className="space-y-2" disabled={busy}>
          <legend className="text-sm font-medium text-slate-900">Restore from</legend>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${ids}-kind`}
              checked={kind === 'list'}
              disabled={backups.length === 0}
              onChange={() => setKind('list')}
              className="accent-primary"
            />
            A backup in the list
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${ids}-kind`}
              checked={kind === 'file'}
              onChange={() => setKind('file')}
              className="accent-primary"
            />
            A backup file from this computer (.json.gz)
          </label>
        </fieldset>

        {kind === 'list' ? (
          <Field label="Backup" required>
            <Select value={id} disabled={busy} onChange={(event) => setId(event.target.value)}>
              <option value="">{BACKUP_MESSAGES.chooseBackup}...</option>
              {backups.map((backup) => (
                <option key={backup.id} value={backup.id}>
                  {`${formatDateTime(backup.created_at)}, ${formatSize(backup.size_bytes)}, ${madeBy(backup)}`}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <Field label="Backup file" required error={problem ?? undefined} hint="At most 200 MB.">
            <Input
              type="file"
              accept=".gz,application/gzip"
              disabled={busy}
              className="h-auto py-2"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </Field>
        )}

        <Field label={BACKUP_MESSAGES.confirm} required>
          <Input
            value={confirmation}
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </Field>

        {busy && (
          <p role="status" className="text-sm text-slate-600">
            {progressText(progress)}
          </p>
        )}
        {failure && (
          <Alert tone="error" title="The backup was not restored">
            {failure}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
