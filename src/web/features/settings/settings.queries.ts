import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backup, BackupList, RestoreResult } from '../../../contracts/backups';
import type { SettingsResponse } from '../../../contracts/settings';
import type { SystemSettings } from '../../../domain/settings';
import { ApiError, api, errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import { type UploadProgress, uploadFile } from '../../lib/upload';

/** The server's reason for a failure, or the product's words when it sent none. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK_MESSAGE });

/** Someone else saved since this document was read (409). */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings,
    ...queryOf<SettingsResponse>('/api/settings'),
  });
}

/**
 * Save and Reset answer the new document: it goes straight into the cache (so the form and the
 * cache agree on the version), and every page's names, appearance and password hint follow.
 */
function useSettingsWrite<TArgs>(call: (args: TArgs) => Promise<SettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicSettings });
    },
  });
}

export const useSaveSettings = () =>
  useSettingsWrite(({ version, settings }: { version: number; settings: SystemSettings }) =>
    api.put<SettingsResponse>('/api/settings', { version, settings }),
  );

export const useResetSettings = () =>
  useSettingsWrite((version: number) => api.post<SettingsResponse>('/api/settings/reset', { version }));

export const backupDownloadPath = (id: string) => `/api/backups/${encodeURIComponent(id)}/download`;

export function useBackups() {
  return useQuery({
    queryKey: queryKeys.backups,
    ...queryOf<BackupList>('/api/backups'),
  });
}

function useBackupChange<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backups }),
  });
}

/** Create Backup Now: answers once the file is complete, which may take a few seconds. */
export const useCreateBackup = () => useBackupChange(() => api.post<Backup>('/api/backups'));

export const useDeleteBackup = () =>
  useBackupChange((id: string) => api.delete<null>(`/api/backups/${encodeURIComponent(id)}`));

export type RestoreSource = { kind: 'list'; id: string } | { kind: 'file'; file: File };

/** Restore from the list (JSON) or from an uploaded file (multipart, with progress). */
export function restoreBackup(
  source: RestoreSource,
  confirmation: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<RestoreResult> {
  if (source.kind === 'list')
    return api.post<RestoreResult>('/api/backups/restore', { id: source.id, confirmation });
  return uploadFile<RestoreResult>('/api/backups/restore', source.file, onProgress, undefined, {
    confirmation,
  });
}
