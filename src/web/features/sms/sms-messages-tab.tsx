import { useState } from 'react';
import { SMS_KIND_LABELS } from '../../../contracts/sms';
import { Button, Spinner } from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { type SmsRecipient, useSmsMessages } from './sms.queries';
import { SmsStatusBadge } from './sms-status-badge';

/** The text messages sent to a person, newest first: a tab of their record. */
export function SmsMessagesTab({ of }: { of: SmsRecipient }) {
  const [page, setPage] = useState(1);
  const messages = useSmsMessages(of, page);
  if (messages.isPending) return <Spinner />;
  if (messages.isError)
    return (
      <p className="text-sm text-red-700">
        {errorMessage(messages.error, {
          failed: 'The server could not answer. Please try again.',
          network: NETWORK_MESSAGE,
        })}
      </p>
    );
  const { items, total, pageSize } = messages.data;
  if (items.length === 0) return <p className="text-sm text-slate-600">No text messages sent.</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100" aria-label="Text messages">
        {items.map((m) => (
          <li key={m.id} className="py-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium text-slate-900">{SMS_KIND_LABELS[m.kind]}</span>
              <SmsStatusBadge status={m.status} />
              <span className="text-slate-500">{formatDateTime(m.created_at)}</span>
              {m.to_number && <span className="text-slate-500">{m.to_number}</span>}
              {m.cost && <span className="text-slate-500">{m.cost}</span>}
            </div>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{m.body}</p>
            {m.failure_reason && <p className="mt-1 text-sm text-red-700">{m.failure_reason}</p>}
          </li>
        ))}
      </ul>
      {total > pageSize && (
        <div className="flex gap-2">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={page * pageSize >= total} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
