import { Banknote, Check, CircleCheck, CircleX, Clock, FileText, X } from 'lucide-react';
import type { AllowanceComment, AllowanceView } from '../../../contracts/allowances';
import type { User } from '../../../contracts/auth';
import type { CommentStage } from '../../../domain/allowance-stages';
import { allowedActions } from '../../../domain/allowances';
import { roleTitle } from '../../../domain/roles';
import { Alert, Button, Dialog, Skeleton } from '../../components/ui';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { DetailsTabs } from '../audit';
import { AMOUNT_LABELS } from './allowance-form';
import { ALLOWANCE_PROGRAM_LEVEL_LABELS, periodLabel } from './allowance-view';
import { useAllowanceDetail } from './allowances.queries';
import type { ActionTarget, DecisionRequest } from './decision-dialogs';
import { ALLOWANCE_UI } from './messages';
import { StageBadge } from './stage-badge';
import { allowanceTimeline, rejectionSummary, TIMELINE_TITLES, type TimelineStep } from './timeline';

const AMOUNT_ROWS = ['stipend', 'medical', 'transportation', 'school_supplies', 'accommodation'] as const;

const COMMENT_STAGE_TITLES: Record<CommentStage, string> = {
  dpm_review: TIMELINE_TITLES.dpm_review,
  flmi_review: TIMELINE_TITLES.flmi_review,
  pm_review: TIMELINE_TITLES.pm_review,
  payment: TIMELINE_TITLES.payment,
};

const ACTION_LABELS: Record<AllowanceComment['action'], string> = {
  submission: 'Submitted',
  approved: 'Approved',
  denied: 'Denied',
  paid: 'Paid',
};

/**
 * Allowance Details (docs/product.md §2): amounts, who submitted and when, the approval timeline, the comment
 * trail, and the decisions this user may take now.
 */
