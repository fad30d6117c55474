import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Backup, BackupList } from '../../../contracts/backups';
import type { SettingsResponse } from '../../../contracts/settings';
import { DEFAULT_SETTINGS, type SystemSettings } from '../../../domain/settings';
import { Toaster } from '../../components/ui';
import { renderWithClient } from '../../testing/api-stub';
import { SettingsPage } from './settings-page';

/** Test helpers of this feature's component tests (not shipped: only the tests import it). */

export function settingsAt(
  version: number,
  settings: SystemSettings = DEFAULT_SETTINGS,
  smsAvailable = false,
): SettingsResponse {
  return {
    version,
    settings: structuredClone(settings),
    updated_at: '2026-03-01T08:00:00.000Z',
    updated_by_name: 'Grace Mwale',
    sms_available: smsAvailable,
  };
}

export function makeBackup(overrides: Partial<Backup> = {}): Backup {
  return {
    id: 'b-1',
    file_name: 'backup-2026-03-02.json.gz',
    size_bytes: 2_621_440,
    kind: 'manual',
    created_at: '2026-03-02T10:15:00.000Z',
    created_by_name: 'Grace Mwale',
    ...overrides,
  };
}

export const backupsOf = (items: Backup[]): BackupList => ({
  items,
  last_backup_at: items[0]?.created_at ?? null,
});

/** Where the page has put the address, so a test can see the tab kept there. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

export function showSettings(path = '/settings', beside?: ReactNode) {
  return renderWithClient(
    <>
      <SettingsPage />
      {beside}
      <Address />
      <Toaster />
    </>,
    path,
  );
}

export { json, stubApi } from '../../testing/api-stub';
