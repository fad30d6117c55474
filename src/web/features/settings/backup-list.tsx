import { Archive, Download, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Backup } from '../../../contracts/backups';
import {
  Badge,
  Button,
  buttonClasses,
  DeleteConfirmDialog,
  EmptyState,
  Skeleton,
  toast,
} from '../../components/ui';
import { failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { backupDownloadPath, useDeleteBackup } from './settings.queries';

/** 2048 -> '2.0 KB', 3_500_000 -> '3.3 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const madeBy = (backup: Backup) => backup.created_by_name ?? 'Automatic';

export function BackupListSkeleton() {
  return (
    <div className="space-y-2" role="status" aria-label="Loading backups">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** The backups, newest first, each downloadable, restorable and deletable. */
export function BackupList({ items, onRestore }: { items: Backup[]; onRestore: (backup: Backup) => void }) {
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const remove = useDeleteBackup();

  if (items.length === 0)
    return (
      <EmptyState
        icon={Archive}
        title="No backups yet"
        description="Create Backup Now makes the first one; automatic backups add theirs here too."
      />
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Backup deleted.');
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(failureWithReason(error, 'Failed to delete backup', NETWORK_MESSAGE));
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <ul aria-label="Backups" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {items.map((backup) => {
          const when = formatDateTime(backup.created_at);
          return (
            <li
              key={backup.id}
              aria-label={`Backup of ${when}`}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {when}
                  <Badge tone={backup.kind === 'automatic' ? 'neutral' : 'info'}>
                    {backup.kind === 'automatic' ? 'Automatic' : 'Manual'}
                  </Badge>
                </p>
                <p className="text-slate-500">
                  {formatSize(backup.size_bytes)} · Made by {madeBy(backup)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={backupDownloadPath(backup.id)}
                  download
                  aria-label={`Download backup of ${when}`}
                  className={buttonClasses('secondary', 'sm')}
                >
                  <Download aria-hidden="true" className="size-4" />
                  Download
                </a>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Restore backup of ${when}`}
                  onClick={() => onRestore(backup)}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  Restore
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete backup of ${when}`}
                  onClick={() => setDeleting(backup)}
                >
                  <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <DeleteConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete this backup?"
        message={`The backup of ${deleting ? formatDateTime(deleting.created_at) : ''} is deleted from the backup folder and this list. This cannot be undone.`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
