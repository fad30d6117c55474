import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type {
  MetricKey,
  MetricPeriod,
  MetricRecord,
  MetricRecordsResponse,
} from '../../../contracts/dashboard';
import { APPROVAL_STAGE_LABELS, type ApprovalStage } from '../../../domain/allowance-stages';
import { ISSUE_STATUS_LABELS, type IssueStatus } from '../../../domain/case-work';
import { FORM_STATUS_LABELS, FORM_TYPE_LABELS, type FormStatus, type FormType } from '../../../domain/forms';
import { PROGRAM_STATUS_LABELS, type ProgramStatus } from '../../../domain/students';
import {
  Badge,
  type BadgeTone,
  buttonClasses,
  Dialog,
  Skeleton,
  Table,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from '../../components/ui';
import { formatDate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import {
  areaListUrl,
  countedText,
  formatRate,
  METRIC_AREAS,
  METRIC_DEFINITIONS,
  METRIC_LABELS,
  periodLabel,
  recordUrl,
} from './metric-format';
import { MetricsFailure } from './metrics-failure';

/** What each outcome is called for each metric. */
const OUTCOME_WORDS: Record<MetricKey, Record<MetricRecord['outcome'], string>> = {
  student_retention: { met: 'Retained', missed: 'Discharged', pending: 'Not counted yet' },
  allowance_on_time: { met: 'On time', missed: 'Late', pending: 'Not counted yet' },
  issue_resolution: { met: 'Within 30 days', missed: 'Not within 30 days', pending: 'Not counted yet' },
  form_completion: { met: 'Completed', missed: 'Not completed', pending: 'Not counted yet' },
};
const OUTCOME_TONES: Record<MetricRecord['outcome'], BadgeTone> = {
  met: 'success',
  missed: 'danger',
  pending: 'neutral',
};

const day = (iso: string | null) => (iso ? formatDate(iso) : '—');

/** A record's status in its area's words. */
function statusLabel(key: MetricKey, status: string): string {
  if (key === 'student_retention') return PROGRAM_STATUS_LABELS[status as ProgramStatus] ?? status;
  if (key === 'allowance_on_time') return APPROVAL_STAGE_LABELS[status as ApprovalStage] ?? status;
  if (key === 'issue_resolution') return ISSUE_STATUS_LABELS[status as IssueStatus] ?? status;
  return FORM_STATUS_LABELS[status as FormStatus] ?? status;
}

/** The columns of each metric's table after the first (the record, a link to it) and before the outcome. */
function columnsOf(key: MetricKey, period: MetricPeriod): Array<[string, (r: MetricRecord) => string]> {
  const student: [string, (r: MetricRecord) => string] = ['Student', (r) => r.student_name ?? '—'];
  switch (key) {
    case 'student_retention':
      return [
        ['Started', (r) => day(r.started)],
        ['Status on 1 January', (r) => statusLabel(key, r.earlier_status ?? '')],
        [period === 'current' ? 'Status now' : 'Status at the year’s end', (r) => statusLabel(key, r.status)],
      ];
    case 'allowance_on_time':
      return [
        student,
        ['Submitted', (r) => day(r.started)],
        ['Stage', (r) => statusLabel(key, r.status)],
        ['Paid on', (r) => day(r.ended)],
      ];
    case 'issue_resolution':
      return [
        student,
        ['Reported', (r) => day(r.started)],
        ['Status', (r) => statusLabel(key, r.status)],
        ['Resolved', (r) => day(r.ended)],
      ];
    case 'form_completion':
      return [
        student,
        ['Date', (r) => day(r.started)],
        ['Status', (r) => statusLabel(key, r.status)],
        ['Completed', (r) => day(r.ended)],
      ];
  }
}

const FIRST_COLUMN: Record<MetricKey, string> = {
  student_retention: 'Student',
  allowance_on_time: 'Period',
  issue_resolution: 'Issue',
  form_completion: 'Form',
};

const titleOf = (key: MetricKey, r: MetricRecord) =>
  key === 'form_completion' ? (FORM_TYPE_LABELS[r.title as FormType] ?? r.title) : r.title;

/**
 * The list a metric's figure opens: every record it counts in the period (those that missed
 * first), each a link to the record in its own list, and the area's list itself.
 */
export function MetricRecordsDialog({
  metricKey: key,
  period,
  onPeriod,
  onClose,
}: {
  metricKey: MetricKey;
  period: MetricPeriod;
  onPeriod: (period: MetricPeriod) => void;
  onClose: () => void;
}) {
  const query = useQuery({
    queryKey: [...queryKeys.dashboard, 'metrics', key, period],
    ...queryOf<MetricRecordsResponse>(`/api/dashboard/metrics/${key}?period=${period}`),
  });
  const data = query.data;
  const columns = columnsOf(key, period);
  const area = METRIC_AREAS[key];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={`${METRIC_LABELS[key]}: the records it counts`}
      description={METRIC_DEFINITIONS[key]}
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <fieldset className="inline-flex rounded-lg border border-slate-200 p-0.5">
            <legend className="sr-only">Period</legend>
            {(['current', 'previous'] as const).map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === period}
                onClick={() => onPeriod(p)}
                className={
                  p === period
                    ? 'rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground'
                    : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100'
                }
              >
                {p === 'current' ? 'This period' : 'The period before'}
              </button>
            ))}
          </fieldset>
          {data && (
            <Link to={areaListUrl(key, data.figure)} className={buttonClasses('secondary', 'sm')}>
              Open {area.name}
              <ExternalLink aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>

        {query.isError ? (
          <MetricsFailure title="Couldn't load the records" query={query} />
        ) : !data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              <span className="font-semibold text-slate-900">{formatRate(data.figure)}</span> ·{' '}
              {countedText(key, data.figure)} · {periodLabel(key, period, data.figure, formatDate)}
              {data.figure.due_date ? ` · payment day ${formatDate(data.figure.due_date)}` : ''}
              {data.figure.pending > 0 ? ` · ${data.figure.pending} not counted yet` : ''}
            </p>
            {data.items.length === 0 ? (
              <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
                No records in this period yet.
              </p>
            ) : (
              <Table aria-label={`Records counted by ${METRIC_LABELS[key]}`}>
                <THead>
                  <TR>
                    <TH>{FIRST_COLUMN[key]}</TH>
                    {columns.map(([heading]) => (
                      <TH key={heading}>{heading}</TH>
                    ))}
                    <TH>Counted as</TH>
                  </TR>
                </THead>
                <TBody>
                  {data.items.map((r) => (
                    <TR key={r.id}>
                      <TD>
                        <Link to={recordUrl(key, r.id)} className="font-medium text-primary hover:underline">
                          {titleOf(key, r)}
                        </Link>
                      </TD>
                      {columns.map(([heading, value]) => (
                        <TD key={heading}>{value(r)}</TD>
                      ))}
                      <TD>
                        <Badge tone={OUTCOME_TONES[r.outcome]}>{OUTCOME_WORDS[key][r.outcome]}</Badge>
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            {data.total > data.items.length && (
              <p className="text-xs text-slate-500">
                Showing the first {data.items.length} of {data.total}, those not met first.
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