export function AllowanceDetailsDialog({
  id,
  user,
  onClose,
  onDecide,
  onPay,
  focusOnClose,
}: {
  id: string | null;
  user: User;
  onClose: () => void;
  onDecide: (request: DecisionRequest) => void;
  onPay: (allowance: ActionTarget) => void;
  /** Where focus goes on closing when what opened it is gone (or it opened from a link). */
  focusOnClose?: () => HTMLElement | null;
}) {
  const detail = useAllowanceDetail(id);
  const allowance = detail.data;
  const actions = allowance ? allowedActions(allowance, user) : [];

  return (
    <Dialog
      open={Boolean(id)}
      onOpenChange={(open) => !open && onClose()}
      title="Allowance Details"
      description={allowance ? `${allowance.student_name} · ${periodLabel(allowance)}` : undefined}
      size="xl"
      focusOnClose={focusOnClose}
      footer={
        <>
          {allowance && actions.includes('deny') && (
            <Button variant="danger" onClick={() => onDecide({ allowance, decision: 'deny' })}>
              <X aria-hidden="true" className="size-4" />
              Deny
            </Button>
          )}
          {allowance && actions.includes('approve') && (
            <Button onClick={() => onDecide({ allowance, decision: 'approve' })}>
              <Check aria-hidden="true" className="size-4" />
              Approve
            </Button>
          )}
          {allowance && actions.includes('pay') && (
            <Button onClick={() => onPay(allowance)}>
              <Banknote aria-hidden="true" className="size-4" />
              Mark as Paid
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} data-allowance-details-close="">
            Close
          </Button>
        </>
      }
    >
      {detail.isError ? (
        <div className="space-y-3">
          <Alert tone="error" title="Couldn't load this allowance">
            {detail.error instanceof ApiError && detail.error.status === 404
              ? 'This allowance does not exist, or you may not see it.'
              : errorMessage(detail.error, {
                  failed: 'The server could not provide this allowance.',
                  network: ALLOWANCE_UI.network,
                })}
          </Alert>
          <Button variant="secondary" onClick={() => detail.refetch()} loading={detail.isFetching}>
            Retry
          </Button>
        </div>
      ) : !allowance ? (
        <DetailsSkeleton />
      ) : (
        <DetailsTabs record={{ kind: 'allowance', id: allowance.id }}>
          <DetailsBody allowance={allowance} />
        </DetailsTabs>
      )}
    </Dialog>
  );
}

function DetailsSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <span className="sr-only">Loading allowance...</span>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function DetailsBody({ allowance }: { allowance: AllowanceView }) {
  const rejection = rejectionSummary(allowance);
  return (
    <div className="space-y-6">
      {/* The server's reading of the two-stage rule for this user, delegations included. */}
      {allowance.decision_barred_reason && <Alert tone="info">{allowance.decision_barred_reason}</Alert>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <StageBadge stage={allowance.approval_stage} />
        <span className="text-sm text-slate-600">
          {ALLOWANCE_PROGRAM_LEVEL_LABELS[allowance.program_level]}
        </span>
        <span className="text-sm text-slate-600">
          Submitted by <span className="font-medium text-slate-900">{allowance.submitted_by}</span> on{' '}
          <time dateTime={allowance.submitted_date}>{formatDateTime(allowance.submitted_date)}</time>
        </span>
        <span className="text-sm text-slate-600">
          Payment channel:{' '}
          <span className="font-medium text-slate-900">
            {allowance.payment_channel?.label ?? 'No payment channel'}
          </span>
        </span>
      </div>

      {rejection && (
        <Alert tone="error" title={`Rejected at ${rejection.step}`}>
          <p>
            <span className="font-medium">Reason:</span> {rejection.reason}
          </p>
          <p>
            By {rejection.by ?? 'unknown'}
            {rejection.date && (
              <>
                {' '}
                on <time dateTime={rejection.date}>{formatDate(rejection.date)}</time>
              </>
            )}
          </p>
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="allowance-amounts">
          <h3 id="allowance-amounts" className="mb-2 text-sm font-semibold text-slate-900">
            Amounts
          </h3>
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {AMOUNT_ROWS.map((field) => (
              <div key={field} className="flex justify-between gap-4 px-3 py-2">
                <dt className="text-slate-600">{AMOUNT_LABELS[field]}</dt>
                <dd className="text-slate-900 tabular-nums">{formatMoney(allowance[field])}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 bg-slate-50 px-3 py-2 font-semibold">
              <dt className="text-slate-900">Total</dt>
              <dd className="text-slate-900 tabular-nums">{formatMoney(allowance.total)}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="allowance-timeline">
          <h3 id="allowance-timeline" className="mb-2 text-sm font-semibold text-slate-900">
            Approval timeline
          </h3>
          <ol aria-label="Approval timeline" className="space-y-0">
            {allowanceTimeline(allowance).map((step, index, all) => (
              <TimelineItem key={step.key} step={step} last={index === all.length - 1} />
            ))}
          </ol>
        </section>
      </div>

      <section aria-labelledby="allowance-comments">
        <h3 id="allowance-comments" className="mb-2 text-sm font-semibold text-slate-900">
          Comments
        </h3>
        {allowance.comments.length === 0 ? (
          <p className="text-sm text-slate-500">No comments yet.</p>
        ) : (
          <ol aria-label="Comments" className="space-y-2">
            {allowance.comments.map((c) => (
              <li key={c.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p>
                    <span className="font-medium text-slate-900">{c.user_name}</span>{' '}
                    <span className="text-slate-500">({roleTitle(c.user_role)})</span>
                    {c.on_behalf_of && <span className="text-slate-600"> on behalf of {c.on_behalf_of}</span>}
                    <span className="text-slate-500">
                      {' · '}
                      {ACTION_LABELS[c.action]}
                      {c.stage && ` · ${COMMENT_STAGE_TITLES[c.stage]}`}
                    </span>
                  </p>
                  <time dateTime={c.created_at} className="text-xs text-slate-500">
                    {formatDateTime(c.created_at)}
                  </time>
                </div>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{c.comment_text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

const STEP_ICONS = { complete: CircleCheck, rejected: CircleX, current: Clock } as const;
const STEP_COLOURS = {
  complete: 'bg-emerald-100 text-emerald-700',
  rejected: 'bg-red-100 text-red-700',
  current: 'bg-amber-100 text-amber-700',
} as const;
const STEP_STATUS_TEXT = { complete: 'Done', rejected: 'Rejected', current: 'Waiting' } as const;

function TimelineItem({ step, last }: { step: TimelineStep; last: boolean }) {
  const Icon =
    step.key === 'submitted'
      ? FileText
      : step.key === 'payment' && step.status === 'complete'
        ? Banknote
        : STEP_ICONS[step.status];
  return (
    <li className="relative flex gap-3 pb-4" aria-label={`${step.title}: ${STEP_STATUS_TEXT[step.status]}`}>
      {!last && <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px bg-slate-200" />}
      <span
        aria-hidden="true"
        className={cn(
          'relative flex size-8 shrink-0 items-center justify-center rounded-full',
          STEP_COLOURS[step.status],
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 pt-1 text-sm">
        <p className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium text-slate-900">{step.title}</span>
          {step.status === 'rejected' && (
            <span className="text-xs font-semibold text-red-700 uppercase">Rejected</span>
          )}
        </p>
        {step.waitingFor ? (
          <p className="text-slate-500">{step.waitingFor}</p>
        ) : (
          <p className="text-slate-600">
            {step.status === 'rejected'
              ? 'Denied'
              : step.key === 'submitted'
                ? 'Submitted'
                : step.key === 'payment'
                  ? 'Paid'
                  : 'Approved'}{' '}
            by <span className="font-medium text-slate-800">{step.actor ?? 'unknown'}</span>
            {step.onBehalfOf && (
              <>
                {' '}
                on behalf of <span className="font-medium text-slate-800">{step.onBehalfOf}</span>
              </>
            )}
            {step.date && (
              <>
                {' '}
                on <time dateTime={step.date}>{formatDate(step.date)}</time>
              </>
            )}
          </p>
        )}
        {step.comment && (
          <p className="mt-1 rounded-md bg-slate-50 px-2 py-1 whitespace-pre-wrap break-words text-slate-700">
            “{step.comment}”
          </p>
        )}
      </div>
    </li>
  );
}
