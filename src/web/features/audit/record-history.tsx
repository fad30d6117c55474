import type { AuditEntry } from '../../../contracts/audit';
import { auditFieldLabel, auditValueText } from '../../../domain/audit-labels';
import { ListError } from '../../components/list';
import { Skeleton } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { type HistoryOf, useRecordHistory } from './audit.queries';

/** Each changed field under its label, its values in the screens' words, ids by name. */
function Changes({ entry, names }: { entry: AuditEntry; names: Record<string, string> }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return null;
  const shown = (field: string, value: AuditEntry['changes'][string]['before']) =>
    auditValueText(entry.entity_type, field, value, names);
  return (
    <dl className="mt-2 grid gap-1 text-xs">
      {fields.map(([field, { before, after }]) => (
        <div key={field} className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-slate-700">{auditFieldLabel(entry.entity_type, field)}:</dt>
          <dd className="break-words text-slate-600">
            <span className="line-through decoration-slate-400">{shown(field, before)}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            <span className="text-slate-900">{shown(field, after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A record's audit trail, oldest first: who did what, when, and each field before and after. */
export function RecordHistory({ record, active = true }: { record: HistoryOf; active?: boolean }) {
  const history = useRecordHistory(record, active);
  if (history.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">Loading history...</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (history.isError)
    return (
      <ListError
        title="The history could not be loaded."
        message={errorMessage(history.error, {
          failed: 'Please try again.',
          network: 'Check your connection and try again.',
        })}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  if (history.data.items.length === 0)
    return <p className="text-sm text-slate-600">No changes recorded yet.</p>;
  return (
    <ol className="space-y-3" aria-label="History">
      {history.data.items.map((entry) => (
        <li key={entry.id} className="rounded-md border border-slate-200 p-3">
          <p className="text-sm text-slate-900">{entry.summary}</p>
          <p className="text-xs text-slate-600">
            {entry.actor_name} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </p>
          <Changes entry={entry} names={history.data.names} />
        </li>
      ))}
    </ol>
  );
}
