import { type ReactNode, useId, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type { SettingsResponse } from '../../../contracts/settings';
import { SETTINGS_MESSAGES } from '../../../domain/settings';
import { Alert, Button, ConfirmDialog, PageHeader, Tabs } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useLeaveGuard } from '../../lib/unsaved-work';
import { AppearanceTab } from './appearance-tab';
import { BackupTab } from './backup-tab';
import { GeneralTab } from './general-tab';
import { NotificationsTab } from './notifications-tab';
import { SecurityTab } from './security-tab';
import { flattenErrors, SETTINGS_TABS, type SettingsTab, TAB_LABELS, tabOf } from './settings-errors';
import { useSettingsEditor } from './use-settings-editor';

export const SETTINGS_TITLE = 'System Settings';
export const SETTINGS_SUBTITLE = 'Configure system preferences and security';

function TabLabel({ tab, problem }: { tab: SettingsTab; problem: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {TAB_LABELS[tab]}
      {problem && (
        <>
          <span aria-hidden="true" className="size-2 rounded-full bg-red-600" />
          <span className="sr-only"> (needs correcting)</span>
        </>
      )}
    </span>
  );
}

/** The loaded settings: header actions, the five tabs, and what a save or reset answered. */
export function SettingsEditor({
  loaded,
  refetch,
  tab,
  showTab,
}: {
  loaded: SettingsResponse;
  refetch: () => Promise<SettingsResponse | undefined>;
  tab: SettingsTab;
  showTab: (tab: SettingsTab) => void;
}) {
  const formId = useId();
  const editor = useSettingsEditor({ loaded, refetch, tab, showTab });
  const { form, base, dirty } = editor;
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [reloading, setReloading] = useState(false);
  useLeaveGuard(dirty);

  const problemTabs = new Set(flattenErrors(form.formState.errors).map(([path]) => tabOf(path)));
  const content: Record<SettingsTab, ReactNode> = {
    general: <GeneralTab />,
    security: <SecurityTab savedPolicy={base.settings.security.passwordPolicy} />,
    notifications: <NotificationsTab smsAvailable={loaded.sms_available} />,
    appearance: <AppearanceTab />,
    backup: <BackupTab />,
  };

  const reload = async () => {
    setReloading(true);
    try {
      await editor.reload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormProvider {...form}>
      <PageHeader
        title={SETTINGS_TITLE}
        description={SETTINGS_SUBTITLE}
        actions={
          <>
            <p aria-live="polite" className="text-sm font-medium text-amber-700">
              {dirty ? 'Unsaved changes' : ''}
            </p>
            <Button variant="secondary" onClick={() => setConfirmingReset(true)} disabled={editor.saving}>
              Reset to Defaults
            </Button>
            <Button
              type="submit"
              form={formId}
              disabled={!dirty || editor.resetting}
              loading={editor.saving}
              loadingText="Saving..."
            >
              Save Changes
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        {editor.stale && (
          <Alert tone="error" title="The settings have changed">
            <p>{SETTINGS_MESSAGES.stale}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={reload} loading={reloading}>
              Reload
            </Button>
          </Alert>
        )}
        {editor.failure && (
          <Alert tone="error" title="The settings were not saved">
            {editor.failure}
          </Alert>
        )}
        <p className="text-xs text-slate-500">
          {base.updated_at
            ? `Last saved ${formatDateTime(base.updated_at)}${base.updated_by_name ? ` by ${base.updated_by_name}` : ''}.`
            : 'These are the defaults: nobody has saved the settings yet.'}
        </p>
        <form id={formId} noValidate onSubmit={editor.submit}>
          <Tabs
            label="Settings sections"
            value={tab}
            onValueChange={showTab}
            tabs={SETTINGS_TABS.map((value) => ({
              value,
              label: <TabLabel tab={value} problem={problemTabs.has(value)} />,
              content: content[value],
            }))}
          />
        </form>
      </div>
      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        title="Reset to Defaults?"
        message="Every setting on every tab (General, Security, Notifications, Appearance and Backup & Data) goes back to its default, for everyone, at once. Changes you have not saved are discarded too."
        confirmLabel="Reset to Defaults"
        variant="danger"
        busy={editor.resetting}
        busyLabel="Resetting..."
        onConfirm={() => editor.restoreDefaults(() => setConfirmingReset(false))}
      />
    </FormProvider>
  );
}
