import { DatabaseBackup, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { Backup } from '../../../contracts/backups';
import { BACKUP_FREQUENCIES, SETTINGS_LIMITS, type SystemSettings } from '../../../domain/settings';
import { ListError } from '../../components/list';
import { Button, Card, CardBody, CardHeader, Field, Select, toast } from '../../components/ui';
import { failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { BackupList, BackupListSkeleton } from './backup-list';
import { RestoreDialog } from './restore-dialog';
import { reasonOf, useBackups, useCreateBackup } from './settings.queries';
import { SettingSwitch, useFieldError, WholeNumberField } from './settings-fields';

const FREQUENCY_LABELS: Record<(typeof BACKUP_FREQUENCIES)[number], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** The backup settings: saved with Save Changes like every other tab. */
function AutomaticBackups() {
  const { register } = useFormContext<SystemSettings>();
  const frequencyError = useFieldError('backup.backupFrequency');
  return (
    <Card>
      <CardHeader
        title="Automatic backups"
        description="These are saved with Save Changes; the backup buttons below act at once."
      />
      <CardBody className="space-y-4">
        <SettingSwitch
          name="backup.autoBackup"
          label="Automatic backups"
          description="The whole database is written to the backup folder at the chosen frequency."
        />
        <div className="grid gap-5 md:grid-cols-2">
          <Field label="Backup frequency" error={frequencyError}>
            <Select
              options={BACKUP_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
              {...register('backup.backupFrequency')}
            />
          </Field>
          <WholeNumberField
            name="backup.retentionDays"
            label="Keep backups (days)"
            limits={SETTINGS_LIMITS.retentionDays}
            hint="Older automatic backups are deleted."
            unit="days"
          />
        </div>
      </CardBody>
    </Card>
  );
}

/** Backup & Data: the settings, then the backups themselves (made, downloaded, restored at once). */
export function BackupTab() {
  const backups = useBackups();
  const create = useCreateBackup();
  // A new key each time it opens: the dialog starts afresh, chosen from where it was opened.
  const [restoring, setRestoring] = useState({ open: false, id: '', key: 0 });
  const openRestore = (backup?: Backup) =>
    setRestoring((was) => ({ open: true, id: backup?.id ?? '', key: was.key + 1 }));
  const items = backups.data?.items ?? [];
  const last = backups.data?.last_backup_at;

  const createNow = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success('Backup created.'),
      onError: (error) => toast.error(failureWithReason(error, 'Failed to create backup', NETWORK_MESSAGE)),
    });

  return (
    <div className="space-y-4">
      <AutomaticBackups />
      <Card>
        <CardHeader
          title="Backups"
          description={
            backups.data ? (last ? `Last backup: ${formatDateTime(last)}` : 'No backup yet') : undefined
          }
          actions={
            <>
              <Button variant="secondary" onClick={() => openRestore()} disabled={backups.isPending}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Restore from Backup
              </Button>
              <Button onClick={createNow} loading={create.isPending} loadingText="Creating backup...">
                <DatabaseBackup aria-hidden="true" className="size-4" />
                Create Backup Now
              </Button>
            </>
          }
        />
        <CardBody>
          {backups.isPending ? (
            <BackupListSkeleton />
          ) : backups.isError ? (
            <ListError
              title="Could not load the backups"
              message={reasonOf(backups.error)}
              onRetry={() => void backups.refetch()}
              retrying={backups.isFetching}
            />
          ) : (
            <BackupList items={items} onRestore={openRestore} />
          )}
        </CardBody>
      </Card>
      <RestoreDialog
        key={restoring.key}
        open={restoring.open}
        onOpenChange={(open) => setRestoring((was) => ({ ...was, open }))}
        backups={items}
        initialId={restoring.id}
      />
    </div>
  );
}
