import { useCallback, useEffect, useState } from 'react';
import { type FieldErrors, type Path, useForm } from 'react-hook-form';
import type { SettingsResponse } from '../../../contracts/settings';
import { SETTINGS_MESSAGES, type SystemSettings } from '../../../domain/settings';
import { toast } from '../../components/ui';
import { isStale, reasonOf, useResetSettings, useSaveSettings } from './settings.queries';
import {
  flattenErrors,
  type SettingsTab,
  serverFieldErrors,
  settingsResolver,
  tabOf,
} from './settings-errors';

/**
 * The whole document edited here and sent whole: Save with the version it was read at, Reset to
 * Defaults the same way. A 409 (someone saved meanwhile) keeps the edits and offers Reload; a 400
 * puts each message on its field and opens the first tab with one.
 */
export function useSettingsEditor({
  loaded,
  refetch,
  tab,
  showTab,
}: {
  /** The document as last read from the server. */
  loaded: SettingsResponse;
  refetch: () => Promise<SettingsResponse | undefined>;
  tab: SettingsTab;
  showTab: (tab: SettingsTab) => void;
}) {
  const [base, setBase] = useState(loaded);
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SystemSettings>({ defaultValues: loaded.settings, resolver: settingsResolver });
  const { reset, setError } = form;
  const dirty = form.formState.isDirty;
  const save = useSaveSettings();
  const resetToDefaults = useResetSettings();

  const adopt = useCallback(
    (response: SettingsResponse) => {
      setBase(response);
      reset(response.settings);
      setStale(false);
      setFailure(null);
    },
    [reset],
  );

  // Someone else's save read in the background is taken in only when nothing here would be lost.
  useEffect(() => {
    if (!dirty && loaded.version > base.version) adopt(loaded);
  }, [dirty, loaded, base.version, adopt]);

  /** Opens the first tab with a problem, unless the open one has one. */
  const showProblems = (paths: string[]) => {
    const tabs = paths.map(tabOf).filter((t): t is SettingsTab => t !== null);
    if (tabs.length > 0 && !tabs.includes(tab)) showTab(tabs[0]!);
  };

  const failed = (error: unknown) => {
    if (isStale(error)) {
      setStale(true);
      return;
    }
    const { fields, other } = serverFieldErrors(error);
    for (const [path, message] of fields) setError(path as Path<SystemSettings>, { type: 'server', message });
    showProblems(fields.map(([path]) => path));
    const unplaced = fields.length === 0 ? [reasonOf(error)] : other;
    setFailure(unplaced.length > 0 ? unplaced.join(' ') : null);
  };

  const submit = form.handleSubmit(
    async (values) => {
      if (!dirty) return;
      setFailure(null);
      try {
        adopt(await save.mutateAsync({ version: base.version, settings: values }));
        toast.success(SETTINGS_MESSAGES.saved);
      } catch (error) {
        failed(error);
      }
    },
    (errors: FieldErrors<SystemSettings>) => showProblems(flattenErrors(errors).map(([path]) => path)),
  );

  /** Reload after a 409: the newest document replaces the edits here. */
  const reload = async () => {
    const fresh = await refetch();
    if (fresh) adopt(fresh);
    else toast.error('Could not reload the settings. Check your connection and try again.');
  };

  const restoreDefaults = (onDone: () => void) =>
    resetToDefaults.mutate(base.version, {
      onSuccess: (response) => {
        adopt(response);
        toast.success(SETTINGS_MESSAGES.reset);
        onDone();
      },
      onError: (error) => {
        onDone();
        if (isStale(error)) setStale(true);
        else toast.error(`Failed to reset settings: ${reasonOf(error)}`);
      },
    });

  return {
    form,
    base,
    dirty,
    stale,
    failure,
    saving: save.isPending,
    resetting: resetToDefaults.isPending,
    submit,
    reload,
    restoreDefaults,
  };
}
