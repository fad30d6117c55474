import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ListError } from '../../components/list';
import { Card, CardBody, PageHeader, Skeleton } from '../../components/ui';
import { reasonOf, useSettings } from './settings.queries';
import { SETTINGS_SUBTITLE, SETTINGS_TITLE, SettingsEditor } from './settings-editor';
import { SETTINGS_TABS, type SettingsTab } from './settings-errors';

const asTab = (value: string | null): SettingsTab => SETTINGS_TABS.find((tab) => tab === value) ?? 'general';

function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading settings" className="space-y-4">
      <div className="flex gap-2 border-b border-slate-200 pb-2">
        {SETTINGS_TABS.map((tab) => (
          <Skeleton key={tab} className="h-8 w-24" />
        ))}
      </div>
      <Card>
        <CardBody className="grid gap-5 md:grid-cols-2">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <div key={row} className="space-y-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </CardBody>
      </Card>
    </div>
  );
}

/**
 * /settings (docs/product.md §2 System Settings, D13), admins only: the settings document, edited
 * whole and saved with its version, and Backup & Data. The open tab is kept in the address
 * (?tab=security), so a reload or a shared link opens it.
 */
export function SettingsPage() {
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const tab = asTab(params.get('tab'));
  const showTab = useCallback(
    (next: SettingsTab) =>
      setParams(
        (prev) => {
          const changed = new URLSearchParams(prev);
          if (next === 'general') changed.delete('tab');
          else changed.set('tab', next);
          return changed;
        },
        { replace: true },
      ),
    [setParams],
  );
  const { refetch } = settings;
  const reread = useCallback(async () => {
    const result = await refetch();
    return result.isSuccess ? result.data : undefined;
  }, [refetch]);

  if (settings.data)
    return <SettingsEditor loaded={settings.data} refetch={reread} tab={tab} showTab={showTab} />;

  return (
    <>
      <PageHeader title={SETTINGS_TITLE} description={SETTINGS_SUBTITLE} />
      {settings.isError ? (
        <Card>
          <ListError
            title="Could not load the settings"
            message={reasonOf(settings.error)}
            onRetry={() => void refetch()}
            retrying={settings.isFetching}
          />
        </Card>
      ) : (
        <SettingsSkeleton />
      )}
    </>
  );
}
