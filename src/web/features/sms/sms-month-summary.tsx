import { SMS_STATUSES } from '../../../domain/sms';
import { Card, CardBody, CardHeader, Spinner } from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { useSmsMonthSummary } from './sms.queries';
import { SMS_STATUS_LABELS } from './sms-status-badge';

/** This month's text messages by status and what the gateway charged for them (System Settings). */
export function SmsMonthSummary() {
  const summary = useSmsMonthSummary();
  return (
    <Card className="mt-6">
      <CardHeader
        title="Text messages this month"
        description="By status, with the cost the gateway reported."
      />
      <CardBody>
        {summary.isPending ? (
          <Spinner />
        ) : summary.isError ? (
          <p className="text-sm text-red-700">
            {errorMessage(summary.error, {
              failed: 'The server could not answer. Please try again.',
              network: NETWORK_MESSAGE,
            })}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6" aria-label="Text messages this month">
            {SMS_STATUSES.map((status) => (
              <div key={status}>
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {SMS_STATUS_LABELS[status]}
                </dt>
                <dd className="text-lg font-semibold text-slate-900">{summary.data.by_status[status]}</dd>
              </div>
            ))}
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Total cost</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {summary.data.total_cost.length === 0
                  ? '0.00'
                  : summary.data.total_cost.map((c) => `${c.currency} ${c.amount}`).join(', ')}
              </dd>
            </div>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
