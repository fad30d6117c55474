import { Download, History } from 'lucide-react';
import type { AuditEntry } from '../../../contracts/audit';
import { auditFieldLabel } from '../../../domain/audit-labels';
import { type DataColumn, DataTable, QueryPager, tableStateOf } from '../../components/list';
import { Button, Card, DateInput, Field, PageHeader, Select } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { useOfficers } from '../students';
import { useAuditLog } from './activity-log.queries';
import {
  ACTION_OPTIONS,
  type ActivityLogParams,
  ActivityLogParamsSchema,
  AUDIT_PAGE_SIZE,
  auditQueryString,
  RECORD_KIND_OPTIONS,
} from './activity-log-view';

const loadFailure = (error: unknown) =>
  errorMessage(error, { failed: 'Please try again.', network: 'Check your connection and try again.' });

function changedFields(entry: AuditEntry): string {
  const fields = Object.keys(entry.changes);
  return fields.length === 0
    ? '—'
    : fields.map((field) => auditFieldLabel(entry.entity_type, field)).join(', ');
}

function columns(onRecord: (entry: AuditEntry) => void): Array<DataColumn<AuditEntry>> {
  return [
    {
      header: 'When',
      className: 'whitespace-nowrap',
      skeletonWidth: 'w-28',
      cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
    },
    { header: 'Who', className: 'font-medium text-slate-900', cell: (e) => e.actor_name },
    { header: 'What', cell: (e) => e.summary },
    { header: 'Fields changed', className: 'text-slate-600', cell: changedFields },
    {
      header: <span className="sr-only">Record</span>,
      cell: (e) =>
        e.entity_id && (
          <Button variant="ghost" size="sm" onClick={() => onRecord(e)}>
            This record's entries
          </Button>
        ),
    },
  ];
}

/**
 * /activity-log: the audit trail for admins (docs/product.md D15): every change and sign-in, newest
 * first, filtered by who, what, which record and when; the filters live in the URL, and Export CSV
 * downloads every entry they match.
 */
export function ActivityLogPage() {
  const { state: params, update } = useUrlListState(ActivityLogParamsSchema);
  const log = useAuditLog(auditQueryString(params, true));
  const officers = useOfficers(true);
  useKeepPageInRange(params.page, AUDIT_PAGE_SIZE, log.data, (page) => update({ page }));
  const filter = (change: Partial<ActivityLogParams>) => update({ ...change, page: 1 });
  const filtered = Object.entries(params).some(([key, value]) => key !== 'page' && value !== '');

  return (
    <div className="space-y-6">
      <PageHeader
        title="Activity Log"
        description="Every change to the programme's records and every sign-in: who, what and when."
        actions={
          <Button variant="secondary" asChild>
            <a href={`/api/audit/export.csv${auditQueryString(params, false)}`} download>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </Button>
        }
      />
      <Card>
        <fieldset className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">Filters</legend>
          <Field label="Who">
            <Select
              value={params.actor_id}
              onChange={(e) => filter({ actor_id: e.target.value })}
              options={[
                { value: '', label: 'Anyone' },
                ...(officers.data ?? []).map((o) => ({
                  value: o.id,
                  label: `${o.name} (${o.staff_id ?? o.role})`,
                })),
              ]}
            />
          </Field>
          <Field label="Record kind">
            <Select
              value={params.entity_type}
              onChange={(e) => filter({ entity_type: e.target.value as ActivityLogParams['entity_type'] })}
              options={RECORD_KIND_OPTIONS}
            />
          </Field>
          <Field label="Action">
            <Select
              value={params.action}
              onChange={(e) => filter({ action: e.target.value })}
              options={ACTION_OPTIONS}
            />
          </Field>
          <Field label="From">
            <DateInput value={params.from} onChange={(e) => filter({ from: e.target.value })} />
          </Field>
          <Field label="To">
            <DateInput value={params.to} onChange={(e) => filter({ to: e.target.value })} />
          </Field>
          <div className="flex items-end gap-2">
            {params.entity_id && (
              <p className="text-sm text-slate-700">
                One record only
                <span className="sr-only"> ({params.entity_id})</span>
              </p>
            )}
            {filtered && (
              <Button
                variant="secondary"
                onClick={() =>
                  update({
                    actor_id: '',
                    entity_type: '',
                    action: '',
                    entity_id: '',
                    from: '',
                    to: '',
                    page: 1,
                  })
                }
              >
                Clear filters
              </Button>
            )}
          </div>
        </fieldset>
        <DataTable
          {...tableStateOf(log, { title: 'The activity log could not be loaded.', message: loadFailure })}
          label="Activity Log"
          columns={columns((e) =>
            filter({
              entity_type: e.entity_type as ActivityLogParams['entity_type'],
              entity_id: e.entity_id ?? '',
            }),
          )}
          rowKey={(e) => e.id}
          card={(e) => (
            <div className="space-y-1 p-4">
              <p className="text-sm text-slate-900">{e.summary}</p>
              <p className="text-xs text-slate-600">
                {e.actor_name} · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </p>
            </div>
          )}
          emptyIcon={History}
          emptyTitle="Nothing has been recorded yet."
          emptyFilteredTitle="No entries match these filters."
          filtered={filtered}
        />
        <QueryPager query={log} onPage={(page) => update({ page })} />
      </Card>
    </div>
  );
}
